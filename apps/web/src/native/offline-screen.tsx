import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { NoSignalIcon } from './native-icons';
import classes from './native-screens.module.css';

interface OfflineScreenProps {
  /** Asks the device again; true when the network is back. */
  onRetry: () => Promise<boolean>;
}

/** Issue 9: no network, said plainly in place of a broken page, with a way to try again. */
export function OfflineScreen({ onRetry }: OfflineScreenProps) {
  const [checking, setChecking] = useState(false);
  const [stillOffline, setStillOffline] = useState(false);

  const retry = async () => {
    setChecking(true);
    const online = await onRetry();
    setChecking(false);
    setStillOffline(!online);
  };

  return (
    <div className={classes.screen} role="alert" aria-live="assertive">
      <Stack align="center" gap="sm" ta="center" className={classes.content}>
        <ThemeIcon size={72} radius="xl" variant="light" color="gray" aria-hidden="true">
          <NoSignalIcon size={36} />
        </ThemeIcon>
        <Title order={1} size="h3">
          اتصال اینترنت برقرار نیست
        </Title>
        <Text c="dimmed">
          وای‌فای یا اینترنت همراه را روشن کنید؛ ویترین پس از وصل شدن، خودش ادامه می‌دهد.
        </Text>
        <Button onClick={retry} loading={checking} mt="xs" miw={160}>
          تلاش دوباره
        </Button>
        {stillOffline && !checking && (
          <Text size="sm" c="orange.8" role="status">
            هنوز به اینترنت وصل نیستید.
          </Text>
        )}
      </Stack>
    </div>
  );
}
