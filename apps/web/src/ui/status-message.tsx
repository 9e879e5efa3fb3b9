import { Button, Stack, Text, ThemeIcon, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface StatusMessageProps {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  /** 1 when the message is the whole page (not found), 2 or 3 inside a page. */
  titleOrder?: TitleOrder;
  color?: string;
  /** The way on: a button or link, or a few. */
  children?: ReactNode;
}

/** A centred message in place of content: not found, nothing matched, could not load. */
export function StatusMessage({
  icon,
  title,
  description,
  titleOrder = 2,
  color = 'gray',
  children,
}: StatusMessageProps) {
  return (
    <Stack align="center" gap="sm" ta="center" py={titleOrder === 1 ? { base: 48, sm: 80 } : 48}>
      <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Title order={titleOrder} size={titleOrder === 1 ? 'h2' : 'h3'}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" maw={480}>
          {description}
        </Text>
      )}
      {children}
    </Stack>
  );
}

interface NotFoundMessageProps {
  icon: ReactNode;
  /** «سفارشی با این نشانی پیدا نشد» */
  title: string;
  description: string;
  /** The way back to the list the missing record would be in. */
  back: { to: string; label: string };
}

/** A page whose record is not there (or is another person's): the whole page's message. */
export function NotFoundMessage({ icon, title, description, back }: NotFoundMessageProps) {
  return (
    <StatusMessage titleOrder={1} icon={icon} title={title} description={description}>
      <Button component={Link} to={back.to} mt="sm">
        {back.label}
      </Button>
    </StatusMessage>
  );
}
