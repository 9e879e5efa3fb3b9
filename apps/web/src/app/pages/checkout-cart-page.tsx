import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CartPage } from '../../features/checkout/pages/cart-page';

// Loaded only for a cart that holds a domain line: most carts never need it, and every file the
// cart's route loads up front is named in the route table the home page downloads (its budget).
const DomainHolderCard = lazy(() =>
  import('../../features/domains/components/domain-holder-card').then((m) => ({
    default: m.DomainHolderCard,
  })),
);

/** The cart with the domain holder's details a domain line needs: checkout and domains meet here. */
export function CheckoutCartPage() {
  return (
    <CartPage
      domainHolder={(props) => (
        <Suspense
          fallback={<Skeleton height={160} radius="lg" aria-label="در حال بارگذاری دارندهٔ دامنه" />}
        >
          <DomainHolderCard {...props} />
        </Suspense>
      )}
    />
  );
}
