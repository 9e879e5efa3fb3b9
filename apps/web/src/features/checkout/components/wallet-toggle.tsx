import { Anchor, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { tomanText } from '../../../lib/money';
import { CREDIT_PATH } from '../../../lib/panel-paths';
import { walletShare } from '../utils/wallet-share';

interface WalletToggleProps {
  /** The wallet's balance; undefined while it loads. */
  balanceRial: number | undefined;
  /** What is left to pay. */
  payableRial: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** Whether to pay from wallet credit first: the balance, and how much of the order it covers. */
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
  const covered = walletShare(balanceRial, payableRial);
  const rest = payableRial - covered;

  return (
    <Stack gap={4}>
      <Switch
        label="پرداخت از اعتبار کیف پول"
        description={`موجودی کیف پول: ${tomanText(balanceRial)}`}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      {checked && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {rest === 0
            ? `همهٔ مبلغ (${tomanText(covered)}) از کیف پول پرداخت می‌شود.`
            : `${tomanText(covered)} از کیف پول و ${tomanText(rest)} از درگاه پرداخت می‌شود.`}
        </Text>
      )}
    </Stack>
  );
}
