import { Button, Group, Text } from '@mantine/core';
import { describeApiError } from '../lib/api-error';
import { AlertIcon } from './icons';
import { StatusMessage } from './status-message';

/** The part of a TanStack query a failure message needs: what went wrong, and asking again. */
export interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

interface LoadFailedProps {
  /** What did not load, as a sentence: «سرویس‌های شما بارگذاری نشد». */
  title: string;
  query: RetryableQuery;
  /** 1 when the failure is the whole page. */
  titleOrder?: 1 | 2 | 3;
}

/** A list or page that could not load: the server's reason and «تلاش دوباره». */
export function LoadFailed({ title, query, titleOrder = 2 }: LoadFailedProps) {
  return (
    <StatusMessage
      titleOrder={titleOrder}
      icon={<AlertIcon size={32} />}
      color="orange"
      title={title}
      description={describeApiError(query.error)}
    >
      <Button variant="light" onClick={() => query.refetch()} loading={query.isFetching}>
        تلاش دوباره
      </Button>
    </StatusMessage>
  );
}

interface LoadFailedLineProps {
  /** What did not load: «پرداخت‌های این سفارش بارگذاری نشد.» */
  message: string;
  query: RetryableQuery;
  /** For a part the page does without (an optional field): dimmed, with a smaller button. */
  quiet?: boolean;
}

/** One part of a page that could not load, in its place: a line and «تلاش دوباره». */
export function LoadFailedLine({ message, query, quiet = false }: LoadFailedLineProps) {
  return (
    <Group gap={quiet ? 'xs' : 'sm'}>
      <Text size="sm" c={quiet ? 'dimmed' : undefined}>
        {message}
      </Text>
      <Button
        variant={quiet ? 'subtle' : 'light'}
        size={quiet ? 'compact-sm' : 'xs'}
        onClick={() => query.refetch()}
        loading={query.isFetching}
      >
        تلاش دوباره
      </Button>
    </Group>
  );
}
