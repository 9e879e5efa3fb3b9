import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { LiveVisit } from '@vitrin/contracts';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { referrerHost } from '../utils/visit-display';
import classes from './visits-feed.module.css';

/** The domain's latest visits, newest first. */
export function VisitsFeed({ visits }: { visits: readonly LiveVisit[] }) {
  if (visits.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        هنوز بازدیدی از این دامنه ثبت نشده است.
      </Text>
    );
  }
  return (
    <ul className={classes.list} aria-label="آخرین بازدیدها">
      {withKeys(visits).map(({ key, visit }) => (
        <VisitRow key={key} visit={visit} />
      ))}
    </ul>
  );
}

/**
 * Visits have no id: each is keyed by its time and path, numbered when two share both, so a
 * row keeps its key as newer visits push in above it.
 */
function withKeys(visits: readonly LiveVisit[]) {
  const seen = new Map<string, number>();
  return visits.map((visit) => {
    const base = `${visit.at} ${visit.path}`;
    const repeat = seen.get(base) ?? 0;
    seen.set(base, repeat + 1);
    return { key: repeat === 0 ? base : `${base} ${repeat}`, visit };
  });
}

function VisitRow({ visit }: { visit: LiveVisit }) {
  const host = referrerHost(visit.referrer);
  const isNew = visit.kind === 'new';
  return (
    <li className={classes.visit}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Badge variant="light" color={isNew ? 'teal' : 'gray'} size="sm">
          {isNew ? 'بازدیدکنندهٔ جدید' : 'بازدید دوباره'}
        </Badge>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <JalaliDateTime iso={visit.at} />
        </Text>
      </Group>
      {/* Visitors' text is shown as text (React escapes it), never as markup. */}
      <Text size="sm" fw={600} dir="auto" className={classes.title}>
        {visit.title || 'صفحهٔ بی‌عنوان'}
      </Text>
      <div dir="ltr" className={classes.path} title={visit.path}>
        {visit.path}
      </div>
      {host && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          آمده از <bdi dir="ltr">{host}</bdi>
        </Text>
      )}
    </li>
  );
}

export function VisitsFeedSkeleton() {
  return (
    <Stack gap="xs" aria-busy="true" aria-label="در حال بارگذاری آخرین بازدیدها">
      {['a', 'b', 'c'].map((key) => (
        <Skeleton key={key} height={84} radius="md" />
      ))}
    </Stack>
  );
}
