import { Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { LiveUserCount } from '@vitrin/contracts';
import { formatAmount } from '@vitrin/fa';
import type { ComponentType } from 'react';
import { ActivityIcon, EyeIcon, GlobeIcon, UserIcon } from '../../../ui/icons';
import classes from './live-counters.module.css';

const counters: ReadonlyArray<{
  key: keyof LiveUserCount;
  label: string;
  icon: ComponentType<{ size?: number }>;
}> = [
  { key: 'allVisitorsCount', label: 'همهٔ بازدیدکنندگان', icon: GlobeIcon },
  { key: 'allVisitorsTodayCount', label: 'بازدیدکنندگان امروز', icon: EyeIcon },
  { key: 'newVisitorsTodayCount', label: 'بازدیدکنندگان جدید امروز', icon: UserIcon },
  { key: 'onlineVisitorsCount', label: 'آنلاین', icon: ActivityIcon },
];

interface LiveCountersProps {
  /** Null until the first answer for the domain. */
  counts: LiveUserCount | null;
  /** The update blink is on. */
  blink: boolean;
  /** Changes with each update blink, so the next one starts its animation afresh. */
  blinkKey: number;
}

/** Spec §3's four visitor counts, in Persian digits. */
export function LiveCounters({ counts, blink, blinkKey }: LiveCountersProps) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" aria-busy={counts === null}>
      {counters.map(({ key, label, icon: Icon }) => (
        <Card
          key={`${key}-${blinkKey}`}
          padding="md"
          className={blink ? `${classes.counter} ${classes.updated}` : classes.counter}
        >
          <Group gap={6} c="dimmed" wrap="nowrap" align="flex-start">
            <Icon size={18} />
            <Text size="sm">{label}</Text>
          </Group>
          {counts ? (
            <Text className={classes.value}>{formatAmount(counts[key])}</Text>
          ) : (
            <Skeleton height={26} width="50%" my={8} />
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
