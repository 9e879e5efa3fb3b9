import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MobileNumber } from '../../../ui/mobile-number';
import { customerFilePath } from '../utils/admin-sections';

/**
 * A row's customer in a console queue: their name (or mobile) as the link to their file, the
 * mobile under a name.
 */
export function CustomerCell({
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
