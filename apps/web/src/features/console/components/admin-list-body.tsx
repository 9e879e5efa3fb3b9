import { Box, Button, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListMove } from '../../../lib/list-cursor';
import { CursorPagination, CursorRefused, cursorRefusal } from '../../../ui/cursor-pagination';
import { ListPagination } from '../../../ui/list-pagination';
import { LoadFailed, type RetryableQuery } from '../../../ui/load-failed';
import { StatusMessage } from '../../../ui/status-message';
import { listCountText } from '../utils/list-count';

/** The part of a paged list's TanStack query the body reads. */
interface ListQuery<T> extends RetryableQuery {
  /**
   * `totalIsEstimate`: the server counted no further and estimates, past 10,000 rows (1,000 for
   * a search or a ticket queue's status) (0031).
   */
  data:
    | {
        items: T[];
        total: number;
        totalIsEstimate?: boolean | undefined;
        nextCursor?: string | null | undefined;
      }
    | undefined;
  isError: boolean;
  isPlaceholderData: boolean;
}

interface EmptyMessage {
  title: string;
  description: string;
  color?: string;
  /** The way on from an empty list: «مقالهٔ تازه». */
  action?: ReactNode;
}

interface NoMatchMessage {
  /** Filters are on, or the page is past the first: an empty page is then this message. */
  when: boolean;
  title: string;
  description: string;
  /** The button that clears the filters: «نمایش همهٔ …». */
  resetLabel: string;
  onReset: () => void;
}

interface AdminListBodyProps<T> {
  query: ListQuery<T>;
  icon: ReactNode;
  /** The list has nothing at all yet. */
  empty: EmptyMessage;
  /** Left out where the list has no filters. */
  noMatch?: NoMatchMessage;
  /** The counted thing after the total: «۱۲ محصول». */
  countNoun: string;
  /** Whether the count line shows a loader while a new page is fetched. */
  showRefreshing?: boolean;
  page: number;
  pageSize: number;
  /** Pages by number: the page chosen. */
  onPage?: (page: number) => void;
  /**
   * Pages by cursor instead (decision 0033): the cursor the page was reached by, and the step to
   * another page. «قبلی / بعدی» then replace the page numbers.
   */
  cursor?: { after: string | null; onMove: (move: ListMove) => void };
  /** «محصولات بارگذاری نشد» */
  failedTitle: string;
  /** «در حال بارگذاری محصولات» */
  loadingLabel: string;
  skeletonCount?: number;
  skeletonHeight?: number;
  /** The page's records: a table from sm up and cards on a phone. */
  children: (items: T[]) => ReactNode;
}

/**
 * Under a console list's filters: its records with their count and pages, dimmed while the next
 * page comes; or why there are none (nothing yet, nothing with these filters); or that it
 * failed; or skeletons while the first page loads.
 */
export function AdminListBody<T>({
  query,
  icon,
  empty,
  noMatch,
  countNoun,
  showRefreshing = true,
  page,
  pageSize,
  onPage,
  cursor,
  failedTitle,
  loadingLabel,
  skeletonCount = 3,
  skeletonHeight = 56,
  children,
}: AdminListBodyProps<T>) {
  const data = query.data;
  if (!data) {
    const refusal = cursor && cursorRefusal(query.error);
    if (cursor && refusal) return <CursorRefused message={refusal} onMove={cursor.onMove} />;
    if (query.isError) return <LoadFailed title={failedTitle} query={query} />;
    return (
      <Stack gap="sm" aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: skeletonCount }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the skeletons are all alike
          <Skeleton key={index} height={skeletonHeight} radius="md" />
        ))}
      </Stack>
    );
  }

  if (data.items.length === 0) {
    if (noMatch?.when) {
      return (
        <StatusMessage icon={icon} title={noMatch.title} description={noMatch.description}>
          <Button variant="light" onClick={noMatch.onReset}>
            {noMatch.resetLabel}
          </Button>
        </StatusMessage>
      );
    }
    return (
      <StatusMessage
        icon={icon}
        color={empty.color}
        title={empty.title}
        description={empty.description}
      >
        {empty.action}
      </StatusMessage>
    );
  }

  const count = (
    <Text size="sm" c="dimmed">
      {listCountText(data.total, countNoun, data.totalIsEstimate)}
    </Text>
  );
  return (
    <>
      {showRefreshing ? (
        <Group justify="space-between" gap="sm">
          {count}
          {query.isFetching && <Loader size="xs" type="dots" aria-label="در حال به‌روزرسانی" />}
        </Group>
      ) : (
        count
      )}
      <Box style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>{children(data.items)}</Box>
      {cursor ? (
        <CursorPagination
          position={{ page, after: cursor.after }}
          pageSize={pageSize}
          answer={data}
          onMove={cursor.onMove}
          answerIsPrevious={query.isPlaceholderData}
        />
      ) : (
        onPage && (
          <ListPagination page={page} pageSize={pageSize} total={data.total} onChange={onPage} />
        )
      )}
    </>
  );
}
