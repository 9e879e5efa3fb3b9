import { Alert, Button, Container, SimpleGrid } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense } from 'react';
import { AlertIcon } from '../../../ui/icons';
import { ProductCard, ProductCardSkeleton } from '../../store/components/product-card';
import { ThemeCard, ThemeCardSkeleton } from '../../store/components/theme-card';
import { useAppHomeData } from '../api/get-app-home-data';
import { ArticleCard, ArticleCardSkeleton } from '../components/article-card';
import { HeroSection } from '../components/hero-section';
import { HomeCounters } from '../components/home-counters';
import { HomeSection } from '../components/home-section';
import { ProductGroups } from '../components/product-groups';
import { ServerStatusPending } from '../components/server-status-pending';
import { WhyUs } from '../components/why-us';

// Loaded after the page paints: the status line sits at the bottom of the page.
const ServerStatus = lazy(() =>
  import('../components/server-status').then((module) => ({ default: module.ServerStatus })),
);

const CARD_GRID = { base: 1, xs: 2, md: 3 } as const;
const THEME_GRID = { base: 1, xs: 2, md: 4 } as const;

export function HomePage() {
  useDocumentTitle('ویترین | سایت‌ساز و میزبانی وب');
  const home = useAppHomeData();
  const data = home.data;

  return (
    <>
      <HeroSection hero={data?.hero} />
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
            cols={CARD_GRID}
            items={data?.featuredProducts}
            placeholder={<ProductCardSkeleton />}
            render={(product) => <ProductCard key={product.id} product={product} />}
          />
          <CardsSection
            id="popular-themes"
            title="قالب‌های محبوب"
            description="سایتتان را با یکی از قالب‌های آماده شروع کنید و هر بخشش را تغییر دهید."
            cols={THEME_GRID}
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
            cols={CARD_GRID}
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
  cols: { base: number; xs: number; md: number };
  /** Undefined while loading: placeholders of the cards' size hold the place. */
  items: T[] | undefined;
  placeholder: ReactNode;
  render: (item: T) => ReactNode;
}

function CardsSection<T>({ items, placeholder, render, cols, ...section }: CardsSectionProps<T>) {
  if (items?.length === 0) return null;
  return (
    <HomeSection {...section}>
      <SimpleGrid cols={cols} spacing="lg">
        {items
          ? items.map(render)
          : Array.from({ length: cols.md }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else
              <div key={index}>{placeholder}</div>
            ))}
      </SimpleGrid>
    </HomeSection>
  );
}
