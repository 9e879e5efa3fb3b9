import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface StepHeadingProps {
  title: string;
  children?: ReactNode;
}

export function StepHeading({ title, children }: StepHeadingProps) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h3">
        {title}
      </Title>
      {children && (
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      )}
    </Stack>
  );
}
