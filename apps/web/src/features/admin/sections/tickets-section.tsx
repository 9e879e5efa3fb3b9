import { PendingSectionPage } from '../pages/pending-section-page';

/** The console's tickets section: its own lazy chunk, with its pages routed under it. */
export function TicketsSection() {
  return <PendingSectionPage section="tickets" />;
}
