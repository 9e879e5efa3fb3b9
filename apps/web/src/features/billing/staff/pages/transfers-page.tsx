import { Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  hasPermission,
  MANUAL_METHODS,
  type ManualMethod,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '@vitrin/contracts';
import { useState } from 'react';
import { FilterSelect, filterOptionsOf } from '../../../../ui/filter-select';
import { WalletIcon } from '../../../../ui/icons';
import { AdminListBody } from '../../../console/components/admin-list-body';
import { useStaffMember } from '../../../console/utils/staff-context';
import {
  TRANSFER_CLAIMS_PAGE_SIZE,
  useConfirmTransfer,
  useRejectTransfer,
  useTransferClaims,
} from '../api/transfer-claims';
import { BillingHeader } from '../components/billing-header';
import { TransferClaimList } from '../components/transfer-claim-list';
import { CLAIM_STATUS_LABELS, MANUAL_METHOD_LABELS } from '../utils/transfer-claims';

/** Card-to-card and bank-transfer claims (decision 0023): those waiting for staff first. */
export function TransfersPage() {
  useDocumentTitle('پرداخت‌های کارت به کارت | کنسول کارکنان ویترین');
  const { userId, role } = useStaffMember();
  const [status, setStatus] = useState<PaymentStatus | null>(null);
  const [method, setMethod] = useState<ManualMethod | null>(null);
  const [page, setPage] = useState(1);
  const claims = useTransferClaims(userId, {
    page,
    pageSize: TRANSFER_CLAIMS_PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(method ? { method } : {}),
  });
  const confirm = useConfirmTransfer(userId);
  const reject = useRejectTransfer(userId);
  const manages = hasPermission(role, 'billing.manage');
  const review = manages
    ? {
        confirm: (paymentId: string) => confirm.mutateAsync(paymentId),
        reject: (paymentId: string, reason: string) => reject.mutateAsync({ paymentId, reason }),
      }
    : undefined;

  return (
    <Stack gap="lg">
      <BillingHeader
        tab="transfers"
        description="پرداخت‌هایی که مشتریان با کارت به کارت یا واریز بانکی ثبت کرده‌اند. واریز را با کد پیگیری در حساب بانک ببینید، سپس تأیید یا رد کنید. مبلغ‌ها به ریال است."
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FilterSelect
          label="وضعیت"
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
          allLabel="همهٔ وضعیت‌ها"
          options={filterOptionsOf(PAYMENT_STATUSES, CLAIM_STATUS_LABELS)}
          w={180}
        />
        <FilterSelect
          label="روش"
          value={method}
          onChange={(next) => {
            setMethod(next);
            setPage(1);
          }}
          allLabel="همهٔ روش‌ها"
          options={filterOptionsOf(MANUAL_METHODS, MANUAL_METHOD_LABELS)}
          w={180}
        />
      </Group>
      {!manages && (
        <Text size="sm" c="dimmed">
          تأیید و رد پرداخت با مدیران است؛ شما صف را فقط می‌بینید.
        </Text>
      )}
      <AdminListBody
        query={claims}
        icon={<WalletIcon size={32} />}
        empty={{
          title: 'هنوز پرداخت کارت به کارتی ثبت نشده است',
          description:
            'هر بار مشتری پرداخت کارت به کارت یا واریز بانکی را با کد پیگیری ثبت کند، این‌جا برای بررسی می‌آید.',
        }}
        noMatch={{
          when: status !== null || method !== null || page > 1,
          title: 'پرداختی با این فیلترها پیدا نشد',
          description: 'فیلترها را تغییر دهید یا بردارید.',
          resetLabel: 'نمایش همهٔ پرداخت‌ها',
          onReset: () => {
            setStatus(null);
            setMethod(null);
            setPage(1);
          },
        }}
        countNoun="پرداخت"
        page={page}
        pageSize={TRANSFER_CLAIMS_PAGE_SIZE}
        onPage={setPage}
        failedTitle="پرداخت‌های کارت به کارت بارگذاری نشد"
        loadingLabel="در حال بارگذاری پرداخت‌های کارت به کارت"
      >
        {(items) => <TransferClaimList userId={userId} items={items} review={review} />}
      </AdminListBody>
    </Stack>
  );
}
