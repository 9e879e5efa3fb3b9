import { Badge } from '@mantine/core';

/** Spec §4: the live socket is «متصل» or «قطع», as the last 10 s check found it. */
export function ConnectionBadge({ connected }: { connected: boolean }) {
  return (
    <Badge
      variant="dot"
      size="lg"
      color={connected ? 'teal' : 'red'}
      role="status"
      aria-label={connected ? 'اتصال زنده: متصل' : 'اتصال زنده: قطع'}
    >
      {connected ? 'متصل' : 'قطع'}
    </Badge>
  );
}
