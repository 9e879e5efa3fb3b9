import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { useState } from 'react';
import { Link } from 'react-router';
import { appSession } from '../../../lib/app-session';
import { WalletIcon } from '../../../ui/icons';
import { MobileNumber } from '../../../ui/mobile-number';

interface AccountSummaryProps {
  mobileNumber: string;
  ordersCount: number;
  servicesCount: number;
}

export function AccountSummary({ mobileNumber, ordersCount, servicesCount }: AccountSummaryProps) {
  const [leaving, setLeaving] = useState(false);

  const logout = async () => {
    setLeaving(true);
    try {
      // Revokes, clears and reloads at '/'; the page goes away with it.
      await appSession.logout();
    } catch {
      setLeaving(false);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={2}>
          <Title order={1} size="h2">
            حساب کاربری
          </Title>
          <Text c="dimmed">
            شماره موبایل:{' '}
            {/* Left to right: the grouped digits would otherwise run last group first. */}
            <MobileNumber mobile={mobileNumber} />
          </Text>
        </Stack>
        <Group gap="sm">
          <Button
            component={Link}
            to="/account/credit"
            variant="light"
            leftSection={<WalletIcon size={18} />}
          >
            کیف پول و اعتبار
          </Button>
          <Button variant="default" color="red" onClick={logout} loading={leaving}>
            خروج از حساب
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={2} spacing="md" maw={480}>
        <Stat label="سفارش‌ها" value={ordersCount} />
        <Stat label="سرویس‌ها" value={servicesCount} />
      </SimpleGrid>
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={800} lh={1.4}>
        {toPersianDigits(value)}
      </Text>
    </Card>
  );
}
