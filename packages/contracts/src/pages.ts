/**
 * The web app's pages (issue 35): the router (apps/web/src/app/router.tsx) takes its paths from
 * this table and every link the server sends (SMS, e-mail, a gateway's return) is built from it
 * with pageUrl, so a message cannot point at a page that is not there. A console section's own
 * pages (`/admin/provisioning/services/:serviceId`) are listed too; the section's router takes
 * them relative to its section with subPagePath.
 */
export const PAGES = {
  home: '/',
  articles: '/articles',
  article: '/articles/:slug',
  store: '/store',
  product: '/store/:slug',
  productThemes: '/store/:slug/themes',
  domains: '/domains',
  cart: '/cart',
  paymentCallback: '/pay/callback',
  download: '/download',
  signIn: '/sign-in',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',

  account: '/account',
  profile: '/account/profile',
  services: '/account/services',
  service: '/account/services/:serviceId',
  myDomains: '/account/domains',
  myDomain: '/account/domains/:domainId',
  live: '/account/live',
  orders: '/account/orders',
  order: '/account/orders/:orderId',
  orderDocument: '/account/orders/:orderId/document',
  documents: '/account/documents',
  document: '/account/documents/:documentId',
  discounts: '/account/discounts',
  credit: '/account/credit',
  tickets: '/account/tickets',
  newTicket: '/account/tickets/new',
  ticket: '/account/tickets/:ticketId',

  admin: '/admin',
  /** The one queue of services and domains automation gave up on (issue 38). */
  adminWaitingWork: '/admin/work',
  adminOrders: '/admin/orders',
  adminCustomers: '/admin/customers',
  adminTickets: '/admin/tickets',
  adminCatalog: '/admin/catalog',
  adminArticles: '/admin/articles',
  adminDiscounts: '/admin/discounts',
  adminProvisioning: '/admin/provisioning',
  adminProvisioningService: '/admin/provisioning/services/:serviceId',
  adminDeliveryQueue: '/admin/provisioning/delivery',
  adminDomains: '/admin/domains',
  adminDomain: '/admin/domains/:domainId',
  adminBilling: '/admin/billing',
  adminTransfers: '/admin/billing/transfers',
  /** The tax organisation's سامانه مودیان: settings, the queue, a month's summary (issue 39). */
  adminTaxSystem: '/admin/billing/tax-system',
  adminErrors: '/admin/errors',
  adminAudit: '/admin/audit',
} as const;

export type PageName = keyof typeof PAGES;

type ParamsOf<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

/** The values a page's pattern needs (`{ serviceId }` for `/account/services/:serviceId`). */
export type PageParams<N extends PageName> = Record<ParamsOf<(typeof PAGES)[N]>, string | number>;

type ParamArgs<N extends PageName> = [ParamsOf<(typeof PAGES)[N]>] extends [never]
  ? [params?: Record<string, never>]
  : [params: PageParams<N>];

/** A page's path with its parameters filled in (each one URI-encoded). */
export function pagePath<N extends PageName>(name: N, ...[params]: ParamArgs<N>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return PAGES[name].replace(/:([A-Za-z]+)/g, (_, param: string) => {
    const value = values[param];
    if (value === undefined || value === '') throw new Error(`page ${name} needs ${param}`);
    return encodeURIComponent(String(value));
  });
}

/** A page's absolute address on the site at `publicUrl` (its origin, no trailing slash needed). */
export function pageUrl<N extends PageName>(
  publicUrl: string,
  name: N,
  ...params: ParamArgs<N>
): string {
  return `${publicUrl.replace(/\/+$/, '')}${pagePath(name, ...params)}`;
}

/**
 * A page's pattern relative to another page it lies under, for a nested router:
 * `subPagePath('adminProvisioning', 'adminProvisioningService')` is `services/:serviceId`.
 */
export function subPagePath(parent: PageName, child: PageName): string {
  const prefix = `${PAGES[parent]}/`;
  const pattern: string = PAGES[child];
  if (!pattern.startsWith(prefix)) throw new Error(`page ${child} is not under ${parent}`);
  return pattern.slice(prefix.length);
}

/** The page a path shows (its pattern matched segment by segment), or null: the 404. */
export function matchPage(pathname: string): PageName | null {
  const segments = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  for (const [name, pattern] of Object.entries(PAGES) as Array<[PageName, string]>) {
    const parts = pattern.split('/').filter(Boolean);
    if (parts.length !== segments.length) continue;
    if (parts.every((part, index) => part.startsWith(':') || part === segments[index])) {
      return name;
    }
  }
  return null;
}
