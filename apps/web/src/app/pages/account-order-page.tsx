import { OrderDocuments } from '../../features/billing/components/order-documents';
import { OrderPage } from '../../features/checkout/pages/order-page';

/** The customer's order page with its billing documents: checkout and billing meet here. */
export function AccountOrderPage() {
  return <OrderPage documents={(order) => <OrderDocuments order={order} />} />;
}
