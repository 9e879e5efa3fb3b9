import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { fieldError } from '../../../../lib/field-error';
import { trailState } from '../../../../lib/list-cursor';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { AlertIcon, FileTextIcon } from '../../../../ui/icons';
import { StatusMessage } from '../../../../ui/status-message';
import { AdminListBody } from '../../../console/components/admin-list-body';
import { useStaffMember } from '../../../console/utils/staff-context';
import { DOCUMENTS_PAGE_SIZE, useDocumentSearch } from '../api/billing-documents';
import { BillingHeader } from '../components/billing-header';
import { DocumentFiltersBar } from '../components/document-filters-bar';
import { DocumentList } from '../components/document-list';
import {
  documentFilterCodec,
  documentSearchInput,
  hasDocumentFilters,
} from '../utils/document-filters';

/** Every sales invoice, credit note and receipt (issue 21, staff): searched and paged. */
export function DocumentsPage() {
  useDocumentTitle('اسناد مالی | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(documentFilterCodec);
  const request = documentSearchInput(filters, DOCUMENTS_PAGE_SIZE);
  const documents = useDocumentSearch(userId, request.ok ? request.input : null);
  const errorOf = (field: 'query' | 'from' | 'to') =>
    (!request.ok && field !== 'query' ? request.errors[field] : undefined) ??
    fieldError(documents.error, field);
  const unreadable =
    !request.ok || ['query', 'from', 'to'].some((field) => fieldError(documents.error, field));
  const clearFilters = () => setFilters({ query: '', kind: null, from: '', to: '' });

  return (
    <Stack gap="lg">
      <BillingHeader
        tab="documents"
        description="صورتحساب‌های فروش، برگشت از فروش‌ها و رسیدهای افزایش اعتبار همهٔ مشتریان. مبلغ‌ها به ریال است، چنان‌که در خود سند."
      />
      <DocumentFiltersBar
        key={`${filters.query}\u0000${filters.from}\u0000${filters.to}`}
        filters={filters}
        setFilters={setFilters}
        errorOf={errorOf}
      />
      {unreadable ? (
        <StatusMessage
          icon={<AlertIcon size={32} />}
          color="orange"
          title="این فیلترها خوانده نشد"
          description="خطای زیر فیلتر را درست کنید و دوباره جست‌وجو کنید."
        />
      ) : (
        <AdminListBody
          query={documents}
          icon={<FileTextIcon size={32} />}
          empty={{
            title: 'هنوز سندی صادر نشده است',
            description:
              'با هر پرداخت سفارش صورتحساب فروش، با هر بازپرداخت برگشت از فروش و با هر افزایش اعتبار رسید صادر می‌شود و این‌جا می‌آید.',
          }}
          noMatch={{
            when: hasDocumentFilters(filters) || filters.page > 1,
            title: 'سندی با این فیلترها پیدا نشد',
            description: 'فیلترها را تغییر دهید یا بردارید تا اسناد دیگر را ببینید.',
            resetLabel: 'نمایش همهٔ اسناد',
            onReset: clearFilters,
          }}
          countNoun="سند"
          page={filters.page}
          pageSize={DOCUMENTS_PAGE_SIZE}
          cursor={{
            after: filters.after,
            onMove: ({ trail, ...place }) => setFilters(place, { state: trailState(trail) }),
          }}
          failedTitle="اسناد مالی بارگذاری نشد"
          loadingLabel="در حال بارگذاری اسناد مالی"
        >
          {(items) => <DocumentList items={items} />}
        </AdminListBody>
      )}
    </Stack>
  );
}
