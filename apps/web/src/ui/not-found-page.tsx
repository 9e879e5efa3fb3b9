import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { CompassIcon } from './icons';

export function NotFoundPage() {
  useDocumentTitle('صفحه پیدا نشد | ویترین');

  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="gray" aria-hidden="true">
          <CompassIcon size={36} />
        </ThemeIcon>
        <Text fw={900} fz={56} c="brand.7" lh={1}>
          ۴۰۴
        </Text>
        <Title order={1} size="h2">
          صفحه‌ای که دنبالش بودید پیدا نشد
        </Title>
        <Text c="dimmed" size="lg" maw={480}>
          ممکن است نشانی را اشتباه وارد کرده باشید یا این صفحه جابه‌جا شده باشد.
        </Text>
        <Button component={Link} to="/" mt="sm">
          بازگشت به صفحهٔ اصلی
        </Button>
      </Stack>
    </Container>
  );
}
