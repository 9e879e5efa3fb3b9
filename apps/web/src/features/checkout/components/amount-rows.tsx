import { Divider, Group, Stack, Text } from '@mantine/core';
import { tomanText } from '../../../lib/money';
import { SignedAmount } from './signed-amount';

export interface AmountRow {
  label: string;
  rial: number;
  /** A deduction: shown with a minus sign, in green. */
  deduct?: boolean;
  /** Left out when zero (a discount nobody got). */
  hideZero?: boolean;
}

interface AmountRowsProps {
  rows: readonly AmountRow[];
  total: { label: string; rial: number; testId?: string };
}

/** Amounts in Toman, one a line, and the total under a rule. */
export function AmountRows({ rows, total }: AmountRowsProps) {
  return (
    <Stack gap={6}>
      {rows
        .filter((row) => !(row.hideZero && row.rial === 0))
        .map((row) => (
          <Group key={row.label} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {row.label}
            </Text>
            <Text size="sm" c={row.deduct ? 'green.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
              {row.deduct && row.rial > 0 ? (
                <SignedAmount rial={row.rial} sign="−" />
              ) : (
                tomanText(row.rial)
              )}
            </Text>
          </Group>
        ))}
      <Divider />
      <Group justify="space-between" gap="xs" align="baseline" wrap="nowrap">
        <Text fw={700}>{total.label}</Text>
        <Text
          fw={900}
          size="xl"
          c="brand.8"
          data-testid={total.testId}
          style={{ whiteSpace: 'nowrap' }}
        >
          {tomanText(total.rial)}
        </Text>
      </Group>
    </Stack>
  );
}
