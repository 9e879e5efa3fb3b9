import { Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission, MANUAL_METHODS, PAYMENT_STATUSES } from '@vitrin/contracts';
import { trailState } from '../../../../lib/list-cursor';
import { useFilterParams } from '../../../../lib/use-filter-params';
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
import {
  CLAIM_STATUS_LABELS,
  MANUAL_METHOD_LABELS,
  transferClaimFilterCodec,
} from '../utils/transfer-claims';

/**
 * Card-to-card and bank-transfer claims (decision 0023): those waiting for staff first, filtered
 * and paged by cursor through the address (decision 0033).
 */
export function TransfersPage() {
  useDocumentTitle('پرداخت‌های کارت به کارت | کنسول کارکنان ویترین');
  const { userId, role } = useStaffMember();
  const [filters, setFilters] = useFilterParams(transferClaimFilterCodec);
  const { status, method, page, after } = filters;
  const claims = useTransferClaims(userId, {
    page,
    pageSize: TRANSFER_CLAIMS_PAGE_SIZE,
    ...(after ? { after } : {}),
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
          onChange={(next) => setFilters({ status: next })}
          allLabel="همهٔ وضعیت‌ها"
          options={filterOptionsOf(PAYMENT_STATUSES, CLAIM_STATUS_LABELS)}
          w={180}
        />
        <FilterSelect
          label="روش"
          value={method}
          onChange={(next) => setFilters({ method: next })}
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
          onReset: () => setFilters({ status: null, method: null }),
        }}
        countNoun="پرداخت"
        page={page}
        pageSize={TRANSFER_CLAIMS_PAGE_SIZE}
        cursor={{
          after,
          onMove: ({ trail, ...place }) => setFilters(place, { state: trailState(trail) }),
        }}
        failedTitle="پرداخت‌های کارت به کارت بارگذاری نشد"
        loadingLabel="در حال بارگذاری پرداخت‌های کارت به کارت"
      >
        {(items) => <TransferClaimList userId={userId} items={items} review={review} />}
      </AdminListBody>
    </Stack>
  );
}
