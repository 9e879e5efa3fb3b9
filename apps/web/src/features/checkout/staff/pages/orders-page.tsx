import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ApiRequestError } from '../../../../lib/api-error';
import { trailState } from '../../../../lib/list-cursor';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { AlertIcon, BagIcon } from '../../../../ui/icons';
import { PanelPageHeader } from '../../../../ui/panel-page-header';
import { StatusMessage } from '../../../../ui/status-message';
import { AdminListBody } from '../../../console/components/admin-list-body';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { ORDERS_PAGE_SIZE, useOrders } from '../api/orders';
import { OrderExportButton } from '../components/order-export-button';
import { OrderFiltersBar } from '../components/order-filters-bar';
import { OrderList } from '../components/order-list';
import { hasOrderFilters, orderFilterCodec } from '../utils/order-filters';

const FILTER_FIELDS = ['query', 'createdFrom', 'createdTo'] as const;

/** Whether the list failed on a filter the server could not read (its error is under the field). */
function isFilterError(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    FILTER_FIELDS.some((field) => error.fields?.[field] !== undefined)
  );
}

/** Every customer's orders (issue 8, staff): filtered, sorted and paged by the server. */
export function OrdersPage() {
  useDocumentTitle('سفارش‌ها | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(orderFilterCodec);
  const orders = useOrders(userId, filters);
  const clearFilters = () =>
    setFilters({ status: null, query: '', createdFrom: '', createdTo: '' });

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'کنسول کارکنان', to: ADMIN_PATH }, { label: 'سفارش‌ها' }]}
        title="سفارش‌ها"
        description="سفارش‌های همهٔ مشتریان. با موبایل مشتری یا شمارهٔ سفارش جست‌وجو کنید، یا وضعیت و بازهٔ تاریخ ثبت را برگزینید."
      />
      <OrderFiltersBar
        key={`${filters.query}\u0000${filters.createdFrom}\u0000${filters.createdTo}`}
        filters={filters}
        setFilters={setFilters}
        error={orders.error}
        actions={<OrderExportButton filters={filters} />}
      />
      {isFilterError(orders.error) ? (
        <StatusMessage
          icon={<AlertIcon size={32} />}
          color="orange"
          title="این فیلترها خوانده نشد"
          description="خطای زیر فیلتر را درست کنید و دوباره جست‌وجو کنید."
        />
      ) : (
        <AdminListBody
          query={orders}
          icon={<BagIcon size={32} />}
          empty={{
            title: 'هنوز سفارشی ثبت نشده است',
            description: 'سفارش‌هایی که مشتریان ثبت کنند این‌جا می‌آیند.',
          }}
          noMatch={{
            when: hasOrderFilters(filters) || filters.page > 1,
            title: 'سفارشی با این فیلترها پیدا نشد',
            description: 'فیلترها را تغییر دهید یا بردارید تا سفارش‌های دیگر را ببینید.',
            resetLabel: 'نمایش همهٔ سفارش‌ها',
            onReset: clearFilters,
          }}
          countNoun="سفارش"
          page={filters.page}
          pageSize={ORDERS_PAGE_SIZE}
          cursor={{
            after: filters.after,
            onMove: ({ trail, ...place }) => setFilters(place, { state: trailState(trail) }),
          }}
          failedTitle="سفارش‌ها بارگذاری نشد"
          loadingLabel="در حال بارگذاری سفارش‌ها"
        >
          {(items) => <OrderList items={items} />}
        </AdminListBody>
      )}
    </Stack>
  );
}
