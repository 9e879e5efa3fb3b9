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
  features: readonly string[];
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
      'تعداد صفحات',
      'فضای ذخیره‌سازی',
      'فروشگاه اینترنتی',
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
      'فضای ذخیره‌سازی',
      'پهنای باند ماهانه',
      'تعداد دامنه',
      'حساب ایمیل',
      'پایگاه داده',
      'منابع پردازنده',
      'گواهی SSL رایگان',
      'پشتیبان‌گیری روزانه',
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
      'تعداد سایت وردپرس',
      'فضای NVMe',
      'بازدید ماهانه مناسب',
      'کش لایت‌اسپید',
      'نصب و به‌روزرسانی خودکار',
      'محیط آزمایشی (Staging)',
      'فایروال وردپرس',
      'پشتیبان‌گیری روزانه',
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
      'پردازنده',
      'حافظهٔ رم',
      'فضای NVMe',
      'ترافیک ماهانه',
      'آی‌پی اختصاصی',
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
      'زمان فعال‌سازی',
      'مدیریت DNS',
      'قفل انتقال',
      'پنهان‌سازی اطلاعات مالک',
      'تمدید خودکار',
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
      'تعداد صندوق',
      'فضای هر صندوق',
      'حداکثر حجم پیوست',
      'ضد هرزنامه و ویروس',
      'وب‌میل فارسی',
      'تقویم و دفترچهٔ تماس مشترک',
      'پشتیبان‌گیری روزانه',
    ],
  },
];
