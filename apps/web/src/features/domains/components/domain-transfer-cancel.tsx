import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { showSuccessToast } from '../../../lib/toast';
import { AlertIcon } from '../../../ui/icons';
import { LatinIsolated } from '../../../ui/latin-isolated';
import { useCancelDomainTransfer } from '../api/cancel-domain-transfer';
import type { UserDomainDetail } from '../api/get-user-domain';

type TransferCancel = NonNullable<UserDomainDetail['transferCancel']>;

interface DomainTransferCancelProps {
  userId: string;
  domainId: string;
  domainName: string;
  offer: TransferCancel;
}

/**
 * «لغو انتقال» (issue 38) for a transfer in that has not finished: after the person confirms,
 * the request is withdrawn at the registry when it was asked already, and the money goes back to
 * the wallet. A transfer that finished at the registry meanwhile stays, and the page says so.
 * Where it cannot be called off (IRNIC, or the code on its way), the reason is shown instead.
 */
export function DomainTransferCancel({
  userId,
  domainId,
  domainName,
  offer,
}: DomainTransferCancelProps) {
  const cancel = useCancelDomainTransfer(userId);
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      const domain = await cancel.mutateAsync({ id: domainId });
      setConfirming(false);
      showSuccessToast(
        domain.status === 'cancelled'
          ? 'انتقال دامنه لغو شد'
          : 'انتقال پیش از لغو در ثبت‌کننده انجام شده بود؛ دامنه اکنون از آنِ شماست',
      );
    } catch {
      // The server's message is in the toast; the dialog stays for another try.
    }
  };

  return (
    <Card component="section" aria-labelledby="domain-transfer-cancel-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="domain-transfer-cancel-title">
            لغو انتقال
          </Title>
          <Text size="sm" c="dimmed">
            {offer.asked
              ? 'درخواست انتقال در ثبت‌کننده است و منتظر پاسخ ثبت‌کنندهٔ فعلی یا دارنده است. اگر منصرف شده‌اید، آن را لغو کنید: درخواست در ثبت‌کننده پس گرفته می‌شود و مبلغ انتقال به کیف پول شما برمی‌گردد.'
              : 'انتقال هنوز به ثبت‌کننده فرستاده نشده است. اگر منصرف شده‌اید، آن را لغو کنید تا مبلغ انتقال به کیف پول شما برگردد.'}
          </Text>
        </Stack>
        {offer.available ? (
          <Group>
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              لغو انتقال
            </Button>
          </Group>
        ) : (
          <Alert color="orange" variant="light" icon={<AlertIcon size={20} />} role="status">
            <LatinIsolated text={offer.reason ?? 'این انتقال اکنون لغو نمی‌شود.'} />
          </Alert>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => {
          if (!cancel.isPending) setConfirming(false);
        }}
        title="لغو انتقال دامنه"
        centered
        closeButtonProps={{ 'aria-label': 'بستن' }}
      >
        <Stack gap="md">
          <Text size="sm">
            انتقال <bdi dir="ltr">{domainName}</bdi> به ویترین لغو می‌شود و دامنه نزد ثبت‌کنندهٔ فعلی‌اش
            می‌ماند. مبلغ انتقال با صورت‌حساب برگشتی به کیف پول شما برمی‌گردد. برای انتقال دوباره باید
            از نو سفارش دهید.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setConfirming(false)}
              disabled={cancel.isPending}
            >
              انصراف
            </Button>
            <Button color="red" onClick={confirm} loading={cancel.isPending}>
              بله، انتقال لغو شود
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
