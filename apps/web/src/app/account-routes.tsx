import { subPagePath } from '@vitrin/contracts';
import { lazy } from 'react';
import { Route, Routes } from 'react-router';

// The customer panel's routes (issue 6), a chunk of their own: the home page and the other
// public pages never download the panel's route table, layout or navigation (the home page's
// size budget, scripts/check-size.mjs). Paths come from the shared page table, relative to
// `/account` as this router is mounted there.

// The order's page with its billing documents, composed here (features do not import each other).
const OrderPage = lazy(() =>
  import('./pages/account-order-page').then((m) => ({ default: m.AccountOrderPage })),
);
const CreditPage = lazy(() =>
  import('../features/checkout/pages/credit-page').then((m) => ({ default: m.CreditPage })),
);
// The customer panel (issue 6): its layout and every page under /account load only there.
const PanelLayout = lazy(() =>
  import('./layout/panel-layout').then((m) => ({ default: m.PanelLayout })),
);
const DashboardPage = lazy(() =>
  import('../features/panel/pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const ProfilePage = lazy(() =>
  import('../features/account/pages/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const ServicesPage = lazy(() =>
  import('../features/panel/pages/services-page').then((m) => ({ default: m.ServicesPage })),
);
const ServicePage = lazy(() =>
  import('../features/panel/pages/service-page').then((m) => ({ default: m.ServicePage })),
);
// The customer's domains (issue 38): the list and each domain's page, routed in their section.
const DomainsSection = lazy(() =>
  import('../features/domains/domains-section').then((m) => ({ default: m.DomainsSection })),
);
const OrdersPage = lazy(() =>
  import('../features/panel/pages/orders-page').then((m) => ({ default: m.OrdersPage })),
);
const DiscountsPage = lazy(() =>
  import('../features/panel/pages/discounts-page').then((m) => ({ default: m.DiscountsPage })),
);
const TicketsPage = lazy(() =>
  import('../features/tickets/pages/tickets-page').then((m) => ({ default: m.TicketsPage })),
);
const NewTicketPage = lazy(() =>
  import('../features/tickets/pages/new-ticket-page').then((m) => ({ default: m.NewTicketPage })),
);
const TicketPage = lazy(() =>
  import('../features/tickets/pages/ticket-page').then((m) => ({ default: m.TicketPage })),
);
// Invoices, credit notes and receipts (issue 21).
const BillingDocumentPage = lazy(() =>
  import('../features/billing/pages/document-page').then((m) => ({ default: m.DocumentPage })),
);
const BillingDocumentsPage = lazy(() =>
  import('../features/billing/pages/documents-page').then((m) => ({
    default: m.DocumentsPage,
  })),
);
// The live visitor panel (issue 7): socket.io-client loads with this chunk only.
const LivePage = lazy(() =>
  import('../features/live/pages/live-page').then((m) => ({ default: m.LivePage })),
);
const NotFoundPage = lazy(() =>
  import('../ui/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

const at = (page: Parameters<typeof subPagePath>[1]) => subPagePath('account', page);

export function AccountRoutes() {
  return (
    <Routes>
      <Route element={<PanelLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path={at('profile')} element={<ProfilePage />} />
        <Route path={at('services')} element={<ServicesPage />} />
        <Route path={at('service')} element={<ServicePage />} />
        <Route path={`${at('myDomains')}/*`} element={<DomainsSection />} />
        <Route path={at('live')} element={<LivePage />} />
        <Route path={at('orders')} element={<OrdersPage />} />
        <Route path={at('order')} element={<OrderPage />} />
        <Route path={at('orderDocument')} element={<BillingDocumentPage />} />
        <Route path={at('documents')} element={<BillingDocumentsPage />} />
        <Route path={at('document')} element={<BillingDocumentPage />} />
        <Route path={at('discounts')} element={<DiscountsPage />} />
        <Route path={at('credit')} element={<CreditPage />} />
        <Route path={at('tickets')} element={<TicketsPage />} />
        <Route path={at('newTicket')} element={<NewTicketPage />} />
        <Route path={at('ticket')} element={<TicketPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
