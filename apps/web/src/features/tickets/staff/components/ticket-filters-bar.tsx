import { Box, Button, Chip, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import {
  TICKET_DEPARTMENT_LABELS,
  TICKET_DEPARTMENTS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  type TicketStatus,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { FilterSelect, filterOptionsOf } from '../../../../ui/filter-select';
import { SearchBox } from '../../../../ui/search-box';
import type { TicketStaffMember } from '../api/tickets';
import {
  hasQueueFilters,
  QUEUE_SORTS,
  QUEUE_STATUSES,
  type QueueSort,
  type QueueStatus,
  type TicketQueueFilters,
} from '../utils/ticket-filters';
import {
  QUEUE_SORT_LABELS,
  QUEUE_STATUS_LABELS,
  queueStatusCount,
  queueStatusCountIsEstimate,
} from '../utils/ticket-labels';

interface TicketFiltersBarProps {
  filters: TicketQueueFilters;
  setFilters: (changes: Partial<TicketQueueFilters>) => void;
  /** Tickets of each status under the other filters; unknown until the first answer. */
  counts: Readonly<Record<TicketStatus, number>> | undefined;
  /** The statuses whose count is an estimate (shown «حدود»). */
  estimatedCounts?: readonly TicketStatus[] | undefined;
  staff: readonly TicketStaffMember[];
  /** Who is looking: left out of the people list, being «من» already. */
  userId: string;
}

/** The queue's status chips (with counts), its selects and its search; each applies at once. */
export function TicketFiltersBar({
  filters,
  setFilters,
  counts,
  estimatedCounts,
  staff,
  userId,
}: TicketFiltersBarProps) {
  const assigneeKnown =
    filters.assignee === null ||
    filters.assignee === 'me' ||
    filters.assignee === 'none' ||
    staff.some((member) => member.id === filters.assignee);

  return (
    <Stack gap="md" component="form" aria-label="فیلتر تیکت‌ها" onSubmit={(e) => e.preventDefault()}>
      <Chip.Group
        multiple={false}
        value={filters.status}
        onChange={(status) => setFilters({ status: status as QueueStatus })}
      >
        <Group gap={8} role="radiogroup" aria-label="وضعیت تیکت">
          {QUEUE_STATUSES.map((status) => (
            <Chip key={status} value={status} variant="outline" radius="xl" type="radio">
              {QUEUE_STATUS_LABELS[status]}
              {counts &&
                ` (${queueStatusCountIsEstimate(status, estimatedCounts) ? 'حدود ' : ''}${toPersianDigits(queueStatusCount(status, counts))})`}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Box maw={{ sm: 480 }}>
        <SearchBox
          value={filters.search}
          onSearch={(search) => setFilters({ search })}
          label="جست‌وجو"
          placeholder="موضوع، نام مشتری، شمارهٔ تیکت یا موبایل"
        />
      </Box>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" maw={{ md: 880 }}>
        <FilterSelect
          label="بخش"
          value={filters.department}
          onChange={(department) => setFilters({ department })}
          allLabel="همهٔ بخش‌ها"
          options={filterOptionsOf(TICKET_DEPARTMENTS, TICKET_DEPARTMENT_LABELS)}
        />
        <FilterSelect
          label="اولویت"
          value={filters.priority}
          onChange={(priority) => setFilters({ priority })}
          allLabel="همهٔ اولویت‌ها"
          options={filterOptionsOf(TICKET_PRIORITIES, TICKET_PRIORITY_LABELS)}
        />
        <FilterSelect
          label="مسئول"
          value={filters.assignee}
          onChange={(assignee) => setFilters({ assignee })}
          allLabel="همه"
          options={[
            { value: 'me', label: 'من' },
            { value: 'none', label: 'بی‌مسئول' },
            ...staff
              .filter((member) => member.id !== userId)
              .map((member) => ({ value: member.id, label: member.name })),
            // A link may name someone no longer on the list (locked since): still shown as chosen.
            ...(assigneeKnown || filters.assignee === null
              ? []
              : [{ value: filters.assignee, label: 'کارمند دیگر' }]),
          ]}
        />
        <NativeSelect
          label="ترتیب"
          value={filters.sort}
          onChange={(event) => setFilters({ sort: event.currentTarget.value as QueueSort })}
          data={QUEUE_SORTS.map((value) => ({ value, label: QUEUE_SORT_LABELS[value] }))}
        />
      </SimpleGrid>
      {hasQueueFilters(filters) && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() =>
              setFilters({ department: null, priority: null, assignee: null, search: '' })
            }
          >
            پاک کردن فیلترها
          </Button>
        </Group>
      )}
    </Stack>
  );
}
