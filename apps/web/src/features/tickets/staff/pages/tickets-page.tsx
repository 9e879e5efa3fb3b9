import { Button, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { trailState } from '../../../../lib/list-cursor';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { FileTextIcon, HeadsetIcon } from '../../../../ui/icons';
import { PanelPageHeader } from '../../../../ui/panel-page-header';
import { AdminListBody } from '../../../console/components/admin-list-body';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { TICKET_QUEUE_PAGE_SIZE, useTicketQueue, useTicketStaffMembers } from '../api/tickets';
import { TicketFiltersBar } from '../components/ticket-filters-bar';
import { TicketQueueCards, TicketQueueTable } from '../components/ticket-queue-list';
import {
  CANNED_REPLIES_PATH,
  DEFAULT_QUEUE_STATUS,
  hasQueueFilters,
  ticketQueueCodec,
} from '../utils/ticket-filters';

/** The ticket queue (issue 8): support's work list, the longest-waiting first by default. */
export function TicketsPage() {
  useDocumentTitle('تیکت‌ها | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(ticketQueueCodec);
  const queue = useTicketQueue(userId, filters);
  const staff = useTicketStaffMembers(userId);
  const narrowed = hasQueueFilters(filters) || filters.status !== DEFAULT_QUEUE_STATUS;

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'کنسول کارکنان', to: ADMIN_PATH }, { label: 'تیکت‌ها' }]}
        title="تیکت‌ها"
        description="تیکت‌های مشتریان به ترتیب انتظار: آن‌که بیشتر منتظر مانده، اول."
        actions={
          <Button
            component={Link}
            to={CANNED_REPLIES_PATH}
            variant="light"
            leftSection={<FileTextIcon size={18} />}
          >
            پاسخ‌های آماده
          </Button>
        }
      />
      <TicketFiltersBar
        filters={filters}
        setFilters={setFilters}
        counts={queue.data?.counts}
        estimatedCounts={queue.data?.estimatedCounts}
        staff={staff.data?.items ?? []}
        userId={userId}
      />
      <AdminListBody
        query={queue}
        icon={<HeadsetIcon size={32} />}
        empty={{
          title: 'تیکتی منتظر پاسخ نیست',
          description: 'به همهٔ تیکت‌ها پاسخ داده شده است. تیکت تازه یا پاسخ تازهٔ مشتری این‌جا می‌آید.',
          color: 'teal',
        }}
        noMatch={{
          when: narrowed || filters.page > 1,
          title: 'تیکتی با این فیلترها نیست',
          description: 'فیلترها را تغییر دهید یا بردارید تا تیکت‌های دیگر را ببینید.',
          resetLabel: 'نمایش همهٔ تیکت‌ها',
          onReset: () =>
            setFilters({
              status: 'all',
              department: null,
              priority: null,
              assignee: null,
              search: '',
            }),
        }}
        countNoun="تیکت"
        page={filters.page}
        pageSize={TICKET_QUEUE_PAGE_SIZE}
        cursor={{
          after: filters.after,
          onMove: ({ trail, ...place }) => setFilters(place, { state: trailState(trail) }),
        }}
        failedTitle="صف تیکت‌ها بارگذاری نشد"
        loadingLabel="در حال بارگذاری تیکت‌ها"
      >
        {(items) => (
          <>
            <TicketQueueTable items={items} />
            <TicketQueueCards items={items} />
          </>
        )}
      </AdminListBody>
    </Stack>
  );
}
