import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { PathResult } from '@vitrin/contracts';
import { Link } from 'react-router';
import { mediaUrl } from '../../../lib/media-url';
import classes from '../../../ui/catalog-card.module.css';
import { PriceText } from './price-text';

export type ProductCardData = PathResult<'/api/store/get-products'>['items'][number];

/** A product in a list: what it is, from what price, and the way to its page. */
export function ProductCard({
  product,
  headingOrder = 3,
}: {
  product: ProductCardData;
  /** The title's heading level: 2 in a page's own list, 3 (the default) under a section's h2. */
  headingOrder?: 2 | 3;
}) {
  const { startingPrice } = product;
  return (
    <Card className={classes.card} shadow="xs" component="article">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <img
            src={mediaUrl(product.iconUrl)}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className={classes.icon}
          />
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Title order={headingOrder} size="h4">
              {product.name}
            </Title>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {product.group.name}
              </Text>
              {product.badge && (
                <Badge variant="light" color="amber" c="amber.9" size="sm">
                  {product.badge}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Text size="sm" c="gray.7" className={classes.clamp}>
          {product.summary}
        </Text>
        <Stack gap="sm" className={classes.footer} pt="md">
          <PriceText
            prefix="از"
            price={startingPrice.price}
            regularPrice={startingPrice.regularPrice}
            cycle={startingPrice.cycle}
            short
            size="lg"
          />
          <Button
            component={Link}
            to={`/store/${product.slug}`}
            variant="light"
            fullWidth
            className={classes.stretched}
            aria-label={`مشاهده و سفارش ${product.name}`}
          >
            مشاهده و سفارش
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

/** A product card's place while the list loads, the same height as a card. */
export function ProductCardSkeleton() {
  return (
    <Card shadow="xs" aria-hidden="true">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Skeleton height={48} width={48} radius="md" />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={18} width="60%" />
            <Skeleton height={12} width="35%" />
          </Stack>
        </Group>
        <Skeleton height={12} />
        <Skeleton height={12} />
        <Skeleton height={12} width="70%" />
        <Skeleton height={24} width="55%" mt="md" />
        <Skeleton height={36} />
      </Stack>
    </Card>
  );
}
