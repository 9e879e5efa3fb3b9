import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { ORDERS_PATH, SERVICES_PATH } from '../../../lib/panel-paths';
import { MobileNumber } from '../../../ui/mobile-number';
import { LogoutButton } from './logout-button';

interface AccountSummaryProps {
  mobileNumber: string;
  ordersCount: number;
  servicesCount: number;
}

export function AccountSummary({ mobileNumber, ordersCount, servicesCount }: AccountSummaryProps) {
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
        {/* From md up the panel's side column has the same button. */}
        <LogoutButton hiddenFrom="md" />
      </Group>
      <SimpleGrid cols={2} spacing="md" maw={480}>
        <Stat label="سفارش‌ها" value={ordersCount} to={ORDERS_PATH} />
        <Stat label="سرویس‌ها" value={servicesCount} to={SERVICES_PATH} />
      </SimpleGrid>
    </Stack>
  );
}

function Stat({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <Card
      padding="md"
      radius="md"
      component={Link}
      to={to}
      aria-label={`${label}: ${toPersianDigits(value)}`}
    >
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={800} lh={1.4}>
        {toPersianDigits(value)}
      </Text>
    </Card>
  );
}
