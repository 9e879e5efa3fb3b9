import { Alert, Stack, Text } from '@mantine/core';
import { PAYMENT_METHOD_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { tomanText } from '../../../lib/money';
import { ClockIcon } from '../../../ui/icons';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { LabeledValue } from '../../../ui/labeled-value';
import type { TransferClaim } from '../api/list-transfer-claims';

/** A claim waiting for staff: what was claimed, so the person knows it was received. */
export function PendingClaimNotice({ claim }: { claim: TransferClaim }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<ClockIcon size={20} />}
      title="در انتظار تأیید پرداخت"
      role="status"
    >
      <Stack gap={4}>
        <Text size="sm">
          پرداخت شما ثبت شد. پس از این‌که کارشناس آن را در حساب ببیند، سفارش پرداخت‌شده می‌شود.
        </Text>
        <ClaimFacts claim={claim} />
      </Stack>
    </Alert>
  );
}

/** A rejected claim: staff's reason, and paying again stays open below it. */
export function RejectedClaimNotice({ claim }: { claim: TransferClaim }) {
  return (
    <Alert color="red" variant="light" title="پرداخت ثبت‌شدهٔ شما تأیید نشد">
      <Stack gap={4}>
        {claim.rejectionReason && <Text size="sm">دلیل: {claim.rejectionReason}</Text>}
        <ClaimFacts claim={claim} />
        <Text size="sm">می‌توانید دوباره پرداخت کنید.</Text>
      </Stack>
    </Alert>
  );
}

function ClaimFacts({ claim }: { claim: TransferClaim }) {
  return (
    <>
      <LabeledValue label="روش" labelWidth="5rem">
        {PAYMENT_METHOD_LABELS[claim.method]}
      </LabeledValue>
      <LabeledValue label="مبلغ" labelWidth="5rem">
        {tomanText(claim.amountRial)}
      </LabeledValue>
      <LabeledValue label="کد پیگیری" labelWidth="5rem">
        <bdi dir="ltr">{toPersianDigits(claim.transferReference)}</bdi>
      </LabeledValue>
      <LabeledValue label="زمان واریز" labelWidth="5rem">
        <JalaliDateTime iso={claim.transferredAt} />
      </LabeledValue>
      {claim.cardLast4 && (
        <LabeledValue label="کارت" labelWidth="5rem">
          <bdi dir="ltr">{toPersianDigits(`**** ${claim.cardLast4}`)}</bdi>
        </LabeledValue>
      )}
    </>
  );
}
