import { Group, Loader, Text } from '@mantine/core';
import classes from './server-status.module.css';

/** The status line while the server has not answered yet. */
export function ServerStatusPending() {
  return (
    <Group gap="xs" justify="center" wrap="nowrap" className={classes.line} role="status">
      <Loader size={12} type="oval" />
      <Text size="sm" c="dimmed">
        در حال بررسی وضعیت سرور…
      </Text>
    </Group>
  );
}
