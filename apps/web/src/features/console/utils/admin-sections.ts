import {
  hasPermission,
  PAGES,
  STAFF_ROLES,
  type StaffPermission,
  type StaffRoleName,
  type UserRoleName,
} from '@vitrin/contracts';

// The staff console's sections (issue 8). Each opens for the roles holding the permission its
// page reads with (the role matrix, decision 0017). The server refuses a call the role does not
// allow anyway; this list only keeps the console from offering what would be refused.

export type StaffRole = StaffRoleName;

export const ADMIN_PATH = '/admin';
export const AUDIT_PATH = '/admin/audit';
export const BILLING_PATH = '/admin/billing';
export const CLIENT_ERRORS_PATH = '/admin/errors';

/**
 * The audit log narrowed to one record, for a link from that record's screen; the audit page reads
 * it back with its filter codec (audit/staff/utils/audit-filters.ts).
 */
export function auditRecordPath(entityType: string, entityId: string): string {
  return `${AUDIT_PATH}?${new URLSearchParams({ type: entityType, id: entityId })}`;
}

/** A customer's file in the customers section, where their services, orders and domains are. */
export function customerFilePath(customerId: string): string {
  return `/admin/customers/${encodeURIComponent(customerId)}`;
}

export type AdminSectionKey =
  | 'dashboard'
  | 'orders'
  | 'customers'
  | 'tickets'
  | 'catalog'
  | 'articles'
  | 'discounts'
  | 'provisioning'
  | 'domains'
  | 'work'
  | 'billing'
  | 'errors'
  | 'audit';

export interface AdminSection {
  key: AdminSectionKey;
  path: string;
  label: string;
  /** What the section's page needs to read: the role matrix decides who sees it. */
  permission: StaffPermission;
  /** What the section holds, as a sentence: shown while it is not built yet. */
  summary: string;
}

export const adminSections: readonly AdminSection[] = [
  {
    key: 'dashboard',
    path: ADMIN_PATH,
    label: 'داشبورد',
    permission: 'dashboard.read',
    summary:
      'فروش امروز و این ماه به تومان، مشتریان تازه، تیکت‌های باز و نمودار ۳۰ روز گذشته با تاریخ شمسی.',
  },
  {
    key: 'orders',
    path: '/admin/orders',
    label: 'سفارش‌ها',
    permission: 'orders.read',
    summary:
      'جستجو و فیلتر سفارش‌ها، جزئیات هر سفارش، لغو سفارش پرداخت‌نشده، بازپرداخت به کیف پول و خروجی CSV.',
  },
  {
    key: 'customers',
    path: '/admin/customers',
    label: 'مشتریان',
    permission: 'customers.read',
    summary:
      'جستجو با شمارهٔ موبایل، پروفایل، سرویس‌ها، سفارش‌ها و کیف پول هر مشتری، قفل حساب و پایان نشست‌ها.',
  },
  {
    key: 'tickets',
    path: '/admin/tickets',
    label: 'تیکت‌ها',
    permission: 'tickets.work',
    summary:
      'صف تیکت‌ها به تفکیک دپارتمان، وضعیت و اولویت؛ ارجاع، پاسخ با پیوست، یادداشت داخلی و پاسخ‌های آماده.',
  },
  {
    key: 'catalog',
    path: '/admin/catalog',
    label: 'محصولات و گروه‌ها',
    permission: 'catalog.read',
    summary:
      'گروه‌ها، محصولات، دوره‌ها و قیمت‌ها، ویژگی‌ها و قالب‌ها با بارگذاری تصویر؛ انتشار و لغو انتشار.',
  },
  {
    key: 'articles',
    path: '/admin/articles',
    label: 'مقاله‌ها',
    permission: 'articles.read',
    summary: 'نوشتن و ویرایش مقاله، پیش‌نویس و انتشار با تاریخ انتشار شمسی.',
  },
  {
    key: 'discounts',
    path: '/admin/discounts',
    label: 'کدهای تخفیف',
    permission: 'discounts.read',
    summary: 'ساخت و ویرایش کدهای تخفیف با همهٔ قاعده‌هایشان و میزان استفاده از هر کد.',
  },
  {
    key: 'provisioning',
    path: '/admin/provisioning',
    label: 'راه‌اندازی سرویس‌ها',
    permission: 'services.manage',
    summary:
      'سرویس‌هایی که روی کنترل پنل راه‌اندازی نشده‌اند با رویدادها و درخواست‌های پنل، سرورهای کنترل پنل و محصولاتی که خودکار تحویل می‌شوند.',
  },
  {
    key: 'domains',
    path: '/admin/domains',
    label: 'دامنه‌ها',
    // A domain is delivered as a service is: the same admins look after both.
    permission: 'services.manage',
    summary:
      'دامنه‌های مشتریان با تاریخچهٔ ثبت‌کننده، تلاش دوباره، ثبت دستی، لغو و بازپرداخت، افزودن دامنهٔ موجود، قیمت پسوندها و حساب‌های ثبت‌کننده.',
  },
  {
    key: 'work',
    path: PAGES.adminWaitingWork,
    label: 'کارهای منتظر کارشناس',
    // Its rows are services and domains, both acted on with services.manage (issue 38).
    permission: 'services.manage',
    summary:
      'سرویس‌ها و دامنه‌هایی که کار خودکارشان پیش نرفت، در یک صف، قدیمی‌ترین اول، با علت و پیوند به صفحه‌ای که کارشناس آن را دوباره امتحان، دستی انجام یا بازپرداخت می‌کند.',
  },
  {
    key: 'billing',
    path: BILLING_PATH,
    label: 'مالی',
    permission: 'billing.read',
    summary:
      'صورتحساب‌ها، برگشت از فروش‌ها و رسیدها با جست‌وجو و PDF، تأیید پرداخت‌های کارت به کارت، گزارش فروش و مالیات، نرخ مالیات بر ارزش افزوده به تاریخ، روش‌های پرداخت و مشخصات حقوقی فروشنده.',
  },
  {
    key: 'errors',
    path: CLIENT_ERRORS_PATH,
    label: 'گزارش خطاها',
    permission: 'errors.read',
    summary:
      'خطاهایی که مرورگر یا اپ مشتریان به آن برخورده است، دسته‌بندی‌شده با تعداد، اولین و آخرین بار، صفحه، نسخه و مرورگر.',
  },
  {
    key: 'audit',
    path: AUDIT_PATH,
    label: 'گزارش کارها',
    permission: 'audit.read',
    summary: 'هر کاری که کارکنان انجام داده‌اند: چه کسی، چه کاری، روی کدام رکورد، قبل و بعد، کی.',
  },
];

export function isStaffRole(role: UserRoleName): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/** Whether a staff member in this role may open the section. */
export function canOpen(role: StaffRole, section: AdminSection): boolean {
  return hasPermission(role, section.permission);
}

/** The sections this role sees in the console's menu. */
export function sectionsFor(role: StaffRole): readonly AdminSection[] {
  return adminSections.filter((section) => canOpen(role, section));
}

/** The section an address belongs to: the dashboard at `/admin` only, the others with their subpages. */
export function sectionAt(pathname: string): AdminSection | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return adminSections.find((section) =>
    section.path === ADMIN_PATH
      ? path === ADMIN_PATH
      : path === section.path || path.startsWith(`${section.path}/`),
  );
}

export function sectionByKey(key: AdminSectionKey): AdminSection {
  const section = adminSections.find((item) => item.key === key);
  if (!section) throw new Error(`no admin section ${key}`);
  return section;
}

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'مدیر',
  support: 'پشتیبان',
};
