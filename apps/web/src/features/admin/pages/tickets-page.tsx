import { Box, Button, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { useFilterParams } from '../../../lib/use-filter-params';
import { FileTextIcon, HeadsetIcon } from '../../../ui/icons';
import { ListPagination } from '../../../ui/list-pagination';
import { LoadFailed } from '../../../ui/load-failed';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import { TICKET_QUEUE_PAGE_SIZE, useTicketQueue, useTicketStaffMembers } from '../api/tickets';
import { TicketFiltersBar } from '../components/ticket-filters-bar';
import { TicketQueueCards, TicketQueueTable } from '../components/ticket-queue-list';
import { ADMIN_PATH } from '../utils/admin-sections';
import { useStaffMember } from '../utils/staff-context';
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
  const data = queue.data;
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
        counts={data?.counts}
        staff={staff.data?.items ?? []}
        userId={userId}
      />
      {data ? (
        data.items.length === 0 ? (
          narrowed || filters.page > 1 ? (
            <StatusMessage
              icon={<HeadsetIcon size={32} />}
              title="تیکتی با این فیلترها نیست"
              description="فیلترها را تغییر دهید یا بردارید تا تیکت‌های دیگر را ببینید."
            >
              <Button
                variant="light"
                onClick={() =>
                  setFilters({
                    status: 'all',
                    department: null,
                    priority: null,
                    assignee: null,
                    search: '',
                  })
                }
              >
                نمایش همهٔ تیکت‌ها
              </Button>
            </StatusMessage>
          ) : (
            <StatusMessage
              icon={<HeadsetIcon size={32} />}
              color="teal"
              title="تیکتی منتظر پاسخ نیست"
              description="به همهٔ تیکت‌ها پاسخ داده شده است. تیکت تازه یا پاسخ تازهٔ مشتری این‌جا می‌آید."
            />
          )
        ) : (
          <>
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {`${toPersianDigits(data.total)} تیکت`}
              </Text>
              {queue.isFetching && <Loader size="xs" type="dots" aria-label="در حال به‌روزرسانی" />}
            </Group>
            <Box style={{ opacity: queue.isPlaceholderData ? 0.6 : 1 }}>
              <TicketQueueTable items={data.items} />
              <TicketQueueCards items={data.items} />
            </Box>
            <ListPagination
              page={filters.page}
              pageSize={TICKET_QUEUE_PAGE_SIZE}
              total={data.total}
              onChange={(page) => setFilters({ page })}
            />
          </>
        )
      ) : queue.isError ? (
        <LoadFailed title="صف تیکت‌ها بارگذاری نشد" query={queue} />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="در حال بارگذاری تیکت‌ها">
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}
