import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { TICKET_STATUS_LABELS, TICKET_STATUSES } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { type ListMove, trailState } from '../../../lib/list-cursor';
import { newTicketPath, PANEL_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { CursorPagination, CursorRefused, cursorRefusal } from '../../../ui/cursor-pagination';
import { FilterChips, FilterChipsSkeleton } from '../../../ui/filter-chips';
import { HeadsetIcon, PlusIcon } from '../../../ui/icons';
import { LoadFailed } from '../../../ui/load-failed';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import { useUserTickets } from '../api/get-user-tickets';
import { TicketRow, TicketRowSkeleton } from '../components/ticket-row';
import { useTicketFilters } from '../hooks/use-ticket-filters';
import { isTicketStatus, TICKETS_PAGE_SIZE } from '../utils/ticket-filters';

/**
 * The person's support tickets: by status, a page at a time by cursor (decision 0033), latest
 * activity first.
 */
export function TicketsPage() {
  useDocumentTitle('تیکت‌های پشتیبانی | ویترین');
  const userId = useSignedInUserId();
  const [filters, setFilters] = useTicketFilters();
  const tickets = useUserTickets(userId, filters);
  const data = tickets.data;
  const onMove = ({ trail, ...place }: ListMove) => setFilters(place, { state: trailState(trail) });
  const refusal = cursorRefusal(tickets.error);
  const allCount = data
    ? TICKET_STATUSES.reduce((sum, status) => sum + (data.counts[status] ?? 0), 0)
    : undefined;

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'پیشخوان', to: PANEL_PATH }, { label: 'تیکت‌های پشتیبانی' }]}
        title="تیکت‌های پشتیبانی"
        description="پرسش‌ها و درخواست‌هایتان از پشتیبانی ویترین، و پاسخ‌هایی که گرفته‌اید."
        actions={
          <Button component={Link} to={newTicketPath()} leftSection={<PlusIcon size={18} />}>
            تیکت تازه
          </Button>
        }
      />

      {data ? (
        <Group gap="sm" align="center">
          <FilterChips
            label="وضعیت تیکت"
            options={TICKET_STATUSES.map((status) => ({
              slug: status,
              name: TICKET_STATUS_LABELS[status],
              count: data.counts[status] ?? 0,
            }))}
            allCount={allCount}
            value={filters.status}
            onChange={(slug) =>
              setFilters({ status: slug !== null && isTicketStatus(slug) ? slug : null })
            }
          />
          {tickets.isFetching && <Loader size="xs" type="dots" aria-label="در حال به‌روزرسانی" />}
        </Group>
      ) : (
        tickets.isPending && <FilterChipsSkeleton count={TICKET_STATUSES.length + 1} />
      )}

      {tickets.isError && !data ? (
        refusal ? (
          <CursorRefused message={refusal} onMove={onMove} />
        ) : (
          <LoadFailed title="فهرست تیکت‌ها بارگذاری نشد" query={tickets} />
        )
      ) : data && data.items.length === 0 ? (
        allCount === 0 ? (
          <StatusMessage
            icon={<HeadsetIcon size={32} />}
            color="brand"
            title="هنوز تیکتی ثبت نکرده‌اید"
            description="هر پرسشی دربارهٔ خرید، سرویس‌ها یا صورت‌حساب‌ها دارید، با یک تیکت از پشتیبانی بپرسید؛ پاسخ را همین‌جا می‌بینید."
          >
            <Button component={Link} to={newTicketPath()} leftSection={<PlusIcon size={18} />}>
              ثبت نخستین تیکت
            </Button>
          </StatusMessage>
        ) : (
          <StatusMessage
            icon={<HeadsetIcon size={32} />}
            title={
              filters.status
                ? `تیکتی با وضعیت «${TICKET_STATUS_LABELS[filters.status]}» ندارید`
                : 'در این صفحه تیکتی نیست'
            }
          >
            <Button variant="light" onClick={() => setFilters({ status: null })}>
              نمایش همهٔ تیکت‌ها
            </Button>
          </StatusMessage>
        )
      ) : (
        <Stack gap={0}>
          {data && (
            <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
              {toPersianDigits(data.total)} تیکت
            </Text>
          )}
          <Stack
            component="ul"
            gap="sm"
            m={0}
            p={0}
            aria-busy={tickets.isFetching}
            style={{
              listStyle: 'none',
              opacity: tickets.isPlaceholderData ? 0.6 : 1,
              transition: 'opacity 150ms',
            }}
          >
            {data
              ? data.items.map((ticket) => <TicketRow key={ticket.id} ticket={ticket} />)
              : Array.from({ length: 4 }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else
                  <TicketRowSkeleton key={index} />
                ))}
          </Stack>
          {data && (
            <CursorPagination
              position={filters}
              pageSize={TICKETS_PAGE_SIZE}
              answer={data}
              onMove={onMove}
              answerIsPrevious={tickets.isPlaceholderData}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
