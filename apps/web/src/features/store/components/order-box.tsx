import { Alert, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { BILLING_CYCLE_LABELS, type BillingCycle } from '@vitrin/contracts';
import { useState } from 'react';
import { CartIcon } from '../../../ui/icons';
import { tomanText } from '../utils/money';
import { CyclePicker, type ProductCycle } from './cycle-picker';

interface OrderBoxProps {
  productName: string;
  cycles: ProductCycle[];
  cycle: ProductCycle;
  onCycleChange: (cycle: BillingCycle) => void;
  setupFee: number;
  needsDomain: boolean;
  needsTheme: boolean;
}

/** The cycle to pay for, what it comes to, and the way to order. */
export function OrderBox({
  productName,
  cycles,
  cycle,
  onCycleChange,
  setupFee,
  needsDomain,
  needsTheme,
}: OrderBoxProps) {
  const [askedToOrder, setAskedToOrder] = useState(false);
  const total = cycle.price + setupFee;

  return (
    <Paper withBorder radius="lg" p="lg" shadow="sm" component="section" aria-label="سفارش">
      <Stack gap="md">
        <CyclePicker cycles={cycles} value={cycle.cycle} onChange={onCycleChange} />
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              هزینهٔ دورهٔ {BILLING_CYCLE_LABELS[cycle.cycle]}
            </Text>
            <Text size="sm">{tomanText(cycle.price)}</Text>
          </Group>
          {setupFee > 0 && (
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                هزینهٔ راه‌اندازی (یک‌بار)
              </Text>
              <Text size="sm">{tomanText(setupFee)}</Text>
            </Group>
          )}
          <Divider />
          <Group justify="space-between" gap="xs" align="baseline">
            <Text fw={700}>مبلغ قابل پرداخت</Text>
            <Text fw={900} size="xl" c="brand.8" data-testid="order-total">
              {tomanText(total)}
            </Text>
          </Group>
        </Stack>
        {(needsDomain || needsTheme) && (
          <Text size="xs" c="dimmed">
            {[
              needsDomain && 'دامنهٔ سایت را هنگام سفارش ثبت یا وصل می‌کنید.',
              needsTheme && 'قالب سایت را هنگام سفارش انتخاب می‌کنید.',
            ]
              .filter(Boolean)
              .join(' ')}
          </Text>
        )}
        <Button
          size="md"
          fullWidth
          leftSection={<CartIcon size={20} />}
          onClick={() => setAskedToOrder(true)}
        >
          افزودن به سبد خرید
        </Button>
        {askedToOrder && (
          // The cart opens with the ordering issue; until then say so plainly, promise nothing.
          <Alert
            color="amber"
            variant="light"
            title="سفارش آنلاین به‌زودی"
            withCloseButton
            closeButtonLabel="بستن"
            onClose={() => setAskedToOrder(false)}
            role="status"
          >
            سفارش آنلاین به‌زودی فعال می‌شود؛ {productName} هنوز به سبد خرید اضافه نشد و پرداختی انجام
            نشده است.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
