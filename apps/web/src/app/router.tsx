import { PAGES } from '@vitrin/contracts';
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { SiteLayout } from './layout/site-layout';
import { lazyPublicPage } from './server-pages';

// Declarative routes with React.lazy: data comes from TanStack Query, so the data router's
// loaders would go unused while costing ~17 KB gzipped of the home page's budget
// (docs/decisions/0008-declarative-routes.md).
const HomePage = lazyPublicPage('src/app/pages/home-page.tsx', () =>
  import('./pages/home-page').then((m) => m.HomePage),
);
const ArticlesPage = lazyPublicPage('src/features/content/pages/articles-page.tsx', () =>
  import('../features/content/pages/articles-page').then((m) => m.ArticlesPage),
);
const ArticlePage = lazyPublicPage('src/features/content/pages/article-page.tsx', () =>
  import('../features/content/pages/article-page').then((m) => m.ArticlePage),
);
const StorePage = lazyPublicPage('src/features/store/pages/store-page.tsx', () =>
  import('../features/store/pages/store-page').then((m) => m.StorePage),
);
// The store's product page with the checkout's add-to-cart, composed here (features do not
// import each other).
const ProductPage = lazyPublicPage('src/app/pages/store-product-page.tsx', () =>
  import('./pages/store-product-page').then((m) => m.StoreProductPage),
);
const ProductThemesPage = lazyPublicPage('src/features/store/pages/product-themes-page.tsx', () =>
  import('../features/store/pages/product-themes-page').then((m) => m.ProductThemesPage),
);
// The domain search with the checkout's add-domain, composed here.
const DomainsPage = lazyPublicPage('src/app/pages/store-domains-page.tsx', () =>
  import('./pages/store-domains-page').then((m) => m.StoreDomainsPage),
);
// The cart with the domains' holder details, composed here.
const CartPage = lazy(() =>
  import('./pages/checkout-cart-page').then((m) => ({ default: m.CheckoutCartPage })),
);
const PaymentCallbackPage = lazy(() =>
  import('../features/checkout/pages/payment-callback-page').then((m) => ({
    default: m.PaymentCallbackPage,
  })),
);
// The customer panel (issue 6): its layout, its pages and their routes load only under /account.
const AccountRoutes = lazy(() =>
  import('./account-routes').then((m) => ({ default: m.AccountRoutes })),
);
// The staff console (issue 8): its layout and pages are chunks of their own, so customers never
// download them (scripts/check-size.mjs fails the build otherwise). Each section lives in the
// feature it acts on, under `staff/`; the console's shell and the kit its sections share (layout,
// section list, list table, confirm dialog…) are features/console, the one feature a `staff/`
// folder may import. Customer code never imports either.
const AdminLayout = lazy(() =>
  import('../features/console/components/admin-layout').then((m) => ({ default: m.AdminLayout })),
);
const AdminDashboardSection = lazy(() =>
  import('../features/checkout/staff/dashboard-section').then((m) => ({
    default: m.DashboardSection,
  })),
);
const AdminOrdersSection = lazy(() =>
  import('../features/checkout/staff/orders-section').then((m) => ({ default: m.OrdersSection })),
);
const AdminCustomersSection = lazy(() =>
  import('../features/customers/staff/customers-section').then((m) => ({
    default: m.CustomersSection,
  })),
);
const AdminTicketsSection = lazy(() =>
  import('../features/tickets/staff/tickets-section').then((m) => ({ default: m.TicketsSection })),
);
const AdminCatalogSection = lazy(() =>
  import('../features/store/staff/catalog-section').then((m) => ({ default: m.CatalogSection })),
);
const AdminArticlesSection = lazy(() =>
  import('../features/content/staff/articles-section').then((m) => ({
    default: m.ArticlesSection,
  })),
);
const AdminDiscountsSection = lazy(() =>
  import('../features/checkout/staff/discounts-section').then((m) => ({
    default: m.DiscountsSection,
  })),
);
const AdminProvisioningSection = lazy(() =>
  import('../features/services/staff/provisioning-section').then((m) => ({
    default: m.ProvisioningSection,
  })),
);
const AdminDomainsSection = lazy(() =>
  import('../features/domains/staff/domains-console-section').then((m) => ({
    default: m.DomainsConsoleSection,
  })),
);
// The one queue of services and domains automation gave up on: the console's own page.
const AdminWaitingWorkPage = lazy(() =>
  import('../features/console/pages/waiting-work-page').then((m) => ({
    default: m.WaitingWorkPage,
  })),
);
const AdminBillingSection = lazy(() =>
  import('../features/billing/staff/billing-section').then((m) => ({
    default: m.AdminBillingSection,
  })),
);
const AdminClientErrorsSection = lazy(() =>
  import('../features/client-errors/staff/client-errors-section').then((m) => ({
    default: m.ClientErrorsSection,
  })),
);
const AdminAuditPage = lazy(() =>
  import('../features/audit/staff/pages/audit-page').then((m) => ({ default: m.AuditPage })),
);
const DownloadPage = lazyPublicPage('src/features/download/pages/download-page.tsx', () =>
  import('../features/download/pages/download-page').then((m) => m.DownloadPage),
);
const SignInPage = lazy(() =>
  import('../features/auth/pages/sign-in-page').then((m) => ({ default: m.SignInPage })),
);
const NotFoundPage = lazy(() =>
  import('../ui/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path={PAGES.articles} element={<ArticlesPage />} />
        <Route path={PAGES.article} element={<ArticlePage />} />
        <Route path={PAGES.store} element={<StorePage />} />
        <Route path={PAGES.domains} element={<DomainsPage />} />
        <Route path={PAGES.product} element={<ProductPage />} />
        <Route path={PAGES.productThemes} element={<ProductThemesPage />} />
        <Route path={PAGES.cart} element={<CartPage />} />
        <Route path={PAGES.paymentCallback} element={<PaymentCallbackPage />} />
        <Route path={`${PAGES.account}/*`} element={<AccountRoutes />} />
        <Route path={PAGES.admin} element={<AdminLayout />}>
          <Route index element={<AdminDashboardSection />} />
          <Route path={`${PAGES.adminOrders}/*`} element={<AdminOrdersSection />} />
          <Route path={`${PAGES.adminCustomers}/*`} element={<AdminCustomersSection />} />
          <Route path={`${PAGES.adminTickets}/*`} element={<AdminTicketsSection />} />
          <Route path={`${PAGES.adminCatalog}/*`} element={<AdminCatalogSection />} />
          <Route path={`${PAGES.adminArticles}/*`} element={<AdminArticlesSection />} />
          <Route path={`${PAGES.adminDiscounts}/*`} element={<AdminDiscountsSection />} />
          <Route path={`${PAGES.adminProvisioning}/*`} element={<AdminProvisioningSection />} />
          <Route path={`${PAGES.adminDomains}/*`} element={<AdminDomainsSection />} />
          <Route path={PAGES.adminWaitingWork} element={<AdminWaitingWorkPage />} />
          <Route path={`${PAGES.adminBilling}/*`} element={<AdminBillingSection />} />
          <Route path={`${PAGES.adminErrors}/*`} element={<AdminClientErrorsSection />} />
          <Route path={PAGES.adminAudit} element={<AdminAuditPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path={PAGES.download} element={<DownloadPage />} />
        <Route path={PAGES.signIn} element={<SignInPage key="sign-in" />} />
        <Route path={PAGES.signUp} element={<SignInPage key="sign-up" intent="sign-up" />} />
        <Route path={PAGES.forgotPassword} element={<SignInPage key="reset" intent="reset" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
