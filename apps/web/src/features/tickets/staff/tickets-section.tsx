import { Route, Routes } from 'react-router';
import { CompassIcon } from '../../../ui/icons';
import { NotFoundMessage } from '../../../ui/status-message';
import { CannedRepliesPage } from './pages/canned-replies-page';
import { TicketPage } from './pages/ticket-page';
import { TicketsPage } from './pages/tickets-page';
import { TICKETS_ADMIN_PATH } from './utils/ticket-filters';

/** The console's tickets section: its own lazy chunk, with its pages routed under it. */
export function TicketsSection() {
  return (
    <Routes>
      <Route index element={<TicketsPage />} />
      <Route path="canned" element={<CannedRepliesPage />} />
      <Route path=":ticketId" element={<TicketPage />} />
      <Route
        path="*"
        element={
          <NotFoundMessage
            icon={<CompassIcon size={32} />}
            title="این صفحه در بخش تیکت‌ها نیست"
            description="شاید نشانی را اشتباه وارد کرده‌اید."
            back={{ to: TICKETS_ADMIN_PATH, label: 'بازگشت به صف تیکت‌ها' }}
          />
        }
      />
    </Routes>
  );
}
