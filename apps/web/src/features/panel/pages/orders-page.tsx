import { Button, Group, Loader, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@vitrin/contracts';
import { Link } from 'react-router';
import { PANEL_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { useFilterParams } from '../../../lib/use-filter-params';
import { BagIcon } from '../../../ui/icons';
import { ListPagination } from '../../../ui/list-pagination';
import { LoadFailed } from '../../../ui/load-failed';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import { ORDERS_PAGE_SIZE, useUserOrders } from '../api/get-user-orders';
import { OrderRow } from '../components/order-row';
import { StatusFilter } from '../components/status-filter';
import { orderFilterCodec } from '../utils/list-filters';

export function OrdersPage() {
  useDocumentTitle('سفارش‌ها | ویترین');
  const userId = useSignedInUserId();
  const [filters, setFilters] = useFilterParams(orderFilterCodec);
  const orders = useUserOrders(userId, filters);
  const data = orders.data;

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'پیشخوان', to: PANEL_PATH }, { label: 'سفارش‌ها' }]}
        title="سفارش‌ها"
        description="همهٔ سفارش‌های شما، تازه‌ترین اول. سفارش پرداخت‌نشده تا مهلتش باز است."
      />
      <Group justify="space-between" align="center" gap="sm">
        <StatusFilter
          label="وضعیت سفارش"
          statuses={ORDER_STATUSES}
          labels={ORDER_STATUS_LABELS}
          counts={data?.counts}
          value={filters.status}
          onChange={(status) => setFilters({ status })}
        />
        {orders.isFetching && data && (
          <Loader size="xs" type="dots" aria-label="در حال به‌روزرسانی" />
        )}
      </Group>

      {data ? (
        data.items.length === 0 ? (
          filters.status === null && data.page === 1 ? (
            <StatusMessage
              icon={<BagIcon size={32} />}
              title="هنوز سفارشی ثبت نکرده‌اید"
              description="محصولی را از فروشگاه به سبد بیفزایید و سفارش دهید؛ سفارش‌هایتان اینجا می‌آیند."
            >
              <Button component={Link} to="/store" mt="sm">
                رفتن به فروشگاه
              </Button>
            </StatusMessage>
          ) : (
            <StatusMessage
              icon={<BagIcon size={32} />}
              title="سفارشی در این فهرست نیست"
              description="فیلتر وضعیت را بردارید تا همهٔ سفارش‌هایتان را ببینید."
            >
              <Button variant="light" onClick={() => setFilters({ status: null })}>
                نمایش همهٔ سفارش‌ها
              </Button>
            </StatusMessage>
          )
        ) : (
          <>
            <Stack
              gap="sm"
              component="ul"
              m={0}
              p={0}
              aria-label="فهرست سفارش‌ها"
              style={{ opacity: orders.isPlaceholderData ? 0.6 : 1 }}
            >
              {data.items.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </Stack>
            <ListPagination
              page={filters.page}
              pageSize={ORDERS_PAGE_SIZE}
              total={data.total}
              onChange={(page) => setFilters({ page })}
            />
          </>
        )
      ) : orders.isError ? (
        <LoadFailed
          title="سفارش‌های شما بارگذاری نشد"
          error={orders.error}
          onRetry={() => orders.refetch()}
          retrying={orders.isFetching}
        />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="در حال بارگذاری سفارش‌ها">
          <Skeleton height={92} radius="lg" />
          <Skeleton height={92} radius="lg" />
          <Skeleton height={92} radius="lg" />
        </Stack>
      )}
    </Stack>
  );
}
