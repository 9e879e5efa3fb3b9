import { Text } from '@mantine/core';

const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

/** A TLD with its dot where its own script puts it: `.ir` left to right, `.ایران` right to left. */
export function TldText({ tld }: { tld: string }) {
  return <bdi dir={ARABIC_SCRIPT.test(tld) ? 'rtl' : 'ltr'}>{`.${tld}`}</bdi>;
}

/**
 * A TLD as plain text, for a title or a toast: a left-to-right mark keeps the dot before a Latin
 * TLD in a right-to-left line (`.ir`, not `ir.`).
 */
export function tldLabel(tld: string): string {
  return `${ARABIC_SCRIPT.test(tld) ? '' : '\u200E'}.${tld}`;
}

/** A TLD as a record's name, in bold. */
export function TldName({ tld, size = 'sm' }: { tld: string; size?: 'sm' | 'md' }) {
  return (
    <Text size={size} fw={700} span>
      <TldText tld={tld} />
    </Text>
  );
}
