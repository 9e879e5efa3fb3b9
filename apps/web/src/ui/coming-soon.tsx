import { Badge, Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ComingSoonProps {
  title: string;
  description: string;
  icon: ReactNode;
}

/** An honest page for an area that is not open yet: what it will hold, and a way back. */
export function ComingSoon({ title, description, icon }: ComingSoonProps) {
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Badge variant="light" color="amber" c="amber.9" size="lg">
          به‌زودی
        </Badge>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="lg" maw={520}>
          {description}
        </Text>
        <Button component={Link} to="/" variant="light" mt="sm">
          بازگشت به صفحهٔ اصلی
        </Button>
      </Stack>
    </Container>
  );
}
