import { useAddToCart } from '../../features/checkout/api/add-to-cart';
import { ProductPage } from '../../features/store/pages/product-page';

/** The store's product page with the checkout's add-to-cart: the two features meet here. */
export function StoreProductPage() {
  const addToCart = useAddToCart();
  return (
    <ProductPage
      cart={{
        add: addToCart.mutateAsync,
        pending: addToCart.isPending,
        error: addToCart.error,
        reset: addToCart.reset,
      }}
    />
  );
}
