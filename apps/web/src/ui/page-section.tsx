import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageSectionProps {
  title: ReactNode;
  /** The heading's id; given, the section is named by its heading (a landmark). */
  titleId?: string;
  children: ReactNode;
}

/** A part of a page under its own h2. */
export function PageSection({ title, titleId, children }: PageSectionProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
