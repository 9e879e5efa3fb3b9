import { Button } from '@mantine/core';
import { describeApiError } from '../lib/api-error';
import { AlertIcon } from './icons';
import { StatusMessage } from './status-message';

interface LoadFailedProps {
  /** What did not load, as a sentence: «سرویس‌های شما بارگذاری نشد». */
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  /** 1 when the failure is the whole page. */
  titleOrder?: 1 | 2 | 3;
}

/** A list or page that could not load: the server's reason and «تلاش دوباره». */
export function LoadFailed({ title, error, onRetry, retrying, titleOrder = 2 }: LoadFailedProps) {
  return (
    <StatusMessage
      titleOrder={titleOrder}
      icon={<AlertIcon size={32} />}
      color="orange"
      title={title}
      description={describeApiError(error)}
    >
      <Button variant="light" onClick={onRetry} loading={retrying}>
        تلاش دوباره
      </Button>
    </StatusMessage>
  );
}
