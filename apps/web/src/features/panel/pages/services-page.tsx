import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { SERVICE_STATUS_LABELS, SERVICE_STATUSES } from '@vitrin/contracts';
import { PANEL_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { useFilterParams } from '../../../lib/use-filter-params';
import { ServerIcon } from '../../../ui/icons';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { SERVICES_PAGE_SIZE, useUserServices } from '../api/get-user-services';
import { ServiceCard } from '../components/service-card';
import { StatusList } from '../components/status-list';
import { serviceFilterCodec } from '../utils/list-filters';

export function ServicesPage() {
  useDocumentTitle('سرویس‌ها | ویترین');
  const userId = useSignedInUserId();
  const [filters, setFilters] = useFilterParams(serviceFilterCodec);
  const services = useUserServices(userId, filters);

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'پیشخوان', to: PANEL_PATH }, { label: 'سرویس‌ها' }]}
        title="سرویس‌ها"
        description="سایت‌سازها، هاست‌ها و سرورهای شما با وضعیت و تاریخ انقضا؛ پیش از انقضا تمدیدشان کنید."
      />
      <StatusList
        query={services}
        filters={filters}
        setFilters={setFilters}
        pageSize={SERVICES_PAGE_SIZE}
        statuses={SERVICE_STATUSES}
        statusLabels={SERVICE_STATUS_LABELS}
        filterLabel="وضعیت سرویس"
        listLabel="فهرست سرویس‌ها"
        loadingLabel="در حال بارگذاری سرویس‌ها"
        loadFailedTitle="سرویس‌های شما بارگذاری نشد"
        icon={<ServerIcon size={32} />}
        empty={{
          title: 'هنوز سرویسی ندارید',
          description:
            'سایت‌ساز، هاست یا سروری را که می‌خواهید از فروشگاه بخرید؛ پس از پرداخت، اینجا می‌آید.',
        }}
        filteredEmpty={{
          title: 'سرویسی در این فهرست نیست',
          description: 'فیلتر وضعیت را بردارید تا همهٔ سرویس‌هایتان را ببینید.',
          showAllLabel: 'نمایش همهٔ سرویس‌ها',
        }}
        skeletonHeight={96}
        renderItem={(service) => <ServiceCard service={service} />}
      />
    </Stack>
  );
}
