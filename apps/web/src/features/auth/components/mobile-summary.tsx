import { Button, Group, Text } from '@mantine/core';
import { PhoneIcon } from '../../../ui/icons';
import { MobileNumber } from '../../../ui/mobile-number';

interface MobileSummaryProps {
  mobile: string;
  onChangeMobile: () => void;
}

/** The number the later steps are about, and the way back to type another one. */
export function MobileSummary({ mobile, onChangeMobile }: MobileSummaryProps) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" bg="gray.0" px="sm" py={6} bdrs="md">
      <Group gap={8} wrap="nowrap">
        <PhoneIcon size={18} color="var(--mantine-color-gray-6)" />
        <Text fw={600} size="sm">
          <MobileNumber mobile={mobile} />
        </Text>
      </Group>
      <Button variant="subtle" size="compact-sm" onClick={onChangeMobile}>
        تغییر شماره
      </Button>
    </Group>
  );
}
