import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { describeApiError, isRequestFault } from '../lib/api-error';
import { AlertIcon } from './icons';
import type { RetryableQuery } from './load-failed';
import { StatusMessage } from './status-message';

/** «پاک کردن فیلترها» under a filtered list's message. */
function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  return (
    <Button variant="light" onClick={onClear}>
      پاک کردن فیلترها
    </Button>
  );
}

interface FilteredListFailedProps {
  /** What did not load: «فهرست محصولات بارگذاری نشد». */
  title: string;
  query: RetryableQuery;
  onClear: () => void;
}

/**
 * A filtered list that could not load, with the server's reason: a refusal of the filters
 * themselves offers clearing them (asking again would not help), anything else «تلاش دوباره».
 */
export function FilteredListFailed({ title, query, onClear }: FilteredListFailedProps) {
  return (
    <StatusMessage
      icon={<AlertIcon size={32} />}
      color="orange"
      title={title}
      description={describeApiError(query.error)}
    >
      {isRequestFault(query.error) ? (
        <ClearFiltersButton onClear={onClear} />
      ) : (
        <Button variant="light" onClick={() => query.refetch()}>
          تلاش دوباره
        </Button>
      )}
    </StatusMessage>
  );
}

interface FilteredListEmptyProps {
  icon: ReactNode;
  title: string;
  description: string;
  /** Whether filters are on: then the message offers clearing them. */
  filtered: boolean;
  onClear: () => void;
}

/** A filtered list with nothing in it; with filters on, a way to clear them. */
export function FilteredListEmpty({
  icon,
  title,
  description,
  filtered,
  onClear,
}: FilteredListEmptyProps) {
  return (
    <StatusMessage icon={icon} title={title} description={description}>
      {filtered && <ClearFiltersButton onClear={onClear} />}
    </StatusMessage>
  );
}
