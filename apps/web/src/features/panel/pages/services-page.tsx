import { Button, Group, Loader, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { SERVICE_STATUS_LABELS, SERVICE_STATUSES } from '@vitrin/contracts';
import { Link } from 'react-router';
import { PANEL_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { useFilterParams } from '../../../lib/use-filter-params';
import { ServerIcon } from '../../../ui/icons';
import { ListPagination } from '../../../ui/list-pagination';
import { LoadFailed } from '../../../ui/load-failed';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import { SERVICES_PAGE_SIZE, useUserServices } from '../api/get-user-services';
import { ServiceCard } from '../components/service-card';
import { StatusFilter } from '../components/status-filter';
import { serviceFilterCodec } from '../utils/list-filters';

export function ServicesPage() {
  useDocumentTitle('سرویس‌ها | ویترین');
  const userId = useSignedInUserId();
  const [filters, setFilters] = useFilterParams(serviceFilterCodec);
  const services = useUserServices(userId, filters);
  const data = services.data;

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'پیشخوان', to: PANEL_PATH }, { label: 'سرویس‌ها' }]}
        title="سرویس‌ها"
        description="سایت‌سازها، هاست‌ها و سرورهای شما با وضعیت و تاریخ انقضا؛ پیش از انقضا تمدیدشان کنید."
      />
      <Group justify="space-between" align="center" gap="sm">
        <StatusFilter
          label="وضعیت سرویس"
          statuses={SERVICE_STATUSES}
          labels={SERVICE_STATUS_LABELS}
          counts={data?.counts}
          value={filters.status}
          onChange={(status) => setFilters({ status })}
        />
        {services.isFetching && data && (
          <Loader size="xs" type="dots" aria-label="در حال به‌روزرسانی" />
        )}
      </Group>

      {data ? (
        data.items.length === 0 ? (
          filters.status === null && data.page === 1 ? (
            <StatusMessage
              icon={<ServerIcon size={32} />}
              title="هنوز سرویسی ندارید"
              description="سایت‌ساز، هاست یا سروری را که می‌خواهید از فروشگاه بخرید؛ پس از پرداخت، اینجا می‌آید."
            >
              <Button component={Link} to="/store" mt="sm">
                رفتن به فروشگاه
              </Button>
            </StatusMessage>
          ) : (
            <StatusMessage
              icon={<ServerIcon size={32} />}
              title="سرویسی در این فهرست نیست"
              description="فیلتر وضعیت را بردارید تا همهٔ سرویس‌هایتان را ببینید."
            >
              <Button variant="light" onClick={() => setFilters({ status: null })}>
                نمایش همهٔ سرویس‌ها
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
              aria-label="فهرست سرویس‌ها"
              style={{ opacity: services.isPlaceholderData ? 0.6 : 1 }}
            >
              {data.items.map((service) => (
                <ServiceCard key={service.id} service={service} />
              ))}
            </Stack>
            <ListPagination
              page={filters.page}
              pageSize={SERVICES_PAGE_SIZE}
              total={data.total}
              onChange={(page) => setFilters({ page })}
            />
          </>
        )
      ) : services.isError ? (
        <LoadFailed
          title="سرویس‌های شما بارگذاری نشد"
          error={services.error}
          onRetry={() => services.refetch()}
          retrying={services.isFetching}
        />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="در حال بارگذاری سرویس‌ها">
          <Skeleton height={96} radius="lg" />
          <Skeleton height={96} radius="lg" />
          <Skeleton height={96} radius="lg" />
        </Stack>
      )}
    </Stack>
  );
}
