import { PendingSectionPage } from '../pages/pending-section-page';

/** The console's dashboard section: its own lazy chunk, with its pages routed under it. */
export function DashboardSection() {
  return <PendingSectionPage section="dashboard" />;
}
