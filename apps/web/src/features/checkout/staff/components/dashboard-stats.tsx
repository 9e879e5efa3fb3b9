import { Card, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import quickLink from '../../../../ui/quick-link.module.css';
import classes from '../../../../ui/stat-card.module.css';

interface StatCardProps {
  label: string;
  value: string;
  /** A line under the figure: what it counts, or a second figure. */
  note?: ReactNode;
  /** Where the figure's rows are listed. */
  to?: string;
}

/** One figure of the dashboard: its name, the number large, a note; a link when given `to`. */
export function StatCard({ label, value, note, to }: StatCardProps) {
  const body = (
    <>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text fw={900} fz={22} lh={1.3} component="dd" m={0}>
        {value}
      </Text>
      {/* The note belongs to the figure: a second description of the same term. */}
      {note && (
        <Text size="xs" c="dimmed" component="dd" m={0}>
          {note}
        </Text>
      )}
    </>
  );
  return to ? (
    <Card component={Link} to={to} className={classes.stat} padding="md">
      <dl style={{ margin: 0 }}>{body}</dl>
    </Card>
  ) : (
    <Card className={classes.stat} padding="md">
      <dl style={{ margin: 0 }}>{body}</dl>
    </Card>
  );
}

/** A plain way into a console page: an icon and where it goes. */
export function QuickLink({
  to,
  icon,
  children,
}: {
  to: string;
  icon: ReactNode;
  children: string;
}) {
  return (
    <Link to={to} className={quickLink.link}>
      {icon}
      {children}
    </Link>
  );
}
