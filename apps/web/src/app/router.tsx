import { Route, Routes } from 'react-router';
import { SiteLayout } from './layout/site-layout';
import { lazyPage } from './server-pages';

// Declarative routes with React.lazy: data comes from TanStack Query, so the data router's
// loaders would go unused while costing ~17 KB gzipped of the home page's budget
// (docs/decisions/0008-declarative-routes.md).
const HomePage = lazyPage('src/app/pages/home-page.tsx', () =>
  import('./pages/home-page').then((m) => m.HomePage),
);
const ArticlesPage = lazyPage('src/features/content/pages/articles-page.tsx', () =>
  import('../features/content/pages/articles-page').then((m) => m.ArticlesPage),
);
const ArticlePage = lazyPage('src/features/content/pages/article-page.tsx', () =>
  import('../features/content/pages/article-page').then((m) => m.ArticlePage),
);
const StorePage = lazyPage('src/features/store/pages/store-page.tsx', () =>
  import('../features/store/pages/store-page').then((m) => m.StorePage),
);
// The store's product page with the checkout's add-to-cart, composed here (features do not
// import each other).
const ProductPage = lazyPage('src/app/pages/store-product-page.tsx', () =>
  import('./pages/store-product-page').then((m) => m.StoreProductPage),
);
const ProductThemesPage = lazyPage('src/features/store/pages/product-themes-page.tsx', () =>
  import('../features/store/pages/product-themes-page').then((m) => m.ProductThemesPage),
);
const CartPage = lazyPage('src/features/checkout/pages/cart-page.tsx', () =>
  import('../features/checkout/pages/cart-page').then((m) => m.CartPage),
);
// The order's page with its billing documents, composed here (features do not import each other).
const OrderPage = lazyPage('src/app/pages/account-order-page.tsx', () =>
  import('./pages/account-order-page').then((m) => m.AccountOrderPage),
);
const PaymentCallbackPage = lazyPage('src/features/checkout/pages/payment-callback-page.tsx', () =>
  import('../features/checkout/pages/payment-callback-page').then((m) => m.PaymentCallbackPage),
);
const CreditPage = lazyPage('src/features/checkout/pages/credit-page.tsx', () =>
  import('../features/checkout/pages/credit-page').then((m) => m.CreditPage),
);
// The customer panel (issue 6): its layout and every page under /account load only there.
const PanelLayout = lazyPage('src/app/layout/panel-layout.tsx', () =>
  import('./layout/panel-layout').then((m) => m.PanelLayout),
);
const DashboardPage = lazyPage('src/features/panel/pages/dashboard-page.tsx', () =>
  import('../features/panel/pages/dashboard-page').then((m) => m.DashboardPage),
);
const ProfilePage = lazyPage('src/features/account/pages/profile-page.tsx', () =>
  import('../features/account/pages/profile-page').then((m) => m.ProfilePage),
);
const ServicesPage = lazyPage('src/features/panel/pages/services-page.tsx', () =>
  import('../features/panel/pages/services-page').then((m) => m.ServicesPage),
);
const ServicePage = lazyPage('src/features/panel/pages/service-page.tsx', () =>
  import('../features/panel/pages/service-page').then((m) => m.ServicePage),
);
const OrdersPage = lazyPage('src/features/panel/pages/orders-page.tsx', () =>
  import('../features/panel/pages/orders-page').then((m) => m.OrdersPage),
);
const DiscountsPage = lazyPage('src/features/panel/pages/discounts-page.tsx', () =>
  import('../features/panel/pages/discounts-page').then((m) => m.DiscountsPage),
);
const TicketsPage = lazyPage('src/features/tickets/pages/tickets-page.tsx', () =>
  import('../features/tickets/pages/tickets-page').then((m) => m.TicketsPage),
);
const NewTicketPage = lazyPage('src/features/tickets/pages/new-ticket-page.tsx', () =>
  import('../features/tickets/pages/new-ticket-page').then((m) => m.NewTicketPage),
);
const TicketPage = lazyPage('src/features/tickets/pages/ticket-page.tsx', () =>
  import('../features/tickets/pages/ticket-page').then((m) => m.TicketPage),
);
// Invoices, credit notes and receipts (issue 21).
const BillingDocumentPage = lazyPage('src/features/billing/pages/document-page.tsx', () =>
  import('../features/billing/pages/document-page').then((m) => m.DocumentPage),
);
const BillingDocumentsPage = lazyPage('src/features/billing/pages/documents-page.tsx', () =>
  import('../features/billing/pages/documents-page').then((m) => m.DocumentsPage),
);
// The live visitor panel (issue 7): socket.io-client loads with this chunk only.
const LivePage = lazyPage('src/features/live/pages/live-page.tsx', () =>
  import('../features/live/pages/live-page').then((m) => m.LivePage),
);
// The staff console (issue 8): its layout and pages are chunks of their own, so customers never
// download them (scripts/check-size.mjs fails the build otherwise). Each section lives in the
// feature it acts on, under `staff/`; the console's shell and the kit its sections share (layout,
// section list, list table, confirm dialog…) are features/console, the one feature a `staff/`
// folder may import. Customer code never imports either.
const AdminLayout = lazyPage('src/features/console/components/admin-layout.tsx', () =>
  import('../features/console/components/admin-layout').then((m) => m.AdminLayout),
);
const AdminDashboardSection = lazyPage('src/features/checkout/staff/dashboard-section.tsx', () =>
  import('../features/checkout/staff/dashboard-section').then((m) => m.DashboardSection),
);
const AdminOrdersSection = lazyPage('src/features/checkout/staff/orders-section.tsx', () =>
  import('../features/checkout/staff/orders-section').then((m) => m.OrdersSection),
);
const AdminCustomersSection = lazyPage('src/features/customers/staff/customers-section.tsx', () =>
  import('../features/customers/staff/customers-section').then((m) => m.CustomersSection),
);
const AdminTicketsSection = lazyPage('src/features/tickets/staff/tickets-section.tsx', () =>
  import('../features/tickets/staff/tickets-section').then((m) => m.TicketsSection),
);
const AdminCatalogSection = lazyPage('src/features/store/staff/catalog-section.tsx', () =>
  import('../features/store/staff/catalog-section').then((m) => m.CatalogSection),
);
const AdminArticlesSection = lazyPage('src/features/content/staff/articles-section.tsx', () =>
  import('../features/content/staff/articles-section').then((m) => m.ArticlesSection),
);
const AdminDiscountsSection = lazyPage('src/features/checkout/staff/discounts-section.tsx', () =>
  import('../features/checkout/staff/discounts-section').then((m) => m.DiscountsSection),
);
const AdminProvisioningSection = lazyPage(
  'src/features/services/staff/provisioning-section.tsx',
  () =>
    import('../features/services/staff/provisioning-section').then((m) => m.ProvisioningSection),
);
const AdminBillingSection = lazyPage('src/features/billing/staff/billing-section.tsx', () =>
  import('../features/billing/staff/billing-section').then((m) => m.AdminBillingSection),
);
const AdminAuditPage = lazyPage('src/features/audit/staff/pages/audit-page.tsx', () =>
  import('../features/audit/staff/pages/audit-page').then((m) => m.AuditPage),
);
const DownloadPage = lazyPage('src/features/download/pages/download-page.tsx', () =>
  import('../features/download/pages/download-page').then((m) => m.DownloadPage),
);
const SignInPage = lazyPage('src/features/auth/pages/sign-in-page.tsx', () =>
  import('../features/auth/pages/sign-in-page').then((m) => m.SignInPage),
);
const NotFoundPage = lazyPage('src/app/pages/not-found-page.tsx', () =>
  import('./pages/not-found-page').then((m) => m.NotFoundPage),
);

