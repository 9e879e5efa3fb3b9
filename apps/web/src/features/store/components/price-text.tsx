import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { BILLING_CYCLE_LABELS, type BillingCycle } from '@vitrin/contracts';
import { tomanText } from '../../../lib/money';

interface PriceTextProps {
  /** What the customer pays now, in Rial. */
  price: number;
  /** The price before a sale, in Rial; struck through when higher than `price`. */
  regularPrice?: number;
  /** Shown after the price, as in '/ ماهانه'. */
  cycle?: BillingCycle;
  /** Before the price, as in 'از'. */
  prefix?: string;
  /** Shortened text where space is short (cards, table headers). */
  short?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

/** A price in Toman, with its billing cycle and the struck-through price before a sale. */
export function PriceText({
  price,
  regularPrice,
  cycle,
  prefix,
  short = false,
  size = 'md',
}: PriceTextProps) {
  const onSale = regularPrice !== undefined && regularPrice > price;
  return (
    <Stack gap={0}>
      <Group gap={6} align="baseline" wrap="wrap">
        {prefix && (
          <Text component="span" size="sm" c="dimmed">
            {prefix}
          </Text>
        )}
        <Text component="span" fw={800} size={size} c={onSale ? 'red.8' : 'dark.8'}>
          {tomanText(price, { short })}
        </Text>
        {cycle && (
          <Text component="span" size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            / {BILLING_CYCLE_LABELS[cycle]}
          </Text>
        )}
      </Group>
      {onSale && (
        <Text component="s" size="sm" c="dimmed">
          <VisuallyHidden>قیمت پیش از تخفیف: </VisuallyHidden>
          {tomanText(regularPrice, { short })}
        </Text>
      )}
    </Stack>
  );
}
