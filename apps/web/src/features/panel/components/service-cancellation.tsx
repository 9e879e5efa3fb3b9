import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { showSuccessToast } from '../../../lib/toast';
import { AlertIcon } from '../../../ui/icons';
import { JalaliDate } from '../../../ui/jalali-date-time';
import { LatinIsolated } from '../../../ui/latin-isolated';
import type { ServiceAccess } from '../api/get-service-access';
import type { ServiceDetail } from '../api/get-service-detail';
import { useRequestServiceCancellation } from '../api/request-service-cancellation';

/** As long as the contract lets a reason be. */
const REASON_MAX_LENGTH = 500;

// Labels of buttons and alerts wrap on a phone instead of pushing the page sideways.
const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal' },
} as const;

interface PendingCancellationAlertProps {
  userId: string;
  serviceId: string;
  cancellation: NonNullable<ServiceAccess['cancellation']>;
}

/** The owner asked to end the service with its term: when, and taking it back. */
export function PendingCancellationAlert({
  userId,
  serviceId,
  cancellation,
}: PendingCancellationAlertProps) {
  const withdraw = useRequestServiceCancellation(userId);
  const withdrawRequest = async () => {
    try {
      await withdraw.mutateAsync({ serviceId, cancel: false });
      showSuccessToast('درخواست لغو پس گرفته شد؛ سرویس مثل قبل کار می‌کند.');
    } catch {
      // The server's reason is in the toast.
    }
  };
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<AlertIcon size={20} />}
      title="درخواست لغو این سرویس ثبت شده است"
      styles={{ wrapper: { minWidth: 0 }, body: { minWidth: 0 } }}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {cancellation.endsAt ? (
            <>
              این سرویس در <JalaliDate iso={cancellation.endsAt} />، پایان دورهٔ پرداخت‌شده، لغو می‌شود
            </>
          ) : (
            'این سرویس در پایان دورهٔ پرداخت‌شده لغو می‌شود'
          )}{' '}
          و پس از آن دیگر کار نمی‌کند. تا آن روز می‌توانید درخواست را پس بگیرید.
        </Text>
        <Button
          variant="white"
          color="orange"
          onClick={withdrawRequest}
          loading={withdraw.isPending}
          styles={WRAPPING_BUTTON}
        >
          پس گرفتن درخواست لغو
        </Button>
      </Stack>
    </Alert>
  );
}

interface CancelServiceButtonProps {
  userId: string;
  service: Pick<ServiceDetail, 'id' | 'name' | 'status' | 'expiresAt'>;
}

/**
 * «درخواست لغو سرویس», quietly at the foot of the page: a dialog says what happens (the service
 * ends with its paid term, nothing is refunded; an expired one ends now) and takes a reason.
 */
export function CancelServiceButton({ userId, service }: CancelServiceButtonProps) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const request = useRequestServiceCancellation(userId);
  const endsNow = service.status === 'expired';

  const close = () => {
    if (request.isPending) return;
    setOpened(false);
    setReason('');
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    try {
      await request.mutateAsync({
        serviceId: service.id,
        cancel: true,
        ...(trimmed ? { reason: trimmed } : {}),
      });
      setOpened(false);
      setReason('');
      showSuccessToast(endsNow ? 'سرویس لغو شد.' : 'درخواست لغو ثبت شد.');
    } catch {
      // The server's reason is in the toast.
    }
  };

  return (
    <>
      <Group>
        <Button
          variant="subtle"
          color="red"
          onClick={() => setOpened(true)}
          styles={WRAPPING_BUTTON}
        >
          درخواست لغو سرویس
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={close}
        title="درخواست لغو سرویس"
        centered
        closeButtonProps={{ 'aria-label': 'بستن' }}
      >
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            {endsNow ? (
              <Text size="sm">
                دورهٔ «<LatinIsolated text={service.name} />» تمام شده است؛ با تأیید، همین حالا لغو
                می‌شود و دیگر نمی‌توانید تمدیدش کنید. مبلغی بازگردانده نمی‌شود.
              </Text>
            ) : (
              <>
                <Text size="sm">
                  «<LatinIsolated text={service.name} />» تا پایان دورهٔ پرداخت‌شده
                  {service.expiresAt && (
                    <>
                      ، <JalaliDate iso={service.expiresAt} />،
                    </>
                  )}{' '}
                  کار می‌کند و در آن روز لغو می‌شود. بابت روزهای مانده مبلغی بازگردانده نمی‌شود.
                </Text>
                <Text size="sm" c="dimmed">
                  تا آن روز می‌توانید درخواست را پس بگیرید؛ پرداخت تمدید هم آن را پس می‌گیرد.
                </Text>
              </>
            )}
            <Textarea
              label="دلیل لغو (اختیاری)"
              description="به ما کمک می‌کند سرویس‌ها را بهتر کنیم."
              // Not autosize: its hidden measuring copy stays in the page, as wide as the dialog
              // was, and pushes a phone's page sideways after the dialog closes.
              rows={3}
              maxLength={REASON_MAX_LENGTH}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={request.isPending}>
                انصراف
              </Button>
              <Button
                type="submit"
                color="red"
                loading={request.isPending}
                styles={WRAPPING_BUTTON}
              >
                {endsNow ? 'لغو همین حالا' : 'ثبت درخواست لغو'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
