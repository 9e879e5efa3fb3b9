import { useAddDomainToCart } from '../../features/checkout/api/add-domain-to-cart';
import { DomainsPage } from '../../features/store/pages/domains-page';

/** The domain search with the cart's add-domain: the store and the checkout meet here. */
export function StoreDomainsPage() {
  const addDomain = useAddDomainToCart();
  return <DomainsPage cart={{ add: addDomain.mutateAsync }} />;
}
