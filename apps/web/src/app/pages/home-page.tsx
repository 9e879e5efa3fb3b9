import { Alert, Button, Container } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense } from 'react';
import { useAppHomeData } from '../../features/content/api/get-app-home-data';
import { ArticleCard, ArticleCardSkeleton } from '../../features/content/components/article-card';
import { DEFAULT_HERO, HeroSection } from '../../features/content/components/hero-section';
import { HomeCounters } from '../../features/content/components/home-counters';
import { HomeSection } from '../../features/content/components/home-section';
import { ProductGroups } from '../../features/content/components/product-groups';
import { ServerStatusPending } from '../../features/content/components/server-status-pending';
import { WhyUs } from '../../features/content/components/why-us';
import { DomainSearchBand } from '../../features/store/components/domain-search-band';
import { ProductCard, ProductCardSkeleton } from '../../features/store/components/product-card';
import { ThemeCard, ThemeCardSkeleton } from '../../features/store/components/theme-card';
import { CardStrip } from '../../ui/card-strip';
import { AlertIcon } from '../../ui/icons';

// Loaded after the page paints: the status line sits at the bottom of the page.
const ServerStatus = lazy(() =>
  import('../../features/content/components/server-status').then((module) => ({
    default: module.ServerStatus,
  })),
);

/** The home page puts the content and store features side by side; it lives with the routes
 * because features do not import each other (STYLE.md). */
export function HomePage() {
  useDocumentTitle('ویترین | سایت‌ساز و میزبانی وب');
  const home = useAppHomeData();
  const data = home.data;

  return (
    <>
      <HeroSection hero={data?.hero ?? (home.isError ? DEFAULT_HERO : undefined)} />
      <DomainSearchBand />
      {home.isError && !data ? (
        <Container py="xl">
          <Alert
            color="orange"
            variant="light"
            icon={<AlertIcon size={20} />}
            title="محصولات و مقاله‌ها بارگذاری نشدند"
          >
            <Button
              variant="light"
              color="orange"
              size="xs"
              mt="xs"
              loading={home.isFetching}
              onClick={() => home.refetch()}
            >
              تلاش دوباره
            </Button>
          </Alert>
        </Container>
      ) : (
        <>
          <ProductGroups groups={data?.groups} />
          <CardsSection
            id="featured-products"
            title="محصولات ویژه"
            description="پرفروش‌ترین پلن‌های سایت‌ساز و میزبانی، با قیمت شروع هر کدام."
            more={{ to: '/store', label: 'همهٔ محصولات' }}
            tinted
            columns={3}
            items={data?.featuredProducts}
            placeholder={<ProductCardSkeleton />}
            render={(product) => <ProductCard key={product.id} product={product} />}
          />
          <CardsSection
            id="popular-themes"
            title="قالب‌های محبوب"
            description="سایتتان را با یکی از قالب‌های آماده شروع کنید و هر بخشش را تغییر دهید."
            columns={4}
            items={data?.popularThemes}
            placeholder={<ThemeCardSkeleton />}
            render={(theme) => <ThemeCard key={theme.id} theme={theme} to={theme.demoUrl} />}
          />
          <CardsSection
            id="latest-articles"
            title="تازه‌ترین مقاله‌ها"
            description="راهنمای ساختن سایت، انتخاب هاست و مدیریت دامنه."
            more={{ to: '/articles', label: 'همهٔ مقاله‌ها' }}
            tinted
            columns={4}
            items={data?.latestArticles}
            placeholder={<ArticleCardSkeleton />}
            render={(article) => <ArticleCard key={article.id} article={article} />}
          />
          <HomeCounters counters={data?.counters} />
        </>
      )}
      <WhyUs />
      <Container py="xl">
        <Suspense fallback={<ServerStatusPending />}>
          <ServerStatus />
        </Suspense>
      </Container>
    </>
  );
}

interface CardsSectionProps<T> {
  id: string;
  title: string;
  description: string;
  more?: { to: string; label: string };
  tinted?: boolean;
  /** Columns on wide screens; phones get a sideways-scrolling row. */
  columns: number;
  /** Undefined while loading: placeholders of the cards' size hold the place. */
  items: T[] | undefined;
  placeholder: ReactNode;
  render: (item: T) => ReactNode;
}

function CardsSection<T>({
  items,
  placeholder,
  render,
  columns,
  ...section
}: CardsSectionProps<T>) {
  if (items?.length === 0) return null;
  return (
    <HomeSection {...section}>
      <CardStrip columns={columns}>
        {items
          ? items.map(render)
          : Array.from({ length: columns }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else
              <div key={index}>{placeholder}</div>
            ))}
      </CardStrip>
    </HomeSection>
  );
}
