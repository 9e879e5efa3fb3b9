import { Anchor, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { tomanText } from '../../../lib/money';
import { CREDIT_PATH } from '../../../lib/panel-paths';
import { walletSplit } from '../utils/wallet-share';

interface WalletToggleProps {
  /** The wallet's balance; undefined while it loads. */
  balanceRial: number | undefined;
  /** What is left to pay. */
  payableRial: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * Whether to pay from wallet credit first. Off until the person turns it on (issue 22: credit is
 * never spent without a choice); what the credit would cover, and what the gateway would still
 * collect, are shown before the choice, and the line under it says what happens as chosen.
 */
export function WalletToggle({ balanceRial, payableRial, checked, onChange }: WalletToggleProps) {
  if (balanceRial === undefined) return <Skeleton height={48} />;
  if (balanceRial === 0) {
    return (
      <Text size="sm" c="dimmed">
        کیف پول شما اعتباری ندارد.{' '}
        <Anchor component={Link} to={CREDIT_PATH} size="sm">
          افزایش اعتبار
        </Anchor>
      </Text>
    );
  }
  const split = walletSplit(balanceRial, payableRial, checked);
  const offer =
    split.atGatewayWithWalletRial === 0
      ? `با روشن کردن آن، همهٔ این سفارش (${tomanText(split.coverableRial)}) از اعتبار پرداخت می‌شود.`
      : `با روشن کردن آن، ${tomanText(split.coverableRial)} از این سفارش از اعتبار و ${tomanText(split.atGatewayWithWalletRial)} در درگاه پرداخت می‌شود.`;

  return (
    <Stack gap={4}>
      <Switch
        label="پرداخت از اعتبار کیف پول"
        description={`موجودی کیف پول: ${tomanText(balanceRial)}. ${offer}`}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <Text size="sm" fw={500} aria-live="polite" data-testid="wallet-outcome">
        {!checked
          ? `اعتبار کیف پول خرج نمی‌شود؛ ${tomanText(split.atGatewayRial)} در درگاه پرداخت می‌شود.`
          : split.atGatewayRial === 0
            ? `همهٔ مبلغ (${tomanText(split.fromWalletRial)}) از کیف پول پرداخت می‌شود.`
            : `${tomanText(split.fromWalletRial)} از کیف پول و ${tomanText(split.atGatewayRial)} از درگاه پرداخت می‌شود.`}
      </Text>
    </Stack>
  );
}
