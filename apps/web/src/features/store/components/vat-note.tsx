import { Text } from '@mantine/core';

/**
 * Store prices are net of VAT (decision 0022): staff enter them so, and the cart adds the tax at
 * the rate of the day. Said once near the prices, small, the same words on every store page.
 */
export function VatNote({ short = false }: { short?: boolean }) {
  return (
    <Text size="xs" c="dimmed">
      {short
        ? 'بدون مالیات بر ارزش افزوده؛ در سبد خرید افزوده می‌شود.'
        : 'قیمت‌ها بدون مالیات بر ارزش افزوده است؛ مالیات در سبد خرید افزوده می‌شود.'}
    </Text>
  );
}
