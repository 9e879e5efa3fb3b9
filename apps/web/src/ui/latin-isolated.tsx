import { Fragment } from 'react';
import { latinRuns } from '../lib/latin-runs';

/**
 * A Persian text whose Latin runs (a domain in a service's name) read left to right in place.
 * Each run wraps as one block: to the next line whole, and inside itself only when longer than
 * a line, so a domain is never split at a hyphen with its halves read in the wrong order.
 */
export function LatinIsolated({ text }: { text: string }) {
  return (
    <>
      {latinRuns(text).map((part) =>
        part.latin ? (
          <bdi
            key={part.start}
            dir="ltr"
            style={{ display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere' }}
          >
            {part.text}
          </bdi>
        ) : (
          <Fragment key={part.start}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
