import { Badge, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { readPage, toSearchParams } from '../../../../lib/url-params';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { ServerIcon } from '../../../../ui/icons';
import { AdminListBody } from '../../../console/components/admin-list-body';
import { useNow } from '../../../console/hooks/use-now';
import { useStaffMember } from '../../../console/utils/staff-context';
import { DELIVERY_QUEUE_PAGE_SIZE, useDeliveryQueue } from '../api/delivery-queue';
import { DeliveryQueueList } from '../components/delivery-queue-list';
import { ProvisioningHeader } from '../components/provisioning-header';
import { ProvisioningTabs } from '../components/provisioning-tabs';

const pageCodec = {
  parse: (params: URLSearchParams) => ({ page: readPage(params) }),
  write: (filters: { page: number }) => toSearchParams([['page', filters.page]]),
};

/**
 * The delivery queue (issue 35, admins): paid products delivered by hand (VPS, e-mail, domains)
 * that wait for staff, waiting longest first; those past their product's time are overdue.
 */
export function DeliveryQueuePage() {
  useDocumentTitle('تحویل دستی | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(pageCodec);
  const queue = useDeliveryQueue(userId, filters.page);
  const now = useNow();
  const overdue = queue.data?.overdue;

  return (
    <Stack gap="lg">
      <ProvisioningHeader
        page="تحویل دستی"
        description="محصولاتی که کنترل پنل تحویل نمی‌دهد (سرور مجازی، ایمیل، دامنه) پس از پرداخت این‌جا منتظر شما هستند. دورهٔ هر سرویس از لحظهٔ تحویل آغاز می‌شود؛ اطلاعات دسترسی مشتری را هنگام تحویل وارد کنید."
        badge={
          overdue ? (
            <Badge color="orange" variant="light">
              {`${toPersianDigits(overdue)} تحویل دیرشده`}
            </Badge>
          ) : undefined
        }
      />
      <ProvisioningTabs active="delivery" overdueDeliveries={overdue} />
      <AdminListBody
        query={queue}
        icon={<ServerIcon size={32} />}
        empty={{
          title: 'سرویسی در انتظار تحویل نیست',
          description: 'محصولی که دستی تحویل می‌شود، پس از پرداخت این‌جا می‌آید.',
          color: 'teal',
        }}
        noMatch={{
          when: filters.page > 1,
          title: 'این صفحه سرویسی ندارد',
          description: 'صف کوتاه‌تر شده است؛ از صفحهٔ اول ببینید.',
          resetLabel: 'رفتن به صفحهٔ اول',
          onReset: () => setFilters({ page: 1 }),
        }}
        countNoun="سرویس"
        page={filters.page}
        pageSize={DELIVERY_QUEUE_PAGE_SIZE}
        onPage={(page) => setFilters({ page })}
        failedTitle="صف تحویل بارگذاری نشد"
        loadingLabel="در حال بارگذاری صف تحویل"
      >
        {(items) => <DeliveryQueueList staffId={userId} items={items} now={now} />}
      </AdminListBody>
    </Stack>
  );
}
