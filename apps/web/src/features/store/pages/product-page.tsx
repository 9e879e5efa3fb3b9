import {
  Anchor,
  Badge,
  Breadcrumbs,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { BillingCycle, PathResult } from '@vitrin/contracts';
import { Link, useParams, useSearchParams } from 'react-router';
import { isNotFoundError } from '../../../lib/api-error';
import { mediaUrl } from '../../../lib/media-url';
import { CardStrip } from '../../../ui/card-strip';
import { BagIcon } from '../../../ui/icons';
import { LoadFailed } from '../../../ui/load-failed';
import { NotFoundMessage } from '../../../ui/status-message';
import { useProduct } from '../api/get-product';
import { ComparisonTable } from '../components/comparison-table';
import { FeatureList } from '../components/feature-list';
import { type CartAdder, OrderBox } from '../components/order-box';
import { ProductCard } from '../components/product-card';
import { ThemesStrip } from '../components/themes-strip';
import { chooseCycle } from '../utils/product-cycle';
import classes from './product-page.module.css';

type Product = PathResult<'/api/store/get-product'>;

/** A product's page; `cart` is the cart's add-to-cart, handed in where the routes compose features. */
export function ProductPage({ cart }: { cart: CartAdder }) {
  const { slug = '' } = useParams();
  const product = useProduct(slug);
  const data = product.data;
  const error = product.error;
  // A slug the contract refuses (capitals, spaces) names no product either.
  const notFound = isNotFoundError(error);
  useDocumentTitle(
    data ? `${data.name} | ویترین` : notFound ? 'محصول پیدا نشد | ویترین' : 'فروشگاه | ویترین',
  );

  if (notFound) {
    return (
      <Container size="sm">
        <NotFoundMessage
          icon={<BagIcon size={32} />}
          title="محصولی با این نشانی پیدا نشد"
          description="ممکن است نشانی را اشتباه وارد کرده باشید یا این محصول دیگر فروخته نشود."
          back={{ to: '/store', label: 'بازگشت به فروشگاه' }}
        />
      </Container>
    );
  }
  if (error) {
    return (
      <Container size="sm">
        <LoadFailed titleOrder={1} title="این محصول بارگذاری نشد" query={product} />
      </Container>
    );
  }

  return (
    <Container py={{ base: 'lg', sm: 40 }}>
      {data ? <ProductDetails product={data} cart={cart} /> : <ProductSkeleton />}
    </Container>
  );
}

function ProductDetails({ product, cart }: { product: Product; cart: CartAdder }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const cycle = chooseCycle(product.cycles, searchParams.get('cycle'));
  // The cycle and the theme live in the address, so the theme gallery can send a choice back.
  const setInAddress = (name: 'cycle' | 'theme', value: string | null) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (value === null) params.delete(name);
        else params.set(name, value);
        return params;
      },
      // Trying cycles or themes is not worth a back step each.
      { replace: true },
    );
  const paragraphs = product.description.split(/\n\s*\n/).filter((text) => text.trim());

  return (
    <Stack gap={56}>
      <div className={classes.layout}>
        <Stack gap="md" className={classes.intro}>
          <Breadcrumbs separator="‹" separatorMargin={6}>
            <Anchor component={Link} to="/store" size="sm">
              فروشگاه
            </Anchor>
            <Anchor
              component={Link}
              to={`/store?group=${encodeURIComponent(product.group.slug)}`}
              size="sm"
            >
              {product.group.name}
            </Anchor>
          </Breadcrumbs>
          <Group gap="md" wrap="nowrap" align="center">
            <img
              src={mediaUrl(product.iconUrl)}
              alt=""
              width={64}
              height={64}
              className={classes.icon}
            />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Title order={1} size="h2">
                  {product.name}
                </Title>
                {product.badge && (
                  <Badge variant="light" color="amber" c="amber.9">
                    {product.badge}
                  </Badge>
                )}
              </Group>
              <Text c="dimmed" size="sm">
                {product.group.name}
              </Text>
            </Stack>
          </Group>
          <Text size="lg" c="gray.7">
            {product.summary}
          </Text>
        </Stack>

        <div className={classes.order}>
          {cycle ? (
            <OrderBox
              product={product}
              cycles={product.cycles}
              cycle={cycle}
              onCycleChange={(next: BillingCycle) => setInAddress('cycle', next)}
              themeKey={searchParams.get('theme')}
              onThemeChange={(theme) => setInAddress('theme', theme?.slug ?? null)}
              cart={cart}
            />
          ) : (
            <Text c="dimmed">این محصول فعلا برای سفارش عرضه نمی‌شود.</Text>
          )}
        </div>

        <Stack gap="xl" className={classes.details}>
          {paragraphs.length > 0 && (
            <section aria-labelledby="product-description-title">
              <Title order={2} size="h3" id="product-description-title" mb="sm">
                دربارهٔ این پلن
              </Title>
              <div className={classes.description}>
                {paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </section>
          )}
          {product.features.length > 0 && (
            <section aria-labelledby="product-features-title">
              <Title order={2} size="h3" id="product-features-title" mb="sm">
                امکانات
              </Title>
              <FeatureList features={product.features} />
            </section>
          )}
        </Stack>
      </div>

      {product.comparison.products.length > 1 && (
        <section aria-labelledby="comparison-title">
          <Title order={2} size="h3" id="comparison-title" mb={4}>
            مقایسهٔ پلن‌های {product.group.name}
          </Title>
          <Text c="dimmed" size="sm" mb="lg">
            این پلن را کنار پلن‌های دیگر همین گروه ببینید.
          </Text>
          <ComparisonTable comparison={product.comparison} currentSlug={product.slug} />
        </section>
      )}

      {product.themeCount > 0 && (
        <ThemesStrip productSlug={product.slug} themeCount={product.themeCount} />
      )}

      {product.related.length > 0 && (
        <section aria-labelledby="related-products-title">
          <Title order={2} size="h3" id="related-products-title" mb="lg">
            محصولات مرتبط
          </Title>
          <CardStrip columns={4}>
            {product.related.map((related) => (
              <ProductCard key={related.id} product={related} />
            ))}
          </CardStrip>
        </section>
      )}
    </Stack>
  );
}

function ProductSkeleton() {
  return (
    <div className={classes.layout} aria-busy="true">
      <Stack gap="md" className={classes.intro}>
        <Skeleton height={14} width={160} />
        <Group gap="md" wrap="nowrap">
          <Skeleton height={64} width={64} radius="lg" />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={32} width="60%" />
            <Skeleton height={14} width="30%" />
          </Stack>
        </Group>
        <Skeleton height={16} />
        <Skeleton height={16} width="80%" />
      </Stack>
      <div className={classes.order}>
        <Skeleton height={420} radius="lg" />
      </div>
      <Stack gap="sm" className={classes.details}>
        <Skeleton height={24} width={140} />
        <Skeleton height={14} />
        <Skeleton height={14} />
        <Skeleton height={14} width="60%" />
      </Stack>
    </div>
  );
}
