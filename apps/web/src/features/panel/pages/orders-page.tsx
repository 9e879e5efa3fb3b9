import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@vitrin/contracts';
import { PANEL_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { useFilterParams } from '../../../lib/use-filter-params';
import { BagIcon } from '../../../ui/icons';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { ORDERS_PAGE_SIZE, useUserOrders } from '../api/get-user-orders';
import { OrderRow } from '../components/order-row';
import { StatusList } from '../components/status-list';
import { orderFilterCodec } from '../utils/list-filters';

export function OrdersPage() {
  useDocumentTitle('سفارش‌ها | ویترین');
  const userId = useSignedInUserId();
  const [filters, setFilters] = useFilterParams(orderFilterCodec);
  const orders = useUserOrders(userId, filters);

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'پیشخوان', to: PANEL_PATH }, { label: 'سفارش‌ها' }]}
        title="سفارش‌ها"
        description="همهٔ سفارش‌های شما، تازه‌ترین اول. سفارش پرداخت‌نشده تا مهلتش باز است."
      />
      <StatusList
        query={orders}
        filters={filters}
        setFilters={setFilters}
        pageSize={ORDERS_PAGE_SIZE}
        statuses={ORDER_STATUSES}
        statusLabels={ORDER_STATUS_LABELS}
        filterLabel="وضعیت سفارش"
        listLabel="فهرست سفارش‌ها"
        loadingLabel="در حال بارگذاری سفارش‌ها"
        loadFailedTitle="سفارش‌های شما بارگذاری نشد"
        icon={<BagIcon size={32} />}
        empty={{
          title: 'هنوز سفارشی ثبت نکرده‌اید',
          description:
            'محصولی را از فروشگاه به سبد بیفزایید و سفارش دهید؛ سفارش‌هایتان اینجا می‌آیند.',
        }}
        filteredEmpty={{
          title: 'سفارشی در این فهرست نیست',
          description: 'فیلتر وضعیت را بردارید تا همهٔ سفارش‌هایتان را ببینید.',
          showAllLabel: 'نمایش همهٔ سفارش‌ها',
        }}
        skeletonHeight={92}
        renderItem={(order) => <OrderRow order={order} />}
      />
    </Stack>
  );
}
