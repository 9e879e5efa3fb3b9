import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '../../../ui/icons';
import classes from './home-section.module.css';

interface HomeSectionProps {
  id: string;
  title: string;
  description?: string;
  /** "See all" beside the title. */
  more?: { to: string; label: string };
  tinted?: boolean;
  children: ReactNode;
}

/** One band of the home page: a heading, an optional "see all" link, and its cards. */
export function HomeSection({ id, title, description, more, tinted, children }: HomeSectionProps) {
  const titleId = `${id}-title`;
  return (
    <section
      className={classes.section}
      data-tinted={tinted || undefined}
      aria-labelledby={titleId}
    >
      <Container>
        <Group justify="space-between" align="flex-end" gap="sm" className={classes.head}>
          <Stack gap={4}>
            <Title order={2} id={titleId}>
              {title}
            </Title>
            {description && (
              <Text c="dimmed" maw={560}>
                {description}
              </Text>
            )}
          </Stack>
          {more && (
            <Anchor component={Link} to={more.to} fw={600}>
              <Group gap={4} wrap="nowrap" component="span">
                {more.label}
                <ArrowLeftIcon size={18} />
              </Group>
            </Anchor>
          )}
        </Group>
        {children}
      </Container>
    </section>
  );
}
