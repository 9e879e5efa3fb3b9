import { PendingSectionPage } from '../pages/pending-section-page';

/** The console's discounts section: its own lazy chunk, with its pages routed under it. */
export function DiscountsSection() {
  return <PendingSectionPage section="discounts" />;
}
