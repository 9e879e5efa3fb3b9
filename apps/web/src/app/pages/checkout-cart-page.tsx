import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useAddDomainToCart } from '../../features/checkout/api/add-domain-to-cart';
import { CartPage } from '../../features/checkout/pages/cart-page';

// Loaded only for a cart that holds a domain line: most carts never need it, and every file the
// cart's route loads up front is named in the route table the home page downloads (its budget).
const DomainHolderCard = lazy(() =>
  import('../../features/domains/components/domain-holder-card').then((m) => ({
    default: m.DomainHolderCard,
  })),
);
// Likewise only for a plan made on a domain the cart does not buy.
const CartDomainOffer = lazy(() =>
  import('../../features/domains/components/cart-domain-offer').then((m) => ({
    default: m.CartDomainOffer,
  })),
);

/**
 * The cart with what the domains feature adds to it (issue 38): the domain holder's details a
 * domain line needs, and under a hosting or website-builder line the domain it is made on, to
 * register or transfer in the same order. Checkout and domains meet here.
 */
export function CheckoutCartPage() {
  const addDomain = useAddDomainToCart();
  return (
    <CartPage
      domainHolder={(props) => (
        <Suspense
          fallback={<Skeleton height={160} radius="lg" aria-label="در حال بارگذاری دارندهٔ دامنه" />}
        >
          <DomainHolderCard {...props} />
        </Suspense>
      )}
      domainOffer={({ domainName }) => (
        // Nothing while it loads: the offer says nothing until the registry has answered either.
        <Suspense fallback={null}>
          <CartDomainOffer name={domainName} cart={{ add: addDomain.mutateAsync }} />
        </Suspense>
      )}
    />
  );
}
