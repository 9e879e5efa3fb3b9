import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { cursorPageCodec, trailState } from '../../../lib/list-cursor';
import { useFilterParams } from '../../../lib/use-filter-params';
import { ClockIcon } from '../../../ui/icons';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { useWaitingWork, WAITING_WORK_PAGE_SIZE } from '../api/waiting-work';
import { AdminListBody } from '../components/admin-list-body';
import { WaitingWorkList } from '../components/waiting-work-list';
import { useNow } from '../hooks/use-now';
import { ADMIN_PATH } from '../utils/admin-sections';
import { useStaffMember } from '../utils/staff-context';

const TITLE = 'کارهای منتظر کارشناس';

/**
 * The one queue of what automation gave up on (issue 38, admins): setups the panel job handed
 * over, deliveries by hand past their time, domains and renewals the registry did not finish,
 * oldest first, each linked to the page where staff retry, complete or refund it.
 */
export function WaitingWorkPage() {
  useDocumentTitle(`${TITLE} | کنسول کارکنان ویترین`);
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(cursorPageCodec);
  const { page, after } = filters;
  const work = useWaitingWork(userId, {
    page,
    pageSize: WAITING_WORK_PAGE_SIZE,
    ...(after ? { after } : {}),
  });
  const now = useNow();

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'کنسول کارکنان', to: ADMIN_PATH }, { label: TITLE }]}
        title={TITLE}
        description="سرویس‌ها و دامنه‌هایی که کار خودکارشان پیش نرفت و به کارشناس سپرده شد، قدیمی‌ترین اول. هر ردیف را باز کنید تا دوباره امتحان کنید، دستی انجام دهید یا مبلغ را برگردانید؛ کار انجام‌شده خودش از این صف می‌رود."
      />
      <AdminListBody
        query={work}
        icon={<ClockIcon size={32} />}
        empty={{
          title: 'کاری منتظر شما نیست',
          description:
            'هر راه‌اندازی یا ثبت دامنه‌ای که خودکار پیش نرود، یا تحویل دستی‌ای که از مهلتش بگذرد، این‌جا می‌آید.',
          color: 'teal',
        }}
        noMatch={{
          when: page > 1,
          title: 'این صفحه کاری ندارد',
          description: 'صف کوتاه‌تر شده است؛ از صفحهٔ اول ببینید.',
          resetLabel: 'رفتن به صفحهٔ اول',
          onReset: () => setFilters({ page: 1, after: null }),
        }}
        countNoun="کار"
        page={page}
        pageSize={WAITING_WORK_PAGE_SIZE}
        cursor={{
          after,
          onMove: ({ trail, ...place }) => setFilters(place, { state: trailState(trail) }),
        }}
        failedTitle="کارهای منتظر کارشناس بارگذاری نشد"
        loadingLabel="در حال بارگذاری کارهای منتظر کارشناس"
      >
        {(items) => <WaitingWorkList items={items} now={now} />}
      </AdminListBody>
    </Stack>
  );
}
