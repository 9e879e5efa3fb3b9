import { Anchor, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LatinIsolated } from './latin-isolated';

/** One record in a list of cards: the list item itself, named for screen readers by `label`. */
export function ListCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper
      component="li"
      withBorder
      radius="lg"
      p="md"
      aria-label={label}
      style={{ listStyle: 'none' }}
    >
      {children}
    </Paper>
  );
}

/**
 * A record's name as the link to its page; a long name wraps anywhere rather than overflow, but
 * a domain in it («هاست (sara-blog.com)») moves to the next line whole, not split at a hyphen.
 */
export function NameLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} fw={700} c="dark.8" style={{ overflowWrap: 'anywhere' }}>
      {typeof children === 'string' ? <LatinIsolated text={children} /> : children}
    </Anchor>
  );
}
