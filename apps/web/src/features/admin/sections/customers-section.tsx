import { PendingSectionPage } from '../pages/pending-section-page';

/** The console's customers section: its own lazy chunk, with its pages routed under it. */
export function CustomersSection() {
  return <PendingSectionPage section="customers" />;
}
