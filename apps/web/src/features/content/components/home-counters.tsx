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

/** Our figures in one band: customers, active services, themes, articles. */
export function HomeCounters({ counters }: { counters: Counters | undefined }) {
  return (
    <section className={classes.band} aria-labelledby="counters-title">
      <VisuallyHidden component="h2" id="counters-title">
        ویترین در یک نگاه
      </VisuallyHidden>
      <Container>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
          {items.map(({ key, label }) => (
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
