import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { LabeledValue } from '../../../../ui/labeled-value';
import { MobileNumber } from '../../../../ui/mobile-number';
import { ConfirmAction } from '../../../console/components/confirm-action';
import type { StaffTransferClaim } from '../api/transfer-claims';
import { staffOrderPath } from '../utils/billing-paths';
import { rialText } from '../utils/billing-text';
import {
  CLAIM_STATUS_COLORS,
  CLAIM_STATUS_LABELS,
  cardLast4Text,
  claimTargetText,
  MANUAL_METHOD_LABELS,
} from '../utils/transfer-claims';
import { ReceiptThumbnail } from './receipt-thumbnail';
import { RejectTransferButton } from './reject-transfer-button';

const LABEL_WIDTH = '6.5rem';

/** Admins confirm and reject; support only reads the queue (billing.manage). */
export interface ClaimReviewActions {
  confirm: (paymentId: string) => Promise<unknown>;
  reject: (paymentId: string, reason: string) => Promise<unknown>;
}

interface TransferClaimCardProps {
  userId: string;
  claim: StaffTransferClaim;
  review?: ClaimReviewActions;
}

export function ClaimStatusBadge({ claim }: { claim: StaffTransferClaim }) {
  return (
    <Badge variant="light" color={CLAIM_STATUS_COLORS[claim.status]} style={{ flex: 'none' }}>
      {CLAIM_STATUS_LABELS[claim.status]}
    </Badge>
  );
}

/** What the claim pays: its order's staff page, or the wallet top-up. */
export function ClaimTarget({ claim }: { claim: StaffTransferClaim }) {
  const target = claimTargetText(claim);
  return claim.orderId ? (
    <Anchor component={Link} to={staffOrderPath(claim.orderId)} size="sm">
      {target}
    </Anchor>
  ) : (
    target
  );
}

/** The bank's tracking number as typed on the receipt, left to right. */
export function TransferReference({ value }: { value: string }) {
  return (
    <bdi dir="ltr" style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
      {value}
    </bdi>
  );
}

/**
 * Who claimed it: their name (the account's, or the one given at checkout) over their mobile,
 * or only the mobile, grouped as people read it, when they gave no name.
 */
export function ClaimCustomer({
  claim,
  size = 'sm',
}: {
  claim: StaffTransferClaim;
  size?: 'sm' | 'md';
}) {
  const mobile = <MobileNumber mobile={claim.customer.mobile} />;
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size={size} fw={size === 'md' ? 700 : 600} style={{ overflowWrap: 'anywhere' }}>
        {claim.customer.name ?? mobile}
      </Text>
      {claim.customer.name && (
        <Text size={size === 'md' ? 'sm' : 'xs'} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {mobile}
        </Text>
      )}
    </Stack>
  );
}

/** «تأیید پرداخت» (confirmed in a dialog) and «رد پرداخت» (with «دلیل رد»), for a pending claim. */
export function ClaimReview({
  claim,
  review,
}: {
  claim: StaffTransferClaim;
  review: ClaimReviewActions;
}) {
  const target = claimTargetText(claim);
  return (
    <Group gap="xs" wrap="nowrap">
      <ConfirmAction
        label="تأیید پرداخت"
        title={`تأیید پرداخت ${target}`}
        description={`پیش از تأیید، واریز ${rialText(claim.amountRial)} با کد پیگیری ${claim.transferReference} را در حساب بانک ببینید. با تأیید، ${claim.orderId ? 'سفارش پرداخت‌شده می‌شود' : 'اعتبار کیف پول مشتری افزایش می‌یابد'} و این کار برنمی‌گردد.`}
        confirmLabel="تأیید پرداخت"
        color="teal"
        variant="filled"
        size="sm"
        successMessage="پرداخت تأیید شد"
        onConfirm={() => review.confirm(claim.id)}
      />
      <RejectTransferButton
        target={target}
        onReject={(reason) => review.reject(claim.id, reason)}
      />
    </Group>
  );
}

/** Why it was rejected, or that a late confirmation went to the wallet, and who reviewed it. */
export function ClaimReviewNotes({ claim }: { claim: StaffTransferClaim }) {
  return (
    <>
      {claim.status === 'failed' && claim.rejectionReason && (
        <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
          {`دلیل رد: ${claim.rejectionReason}`}
        </Text>
      )}
      {claim.status === 'paid' && claim.creditedToWallet && (
        <Text size="xs" c="dimmed">
          سفارش پیش‌تر بسته یا پرداخت شده بود؛ مبلغ به کیف پول مشتری رفت.
        </Text>
      )}
      {claim.reviewer && claim.reviewedAt && (
        <Text size="xs" c="dimmed">
          {`بررسی: ${claim.reviewer.name} · `}
          <JalaliDateTime iso={claim.reviewedAt} />
        </Text>
      )}
    </>
  );
}

/** On a phone, one claim: who paid what for what, the bank's tracking details, its review. */
export function TransferClaimCard({ userId, claim, review }: TransferClaimCardProps) {
  return (
    <Card component="li" padding="md" style={{ listStyle: 'none' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <ClaimCustomer claim={claim} size="md" />
          <ClaimStatusBadge claim={claim} />
        </Group>
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <LabeledValue label="برای" labelWidth={LABEL_WIDTH}>
              <ClaimTarget claim={claim} />
            </LabeledValue>
            <LabeledValue label="روش" labelWidth={LABEL_WIDTH}>
              {MANUAL_METHOD_LABELS[claim.method]}
            </LabeledValue>
            <LabeledValue label="مبلغ" labelWidth={LABEL_WIDTH}>
              <Text span size="sm" fw={700}>
                {rialText(claim.amountRial)}
              </Text>
            </LabeledValue>
            <LabeledValue label="کد پیگیری" labelWidth={LABEL_WIDTH}>
              <TransferReference value={claim.transferReference} />
            </LabeledValue>
            <LabeledValue label="زمان واریز" labelWidth={LABEL_WIDTH}>
              <JalaliDateTime iso={claim.transferredAt} />
            </LabeledValue>
            {claim.cardLast4 && (
              <LabeledValue label="کارت مبدأ" labelWidth={LABEL_WIDTH}>
                <bdi dir="ltr">{cardLast4Text(claim.cardLast4)}</bdi>
              </LabeledValue>
            )}
            <LabeledValue label="ثبت" labelWidth={LABEL_WIDTH}>
              <JalaliDateTime iso={claim.createdAt} />
            </LabeledValue>
          </Stack>
          {claim.receiptAttachmentId && (
            <ReceiptThumbnail userId={userId} attachmentId={claim.receiptAttachmentId} />
          )}
        </Group>
        <ClaimReviewNotes claim={claim} />
        {review && claim.status === 'pending' && <ClaimReview claim={claim} review={review} />}
      </Stack>
    </Card>
  );
}
