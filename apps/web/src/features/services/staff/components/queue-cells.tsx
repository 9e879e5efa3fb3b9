import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { serviceTimelinePath } from '../utils/provisioning-paths';
import { splitLatinNote } from '../utils/timeline-labels';

// The cell the section's queues share (the failed-setup queue, the delivery queue): a service as
// the link to its timeline. Its owner is the console's CustomerCell.

/**
 * The service's name as the link to its timeline; the domain a name ends with, «(example.ir)»,
 * on its own left-to-right line, where it cannot break the Persian line's order.
 */
export function QueueServiceName({ serviceId, name }: { serviceId: string; name: string }) {
  const { text, note } = splitLatinNote(name);
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Anchor
        component={Link}
        to={serviceTimelinePath(serviceId)}
        fw={700}
        size="sm"
        aria-label={name}
        style={{ overflowWrap: 'anywhere' }}
      >
        {text}
      </Anchor>
      {note && (
        <Text size="xs" c="dimmed" dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }}>
          {note}
        </Text>
      )}
    </Stack>
  );
}
