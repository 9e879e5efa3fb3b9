import { PendingSectionPage } from '../pages/pending-section-page';

/** The console's catalog section: its own lazy chunk, with its pages routed under it. */
export function CatalogSection() {
  return <PendingSectionPage section="catalog" />;
}
