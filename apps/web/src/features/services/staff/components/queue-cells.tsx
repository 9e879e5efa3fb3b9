import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MobileNumber } from '../../../../ui/mobile-number';
import { customerFilePath, serviceTimelinePath } from '../utils/provisioning-paths';
import { splitLatinNote } from '../utils/timeline-labels';

// The cells the section's queues share (the failed-setup queue, the delivery queue): a service
// as the link to its timeline, and its owner as the link to their file.

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

/** The owner: their name (or mobile) as the link to their file, the mobile under a name. */
export function QueueCustomer({
  customer,
}: {
  customer: { id: string; name: string | null; mobile: string };
}) {
  const mobile = <MobileNumber mobile={customer.mobile} />;
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={customerFilePath(customer.id)} size="sm">
        {customer.name ?? mobile}
      </Anchor>
      {customer.name && (
        <Text size="xs" c="dimmed">
          {mobile}
        </Text>
      )}
    </Stack>
  );
}
