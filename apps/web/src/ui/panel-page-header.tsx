import { Anchor, Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Left out for the page itself, the last crumb. */
  to?: string;
}

interface PanelPageHeaderProps {
  title: ReactNode;
  /** The way back up, first crumb first: `[{ label: 'پیشخوان', to: '/account' }, …]`. */
  breadcrumbs?: readonly Crumb[];
  /** A line under the title: what the page is for. */
  description?: ReactNode;
  /** Beside the title: a status badge. */
  badge?: ReactNode;
  /** At the end of the title's row: the page's main action. */
  actions?: ReactNode;
}

/** The top of a customer-panel page: breadcrumbs, the page's one h1, a line about it, actions. */
export function PanelPageHeader({
  title,
  breadcrumbs,
  description,
  badge,
  actions,
}: PanelPageHeaderProps) {
  return (
    <Stack gap="xs">
      {breadcrumbs && breadcrumbs.length > 0 && (
        <Breadcrumbs separator="‹" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
          {breadcrumbs.map((crumb) =>
            crumb.to ? (
              <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} size="sm" c="dimmed" aria-current="page">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" align="center" style={{ minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {badge}
        </Group>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}

interface PanelPageSkeletonProps {
  /** What is loading, for screen readers: «در حال بارگذاری سفارش». */
  label: string;
  crumbsWidth?: number;
  titleWidth: number | string;
  /** Blocks as tall as the page's parts under its header. */
  children: ReactNode;
}

/** A record's panel page while it loads: its breadcrumbs and title, then its parts. */
export function PanelPageSkeleton({
  label,
  crumbsWidth = 200,
  titleWidth,
  children,
}: PanelPageSkeletonProps) {
  return (
    <Stack gap="lg" aria-busy="true" aria-label={label}>
      <Skeleton height={14} width={crumbsWidth} />
      <Skeleton height={36} width={titleWidth} />
      {children}
    </Stack>
  );
}
