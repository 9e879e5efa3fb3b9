import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatJalaliDate } from '@vitrin/fa';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { ConfirmAction } from '../../../console/components/confirm-action';
import type { TaxRate } from '../api/tax-rates';
import { percentText } from '../utils/billing-text';

interface TaxRateListProps {
  rates: readonly TaxRate[];
  /** Admins: withdraws a rate not in force yet; left out for support. */
  withdraw?: (id: string) => Promise<unknown>;
}

function RateState({ rate }: { rate: TaxRate }) {
  if (rate.current) {
    return (
      <Badge variant="light" color="teal">
        در حال اجرا
      </Badge>
    );
  }
  if (rate.scheduled) {
    return (
      <Badge variant="light" color="blue">
        زمان‌بندی‌شده
      </Badge>
    );
  }
  return (
    <Badge variant="light" color="gray">
      پیشین
    </Badge>
  );
}

/** The rates, the latest start first: which is in force, which is still to come, and why. */
export function TaxRateList({ rates, withdraw }: TaxRateListProps) {
  return (
    <Card py="xs">
      <Stack gap={0} component="ul" m={0} p={0} aria-label="نرخ‌های مالیات بر ارزش افزوده">
        {rates.map((rate, index) => (
          <Stack
            key={rate.id}
            component="li"
            gap={4}
            py="sm"
            style={{
              listStyle: 'none',
              borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-2)',
            }}
          >
            <Group justify="space-between" align="center" gap="xs">
              <Group gap="sm" align="center">
                <Text fw={900} size="xl" c={rate.current ? 'teal.8' : undefined}>
                  {percentText(rate.ratePercent)}
                </Text>
                <RateState rate={rate} />
              </Group>
              {withdraw && rate.scheduled && (
                <ConfirmAction
                  label="پس گرفتن"
                  size="xs"
                  title={`پس گرفتن نرخ ${percentText(rate.ratePercent)}`}
                  description={`این نرخ قرار بود از ${formatJalaliDate(rate.effectiveFrom, { withTime: true })} اجرا شود و هنوز بر هیچ سفارشی ننشسته است. پس از پس گرفتن، از آن تاریخ همان نرخ پیش از آن می‌ماند.`}
                  confirmLabel="بله، پس گرفته شود"
                  successMessage="نرخ زمان‌بندی‌شده پس گرفته شد"
                  onConfirm={() => withdraw(rate.id)}
                />
              )}
            </Group>
            <Text size="sm">
              {'اجرا از '}
              <JalaliDateTime iso={rate.effectiveFrom} />
              <Text span size="sm" c="dimmed">
                {' به وقت تهران'}
              </Text>
            </Text>
            {rate.note && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {rate.note}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
