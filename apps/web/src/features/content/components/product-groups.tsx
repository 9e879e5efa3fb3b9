import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { BILLING_CYCLE_LABELS, type PathResult } from '@vitrin/contracts';
import { rialToToman, shortenPrice, toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { mediaUrl } from '../../../lib/media-url';
import classes from '../../../ui/catalog-card.module.css';
import { HomeSection } from './home-section';

type ProductGroup = PathResult<'/api/app/get-app-home-data'>['groups'][number];

const PLACEHOLDER_COUNT = 6;

/** The product lines, each opening the store filtered to it, with its lowest price. */
export function ProductGroups({ groups }: { groups: ProductGroup[] | undefined }) {
  if (groups?.length === 0) return null;
  return (
    <HomeSection
      id="product-groups"
      title="هر چه سایتتان لازم دارد"
      description="از ساختن سایت تا میزبانی و دامنه، همه در یک حساب و با یک صورت‌حساب."
    >
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
        {groups
          ? groups.map((group) => <GroupCard key={group.slug} group={group} />)
          : Array.from({ length: PLACEHOLDER_COUNT }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else
              <GroupCardSkeleton key={index} />
            ))}
      </SimpleGrid>
    </HomeSection>
  );
}

function GroupCard({ group }: { group: ProductGroup }) {
  const { startingPrice } = group;
  return (
    <Card className={classes.card} shadow="xs" padding="md">
      <Stack gap={6} h="100%">
        <img
          src={mediaUrl(group.iconUrl)}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className={classes.icon}
        />
        <Title order={3} size="h4" mt="xs">
          <Link
            to={`/store?group=${encodeURIComponent(group.slug)}`}
            className={`${classes.titleLink} ${classes.stretched}`}
          >
            {group.name}
          </Link>
        </Title>
        {/* Two cards a row on a phone: name and price say enough there. */}
        <Text size="sm" c="dimmed" visibleFrom="xs">
          {group.summary}
        </Text>
        <Stack gap={0} className={classes.footer}>
          {startingPrice && (
            <Text size="sm" fw={700} c="brand.8">
              از {shortenPrice(rialToToman(startingPrice.price))} تومان{' '}
              <Text span size="xs" c="dimmed" fw={400}>
                {BILLING_CYCLE_LABELS[startingPrice.cycle]}
              </Text>
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {toPersianDigits(group.productCount)} محصول
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}

function GroupCardSkeleton() {
  return (
    <Card shadow="xs" aria-hidden="true">
      <Stack gap={8}>
        <Skeleton height={48} width={48} radius="md" />
        <Skeleton height={20} width="70%" mt="xs" />
        <Skeleton height={12} />
        <Skeleton height={12} width="80%" />
        <Skeleton height={14} width="60%" mt="sm" />
      </Stack>
    </Card>
  );
}
