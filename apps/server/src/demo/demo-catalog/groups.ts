import type { PlanLimitKey } from '@vitrin/contracts';

/**
 * A row of a group's comparison table: a label whose cells the products type, or a row that
 * states a limit, whose cells are drawn from each plan's `limits` (issue 35 item 4).
 */
export type DemoFeatureRow = string | { label: string; limit: PlanLimitKey };

export function featureRowLabel(row: DemoFeatureRow): string {
  return typeof row === 'string' ? row : row.label;
}

/** A product group of the demo catalog with the rows of its comparison table, in order. */
export interface DemoGroup {
  slug: string;
  name: string;
  summary: string;
  sortOrder: number;
  /** Whether the group's plans ask for a domain, and for a theme, at checkout. */
  needsDomain: boolean;
  needsTheme: boolean;
  /** Comparison rows; each product of the group gives one cell per row, in this order. */
  features: readonly DemoFeatureRow[];
}

/** The icon of a group, drawn by apps/web/scripts/generate-demo-media.mjs. */
export function groupIconUrl(slug: string): string {
  return `/media/demo/groups/${slug}.svg`;
}

export const demoGroups: readonly DemoGroup[] = [
  {
    slug: 'website-builder',
    name: 'سایت‌ساز',
    summary:
      'سایت یا فروشگاه اینترنتی خود را بدون برنامه‌نویسی و با قالب‌های آماده در چند ساعت بسازید.',
    sortOrder: 1,
    needsDomain: true,
    needsTheme: true,
    features: [
      { label: 'تعداد صفحات', limit: 'pages' },
      { label: 'فضای ذخیره‌سازی', limit: 'diskMb' },
      { label: 'فروشگاه اینترنتی', limit: 'storeProducts' },
      'اتصال به درگاه پرداخت',
      'گواهی SSL رایگان',
      'حذف نشان ویترین',
      'ابزارهای سئو',
      'گزارش بازدید',
      'پشتیبانی',
    ],
  },
  {
    slug: 'shared-hosting',
    name: 'هاست اشتراکی لینوکس',
    summary: 'میزبانی پایدار روی دیسک NVMe با کنترل‌پنل سی‌پنل برای سایت‌های شخصی و شرکتی.',
    sortOrder: 2,
    needsDomain: true,
    needsTheme: false,
    features: [
      { label: 'فضای ذخیره‌سازی', limit: 'diskMb' },
      { label: 'پهنای باند ماهانه', limit: 'bandwidthMb' },
      { label: 'تعداد دامنه', limit: 'domains' },
      { label: 'حساب ایمیل', limit: 'emailAccounts' },
      { label: 'پایگاه داده', limit: 'databases' },
      { label: 'منابع پردازنده', limit: 'cpuCores' },
      'گواهی SSL رایگان',
      'پشتیبان‌گیری',
    ],
  },
  {
    slug: 'wordpress-hosting',
    name: 'هاست وردپرس',
    summary: 'هاست بهینه‌شده برای وردپرس با لایت‌اسپید، نصب خودکار و به‌روزرسانی امن.',
    sortOrder: 3,
    needsDomain: true,
    needsTheme: false,
    features: [
      { label: 'تعداد سایت وردپرس', limit: 'sites' },
      { label: 'فضای NVMe', limit: 'diskMb' },
      { label: 'بازدید ماهانه مناسب', limit: 'monthlyVisits' },
      'کش لایت‌اسپید',
      'نصب و به‌روزرسانی خودکار',
      'محیط آزمایشی (Staging)',
      'فایروال وردپرس',
      'پشتیبان‌گیری',
    ],
  },
  {
    slug: 'vps',
    name: 'سرور مجازی',
    summary: 'سرور مجازی لینوکس با منابع اختصاصی، دسترسی روت و دیتاسنتر داخل ایران.',
    sortOrder: 4,
    needsDomain: false,
    needsTheme: false,
    features: [
      { label: 'پردازنده', limit: 'cpuCores' },
      { label: 'حافظهٔ رم', limit: 'ramMb' },
      { label: 'فضای NVMe', limit: 'diskMb' },
      { label: 'ترافیک ماهانه', limit: 'bandwidthMb' },
      { label: 'آی‌پی اختصاصی', limit: 'ipv4' },
      'دسترسی روت',
      'اسنپ‌شات هفتگی',
      'محافظت در برابر DDoS',
    ],
  },
  {
    slug: 'domains',
    name: 'دامنه',
    summary: 'نام اینترنتی کسب‌وکارتان را با پسوندهای ملی و بین‌المللی ثبت و از یک پنل مدیریت کنید.',
    sortOrder: 5,
    needsDomain: true,
    needsTheme: false,
    features: [
      'مرجع ثبت',
      'حداقل مدت ثبت',
      'ثبت',
      'تنظیم DNS',
      'نام‌سرورها',
      'انتقال به ویترین',
      'تمدید',
    ],
  },
  {
    slug: 'business-email',
    name: 'ایمیل سازمانی',
    summary: 'ایمیل با نام دامنهٔ خودتان، ضد هرزنامه و قابل استفاده در گوشی و رایانه.',
    sortOrder: 6,
    needsDomain: true,
    needsTheme: false,
    features: [
      { label: 'تعداد صندوق', limit: 'mailboxes' },
      { label: 'فضای هر صندوق', limit: 'mailboxQuotaMb' },
      { label: 'حداکثر حجم پیوست', limit: 'attachmentMb' },
      'ضد هرزنامه و ویروس',
      'وب‌میل',
      'تقویم و دفترچهٔ تماس مشترک',
      'پشتیبان‌گیری',
    ],
  },
];
