import { Alert, Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { pagePath } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { useStaffWork, waitingWorkCount } from '../api/staff-work';

interface WorkLine {
  key: string;
  count: number;
  text: string;
  to: string;
  urgent: boolean;
}

/**
 * The dashboard's «کارهای منتظر» (issue 35): each kind of work waiting for staff with its count
 * and a link to where it is done; read again every few seconds.
 */
export function StaffWorkCard({ staffId }: { staffId: string }) {
  const work = useStaffWork(staffId);
  const data = work.data;
  if (!data) {
    return work.isError ? null : <Skeleton height={140} radius="lg" />;
  }
  const lines: WorkLine[] = [
    {
      key: 'transfers',
      count: data.transferClaims,
      text:
        data.transferClaimsLate > 0
          ? `پرداخت کارت‌به‌کارت یا واریز منتظر بررسی (${toPersianDigits(data.transferClaimsLate)} بیش از یک ساعت)`
          : 'پرداخت کارت‌به‌کارت یا واریز منتظر بررسی',
      to: pagePath('adminTransfers'),
      urgent: data.transferClaimsLate > 0,
    },
    {
      // Setups handed over, deliveries past their time, domains: the one queue (issue 38).
      key: 'waiting',
      count: waitingWorkCount(data),
      text: 'کار منتظر کارشناس (راه‌اندازی، تحویل دیرشده، دامنه)',
      to: pagePath('adminWaitingWork'),
      urgent: true,
    },
    {
      key: 'delivery',
      count: data.awaitingDelivery,
      text:
        data.overdueDeliveries > 0
          ? `تحویل دستی (${toPersianDigits(data.overdueDeliveries)} دیرشده)`
          : 'تحویل دستی',
      to: pagePath('adminDeliveryQueue'),
      urgent: data.overdueDeliveries > 0,
    },
    {
      // Invoices and credit notes the tax system has not accepted a week after issue (issue 39).
      key: 'tax-system',
      count: data.taxDocumentsOverdue,
      text: 'سند پذیرفته‌نشده در سامانهٔ مودیان یک هفته پس از صدور',
      to: pagePath('adminTaxSystem'),
      urgent: true,
    },
  ];
  const waiting = lines.filter((line) => line.count > 0);
  return (
    <Card component="section" aria-labelledby="staff-work-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="staff-work-title">
          کارهای منتظر
        </Title>
        {data.serverGroupsDown.length > 0 && (
          <Alert color="red" variant="light" title="گروه سرور خاموش">
            <Text size="sm">
              همهٔ سرورهای گروه{' '}
              {data.serverGroupsDown.map((group, index) => (
                <span key={group}>
                  {index > 0 && '، '}«<bdi>{group}</bdi>»
                </span>
              ))}{' '}
              خاموش‌اند؛ سرویس‌های تازهٔ این گروه راه‌اندازی نمی‌شوند.{' '}
              <Anchor component={Link} to={pagePath('adminProvisioning')} size="sm">
                سرورها
              </Anchor>
            </Text>
          </Alert>
        )}
        {waiting.length === 0 && data.serverGroupsDown.length === 0 ? (
          <Text size="sm" c="teal.8">
            کاری منتظر شما نیست.
          </Text>
        ) : (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {waiting.map((line) => (
              <Group key={line.key} component="li" gap="sm" wrap="nowrap">
                <Text
                  fw={700}
                  size="lg"
                  c={line.urgent ? 'orange.8' : undefined}
                  miw="2.5rem"
                  ta="center"
                >
                  {toPersianDigits(line.count)}
                </Text>
                <Anchor component={Link} to={line.to} size="sm">
                  {line.text}
                </Anchor>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
