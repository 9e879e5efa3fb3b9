import { Button, Group, Loader, Skeleton, Stack } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { type ListMove, trailState } from '../../../lib/list-cursor';
import { CursorPagination, CursorRefused, cursorRefusal } from '../../../ui/cursor-pagination';
import { LoadFailed } from '../../../ui/load-failed';
import { StatusMessage } from '../../../ui/status-message';
import type { StatusFilters } from '../utils/list-filters';
import { StatusFilter } from './status-filter';

interface StatusListPage<S extends string, T> {
  items: T[];
  total: number;
  totalIsEstimate?: boolean | undefined;
  page: number;
  counts: Partial<Record<S, number>>;
  nextCursor?: string | null | undefined;
}

interface StatusListQuery<S extends string, T> {
  data: StatusListPage<S, T> | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface StatusListProps<S extends string, T extends { id: string }> {
  query: StatusListQuery<S, T>;
  filters: StatusFilters<S>;
  /** `state`: the history entry's, a cursor page's trail of the pages before it (0033). */
  setFilters: (changes: Partial<StatusFilters<S>>, options?: { state?: unknown }) => void;
  pageSize: number;
  statuses: readonly S[];
  statusLabels: Record<S, string>;
  /** The status chips' group name: «وضعیت سفارش». */
  filterLabel: string;
  /** The list's name for screen readers: «فهرست سفارش‌ها». */
  listLabel: string;
  loadingLabel: string;
  loadFailedTitle: string;
  icon: ReactNode;
  /** The person has nothing yet: what to say, and the way to the store. */
  empty: { title: string; description: string };
  /** Nothing under the chosen status: what to say, and the button that clears it. */
  filteredEmpty: { title: string; description: string; showAllLabel: string };
  /** Each placeholder row's height while the first page loads, as tall as a real row. */
  skeletonHeight: number;
  renderItem: (item: T) => ReactNode;
}

/**
 * A panel list by status: chips with counts, a page of rows with «قبلی / بعدی» by cursor
 * (decision 0033), and the states around them (loading, could not load, a refused cursor,
 * nothing yet, nothing under this status).
 */
export function StatusList<S extends string, T extends { id: string }>({
  query,
  filters,
  setFilters,
  pageSize,
  statuses,
  statusLabels,
  filterLabel,
  listLabel,
  loadingLabel,
  loadFailedTitle,
  icon,
  empty,
  filteredEmpty,
  skeletonHeight,
  renderItem,
}: StatusListProps<S, T>) {
  const data = query.data;
  const onMove = ({ trail, ...place }: ListMove) => setFilters(place, { state: trailState(trail) });
  const refusal = cursorRefusal(query.error);

  return (
    <>
      <Group justify="space-between" align="center" gap="sm">
        <StatusFilter
          label={filterLabel}
          statuses={statuses}
          labels={statusLabels}
          counts={data?.counts}
          value={filters.status}
          onChange={(status) => setFilters({ status })}
        />
        {query.isFetching && data && (
          <Loader size="xs" type="dots" aria-label="در حال به‌روزرسانی" />
        )}
      </Group>

      {data ? (
        data.items.length === 0 ? (
          filters.status === null && data.page === 1 ? (
            <StatusMessage icon={icon} title={empty.title} description={empty.description}>
              <Button component={Link} to="/store" mt="sm">
                رفتن به فروشگاه
              </Button>
            </StatusMessage>
          ) : (
            <StatusMessage
              icon={icon}
              title={filteredEmpty.title}
              description={filteredEmpty.description}
            >
              <Button variant="light" onClick={() => setFilters({ status: null })}>
                {filteredEmpty.showAllLabel}
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
              aria-label={listLabel}
              style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
            >
              {data.items.map((item) => (
                <Fragment key={item.id}>{renderItem(item)}</Fragment>
              ))}
            </Stack>
            <CursorPagination
              position={filters}
              pageSize={pageSize}
              answer={data}
              onMove={onMove}
              answerIsPrevious={query.isPlaceholderData}
            />
          </>
        )
      ) : query.isError ? (
        refusal ? (
          <CursorRefused message={refusal} onMove={onMove} />
        ) : (
          <LoadFailed title={loadFailedTitle} query={query} />
        )
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label={loadingLabel}>
          <Skeleton height={skeletonHeight} radius="lg" />
          <Skeleton height={skeletonHeight} radius="lg" />
          <Skeleton height={skeletonHeight} radius="lg" />
        </Stack>
      )}
    </>
  );
}
