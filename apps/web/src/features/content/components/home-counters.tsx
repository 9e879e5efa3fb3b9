import { Container, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { PathResult } from '@vitrin/contracts';
import { formatAmount } from '@vitrin/fa';
import classes from './home-counters.module.css';

type Counters = PathResult<'/api/app/get-app-home-data'>['counters'];

const items: ReadonlyArray<{ key: keyof Counters; label: string }> = [
  { key: 'customers', label: 'مشتری' },
  { key: 'activeServices', label: 'سرویس فعال' },
  { key: 'themes', label: 'قالب آماده' },
  { key: 'articles', label: 'مقاله و راهنما' },
];

/**
 * Our figures in one band: customers, active services, themes, articles. A figure that is
 * still zero (no service sold yet on a new install) is left out rather than shown as «۰».
 */
export function HomeCounters({ counters }: { counters: Counters | undefined }) {
  const shown = counters ? items.filter(({ key }) => counters[key] > 0) : items;
  if (shown.length === 0) return null;
  return (
    <section className={classes.band} aria-labelledby="counters-title">
      <VisuallyHidden component="h2" id="counters-title">
        ویترین در یک نگاه
      </VisuallyHidden>
      <Container>
        <SimpleGrid cols={{ base: Math.min(2, shown.length), md: shown.length }} spacing="lg">
          {shown.map(({ key, label }) => (
            <Stack key={key} gap={0} align="center" ta="center">
              {counters ? (
                <Text component="span" className={classes.value}>
                  {formatAmount(counters[key])}
                </Text>
              ) : (
                <Skeleton height={40} width={96} my={4} opacity={0.3} />
              )}
              <Text component="span" className={classes.label}>
                {label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
