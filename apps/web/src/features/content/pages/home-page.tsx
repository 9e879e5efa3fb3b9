import { Container } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { HeroSection } from '../components/hero-section';
import { ProductLines } from '../components/product-lines';
import { ServerStatusPending } from '../components/server-status-pending';
import { WhyUs } from '../components/why-us';

// Loaded after the page paints: the call's response schema brings zod, which nothing else on
// the home page needs, and the status line sits at the bottom of the page.
const ServerStatus = lazy(() =>
  import('../components/server-status').then((module) => ({ default: module.ServerStatus })),
);

export function HomePage() {
  useDocumentTitle('ویترین | سایت‌ساز و میزبانی وب');

  return (
    <>
      <HeroSection />
      <ProductLines />
      <WhyUs />
      <Container py="xl">
        <Suspense fallback={<ServerStatusPending />}>
          <ServerStatus />
        </Suspense>
      </Container>
    </>
  );
}
