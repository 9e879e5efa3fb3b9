import { DashboardPage } from './pages/dashboard-page';

/** The console's dashboard section: its own lazy chunk, at `/admin` itself. */
export function DashboardSection() {
  return <DashboardPage />;
}
