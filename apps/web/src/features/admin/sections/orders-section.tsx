import { PendingSectionPage } from '../pages/pending-section-page';

/** The console's orders section: its own lazy chunk, with its pages routed under it. */
export function OrdersSection() {
  return <PendingSectionPage section="orders" />;
}
