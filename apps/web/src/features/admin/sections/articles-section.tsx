import { PendingSectionPage } from '../pages/pending-section-page';

/** The console's articles section: its own lazy chunk, with its pages routed under it. */
export function ArticlesSection() {
  return <PendingSectionPage section="articles" />;
}
