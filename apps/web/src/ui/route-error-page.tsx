import { Button, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect } from 'react';
import { reportError } from '../lib/report-errors';
import { AlertIcon } from './icons';

/**
 * Shown instead of a page that failed to render or whose code failed to load (often a tab left
 * open across a release, which a reload fixes). Loaded eagerly: it must work when chunks do not.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    reportError(error);
  }, [error]);

  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="red" aria-hidden="true">
          <AlertIcon size={36} />
        </ThemeIcon>
        <Title order={1} size="h2">
          نمایش این صفحه با مشکل روبه‌رو شد
        </Title>
        <Text c="dimmed" size="lg" maw={480}>
          صفحه را دوباره بارگذاری کنید؛ اگر مشکل ماند، کمی بعد دوباره سر بزنید.
        </Text>
        <Group justify="center" mt="sm">
          <Button onClick={() => window.location.reload()}>بارگذاری دوباره</Button>
          {/* A full page load, not a client navigation: the app's state may be what broke. */}
          <Button component="a" href="/" variant="light">
            صفحهٔ اصلی
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
