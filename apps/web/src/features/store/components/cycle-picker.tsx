import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { BILLING_CYCLE_LABELS, type BillingCycle, type PathResult } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { tomanText } from '../../../lib/money';
import { PriceText } from './price-text';

export type ProductCycle = PathResult<'/api/store/get-product'>['cycles'][number];

interface CyclePickerProps {
  cycles: ProductCycle[];
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
}

/** The billing cycles on offer as radio cards: price, price per month, and the saving. */
export function CyclePicker({ cycles, value, onChange }: CyclePickerProps) {
  return (
    <Radio.Group
      value={value}
      onChange={(next) => onChange(next as BillingCycle)}
      label="دورهٔ پرداخت"
      labelProps={{ mb: 'xs', fw: 700 }}
    >
      <Stack gap="xs">
        {cycles.map((cycle) => (
          <Radio.Card key={cycle.cycle} value={cycle.cycle} radius="md" p="sm">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={4} />
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" gap={6}>
                  <Text fw={700}>{BILLING_CYCLE_LABELS[cycle.cycle]}</Text>
                  {cycle.savingPercent > 0 && (
                    <Badge color="green" variant="light" size="sm">
                      ٪{toPersianDigits(cycle.savingPercent)} صرفه‌جویی
                    </Badge>
                  )}
                </Group>
                <PriceText price={cycle.price} regularPrice={cycle.regularPrice} size="md" />
                {cycle.cycle !== 'monthly' && (
                  <Text size="xs" c="dimmed">
                    معادل ماهی {tomanText(cycle.monthlyPrice)}
                  </Text>
                )}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