/**
 * Every route, as elements: the app renders them (AppRoutes), and the server's entry matches an
 * address against them to name the pages it shows (`pagesFor`), whose code a page drawn in the
 * browser then preloads.
 */
export const appRoutes = (
  <Route element={<SiteLayout />}>
    <Route index element={<HomePage />} />
    <Route path="articles" element={<ArticlesPage />} />
    <Route path="articles/:slug" element={<ArticlePage />} />
    <Route path="store" element={<StorePage />} />
    <Route path="store/:slug" element={<ProductPage />} />
    <Route path="store/:slug/themes" element={<ProductThemesPage />} />
    <Route path="cart" element={<CartPage />} />
    <Route path="pay/callback" element={<PaymentCallbackPage />} />
    <Route path="account" element={<PanelLayout />}>
      <Route index element={<DashboardPage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="services" element={<ServicesPage />} />
      <Route path="services/:serviceId" element={<ServicePage />} />
      <Route path="live" element={<LivePage />} />
      <Route path="orders" element={<OrdersPage />} />
      <Route path="orders/:orderId" element={<OrderPage />} />
      <Route path="orders/:orderId/document" element={<BillingDocumentPage />} />
      <Route path="documents" element={<BillingDocumentsPage />} />
      <Route path="documents/:documentId" element={<BillingDocumentPage />} />
      <Route path="discounts" element={<DiscountsPage />} />
      <Route path="credit" element={<CreditPage />} />
      <Route path="tickets" element={<TicketsPage />} />
      <Route path="tickets/new" element={<NewTicketPage />} />
      <Route path="tickets/:ticketId" element={<TicketPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
    <Route path="admin" element={<AdminLayout />}>
      <Route index element={<AdminDashboardSection />} />
      <Route path="orders/*" element={<AdminOrdersSection />} />
      <Route path="customers/*" element={<AdminCustomersSection />} />
      <Route path="tickets/*" element={<AdminTicketsSection />} />
      <Route path="catalog/*" element={<AdminCatalogSection />} />
      <Route path="articles/*" element={<AdminArticlesSection />} />
      <Route path="discounts/*" element={<AdminDiscountsSection />} />
      <Route path="provisioning/*" element={<AdminProvisioningSection />} />
      <Route path="billing/*" element={<AdminBillingSection />} />
      <Route path="audit" element={<AdminAuditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
    <Route path="download" element={<DownloadPage />} />
    <Route path="sign-in" element={<SignInPage key="sign-in" />} />
    <Route path="sign-up" element={<SignInPage key="sign-up" intent="sign-up" />} />
    <Route path="forgot-password" element={<SignInPage key="reset" intent="reset" />} />
    <Route path="*" element={<NotFoundPage />} />
  </Route>
);

export function AppRoutes() {
  return <Routes>{appRoutes}</Routes>;
}
