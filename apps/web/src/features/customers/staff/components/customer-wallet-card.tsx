import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { WALLET_REASON_LABELS } from '@vitrin/contracts';
import { useState } from 'react';
import { tomanText } from '../../../../lib/money';
import { WalletIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import type { CustomerFile, useCustomerActions } from '../api/customers';
import { signedTomanAmount } from '../utils/customer-credit';
import { CreditAdjustDialog } from './credit-adjust-dialog';

interface CustomerWalletCardProps {
  wallet: CustomerFile['wallet'];
  /** The account actions, for admins; support reads only. */
  actions: ReturnType<typeof useCustomerActions> | null;
  /** Staff cannot adjust their own wallet. */
  isSelf: boolean;
}

/** The wallet's balance in Toman and, for admins, «تنظیم اعتبار». */
export function CustomerWalletCard({ wallet, actions, isSelf }: CustomerWalletCardProps) {
  const [adjustedTo, setAdjustedTo] = useState<number | null>(null);
  const latest = wallet.latestTransactions[0];
  return (
    <Card withBorder padding="lg" style={{ alignSelf: 'start' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <WalletIcon size={20} />
            <Title order={2} size="h4">
              کیف پول
            </Title>
          </Group>
          {actions && !isSelf && (
            <CreditAdjustDialog
              balanceRial={wallet.balanceRial}
              adjust={actions.adjustCredit}
              onAdjusted={setAdjustedTo}
            />
          )}
        </Group>
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            موجودی
          </Text>
          <Text fz={28} fw={800}>
            {tomanText(wallet.balanceRial)}
          </Text>
        </Stack>
        {latest && (
          <Text size="sm" c="dimmed">
            {'آخرین گردش: '}
            {WALLET_REASON_LABELS[latest.reason]}{' '}
            <Text span size="sm" fw={700} c={latest.amountRial < 0 ? 'red.8' : 'teal.8'}>
              <bdi dir="ltr">{signedTomanAmount(latest.amountRial)}</bdi> تومان
            </Text>
            {'، '}
            <JalaliDateTime iso={latest.createdAt} />
          </Text>
        )}
        {adjustedTo !== null && (
          <Text size="sm" c="teal.8" role="status">
            {`اعتبار تنظیم شد؛ موجودی تازه ${tomanText(adjustedTo)} است.`}
          </Text>
        )}
        {actions && isSelf && (
          <Text size="xs" c="dimmed">
            اعتبار کیف پول خودتان را نمی‌توانید تغییر دهید.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
