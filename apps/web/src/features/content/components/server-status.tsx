import { Group, Text } from '@mantine/core';
import { formatJalaliDate } from '@vitrin/fa';
import { useAppInfo } from '../api/get-app-info';
import classes from './server-status.module.css';
import { ServerStatusPending } from './server-status-pending';

/** One line telling visitors whether our servers answer, with the server's clock. */
export function ServerStatus() {
  const { data, isPending, isError } = useAppInfo();

  if (isPending) return <ServerStatusPending />;

  return (
    <Group gap="xs" justify="center" wrap="wrap" className={classes.line} role="status">
      {isError ? (
        <>
          <span className={classes.dot} data-state="down" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            وضعیت سرور: در دسترس نیست
          </Text>
        </>
      ) : (
        <>
          <span className={classes.dot} data-state="up" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            وضعیت سرور: فعال
          </Text>
          <Text size="sm" c="dimmed" aria-hidden="true">
            ·
          </Text>
          <Text size="sm" c="dimmed">
            ساعت سرور: {formatJalaliDate(data.serverTime, { withTime: true })}
          </Text>
        </>
      )}
    </Group>
  );
}
