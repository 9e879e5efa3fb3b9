import { BILLING_CYCLES, type BillingCycle, type PlanLimits } from '@vitrin/contracts';
import type { productStatuses } from '../../schema';

/**
 * One cell of a product's row in its group's comparison table: a short text (the feature is
 * included, with this value), or a plain yes/no.
 */
export type FeatureCell = string | boolean | typeof LIMIT;

/** The cell of a row that states a limit: drawn from the product's `limits`, never typed. */
export const LIMIT = Symbol('from the plan limits');

const GIB = 1024;

// What staff do by hand, said as such in the comparison cells (issue 35 item 5: the product does
// not issue certificates or take backups by itself).
const SSL_BY_STAFF = 'نصب به دست پشتیبانی';
const BACKUP_BY_STAFF = 'به درخواست، به دست پشتیبانی';

// A domain's cells (issue 38): registered, renewed and managed by the domains module.
const DOMAIN_REGISTRATION = 'خودکار، پس از پرداخت';
const DOMAIN_DNS = 'از پنل، روی نام‌سرورهای ما';
const DOMAIN_NAMESERVERS = '۲ تا ۴، از پنل';
const DOMAIN_TRANSFER_IN = 'با کد انتقال';
const DOMAIN_RENEWAL = 'خودکار از کیف پول، یا از پنل';
const TIB = 1024 * GIB;

export interface DemoPrice {
  cycle: BillingCycle;
  priceRial: number;
  salePriceRial: number | null;
}

export interface DemoProduct {
  slug: string;
  groupSlug: string;
  name: string;
  summary: string;
  /** Plain text, paragraphs separated by a blank line. */
  description: string;
  setupFeeRial: number;
  isFeatured: boolean;
  badge: string | null;
  popularity: number;
  sortOrder: number;
  status: (typeof productStatuses)[number];
  createdAt: string;
  prices: readonly DemoPrice[];
  /** One cell per feature of the group, in the group's order (groups.ts); LIMIT on limit rows. */
  features: readonly FeatureCell[];
  /** The plan's limits: the one source of its limit cells, panel package and usage bars. */
  limits: PlanLimits;
}

// What a longer cycle costs in months of the monthly price: the longer, the cheaper per month.
const CYCLE_MONTHS_CHARGED: Record<BillingCycle, number> = {
  monthly: 1,
  quarterly: 2.85,
  semiannual: 5.5,
  annual: 10,
};

const roundToTenThousand = (rial: number) => Math.round(rial / 10_000) * 10_000;

/** Prices for the given cycles from a monthly price, with sale prices on some cycles. */
function pricesFromMonthly(
  monthlyRial: number,
  options: {
    cycles?: readonly BillingCycle[];
    sale?: Partial<Record<BillingCycle, number>>;
  } = {},
): DemoPrice[] {
  return (options.cycles ?? BILLING_CYCLES).map((cycle) => ({
    cycle,
    priceRial: roundToTenThousand(monthlyRial * CYCLE_MONTHS_CHARGED[cycle]),
    salePriceRial: options.sale?.[cycle] ?? null,
  }));
}

/** A domain is registered by the year only. */
function annualPrice(priceRial: number, salePriceRial: number | null = null): DemoPrice[] {
  return [{ cycle: 'annual', priceRial, salePriceRial }];
}

export const demoProducts: readonly DemoProduct[] = [
  // سایت‌ساز
  {
    slug: 'builder-starter',
    groupSlug: 'website-builder',
    name: 'سایت‌ساز پایه',
    summary: 'برای معرفی کسب‌وکار یا رزومهٔ شخصی در چند صفحهٔ ساده و شیک.',
    description:
      'سایت‌ساز پایه ساده‌ترین راه برای داشتن یک سایت آبرومند است. یکی از قالب‌های رایگان را انتخاب می‌کنید، متن و عکس‌های خودتان را جای نمونه‌ها می‌گذارید و سایت در همان روز روی دامنهٔ شما بالا می‌آید.\n\nویرایشگر کشیدن و رها کردن ویترین کاملاً فارسی و راست‌چین است و نسخهٔ موبایل سایت را خودکار می‌سازد. گواهی SSL رایگان را پس از وصل شدن دامنه، کارشناسان پشتیبانی روی سایت نصب می‌کنند.\n\nهر وقت کارتان بزرگ‌تر شد، بدون از دست دادن محتوا به پلن کسب‌وکار یا فروشگاهی ارتقا دهید.',
    setupFeeRial: 0,
    isFeatured: false,
    badge: null,
    popularity: 1480,
    sortOrder: 1,
    status: 'active',
    createdAt: '2025-11-28T07:30:00Z',
    prices: pricesFromMonthly(2_900_000),
    features: [LIMIT, LIMIT, LIMIT, false, SSL_BY_STAFF, false, 'پایه', 'ماهانه', 'تیکت'],
    limits: { pages: 10, diskMb: 2 * GIB, bandwidthMb: null },
  },
  {
    slug: 'builder-business',
    groupSlug: 'website-builder',
    name: 'سایت‌ساز کسب‌وکار',
    summary: 'سایت شرکتی کامل با فرم تماس، وبلاگ و فروش چند محصول یا خدمت.',
    description:
      'پلن کسب‌وکار برای شرکت‌ها، مطب‌ها، آموزشگاه‌ها و هر کسب‌وکاری است که می‌خواهد از سایتش مشتری بگیرد. صفحه‌ها نامحدودند، همهٔ قالب‌های رایگان و ویژه در دسترس‌اند و می‌توانید تا ۵۰ محصول یا خدمت را مستقیم بفروشید.\n\nدرگاه پرداخت بانکی در چند دقیقه وصل می‌شود، ابزارهای سئو عنوان و توضیح هر صفحه را بررسی می‌کنند و گزارش روزانهٔ بازدید نشان می‌دهد مشتری‌ها از کجا می‌آیند. نشان ویترین هم از پایین سایت برداشته می‌شود.',
    setupFeeRial: 0,
    isFeatured: true,
    badge: 'پرفروش',
    popularity: 2960,
    sortOrder: 2,
    status: 'active',
    createdAt: '2025-12-14T09:00:00Z',
    prices: pricesFromMonthly(5_900_000),
    features: [LIMIT, LIMIT, LIMIT, true, SSL_BY_STAFF, true, 'پیشرفته', 'روزانه', 'تیکت و تلفن'],
    limits: { pages: null, diskMb: 10 * GIB, storeProducts: 50, bandwidthMb: null },
  },
  {
    slug: 'builder-shop',
    groupSlug: 'website-builder',
    name: 'سایت‌ساز فروشگاهی',
    summary: 'فروشگاه اینترنتی آماده با انبارداری، کد تخفیف و اتصال به پست و تیپاکس.',
    description:
      'با پلن فروشگاهی، فروشگاه اینترنتی کامل با محصول نامحدود، دسته‌بندی، موجودی انبار، کد تخفیف و سبد خرید راست‌چین دارید. هزینهٔ ارسال با پست و تیپاکس خودکار حساب می‌شود و سفارش‌ها در پنل مدیریت و پیامک به دستتان می‌رسد.\n\nقالب‌های فروشگاهی ویترین برای موبایل طراحی شده‌اند، چون بیشتر خریدهای اینترنتی در ایران با گوشی انجام می‌شود. صفحهٔ محصول برای گوگل بهینه است و تصویرها خودکار فشرده می‌شوند تا فروشگاه سریع بماند.\n\nدر خرید سالانه این پلن، تا پایان آذر ۱۴۰۵ تخفیف ویژه دارید.',
    setupFeeRial: 0,
    isFeatured: true,
    badge: 'پیشنهاد ویژه',
    popularity: 2410,
    sortOrder: 3,
    status: 'active',
    createdAt: '2026-01-20T10:15:00Z',
    prices: pricesFromMonthly(8_900_000, { sale: { annual: 79_000_000 } }),
    features: [LIMIT, LIMIT, LIMIT, true, SSL_BY_STAFF, true, 'پیشرفته', 'روزانه', 'تیکت و تلفن'],
    limits: { pages: null, diskMb: 30 * GIB, storeProducts: null, bandwidthMb: null },
  },
  {
    slug: 'builder-pro',
    groupSlug: 'website-builder',
    name: 'سایت‌ساز حرفه‌ای',
    summary: 'برای برندهای پربازدید: منابع بیشتر، چند مدیر و کارشناس پشتیبانی اختصاصی.',
    description:
      'پلن حرفه‌ای برای فروشگاه‌ها و برندهایی است که روزانه هزاران بازدیدکننده دارند. منابع سرور سایت شما جداست، چند نفر با سطح دسترسی متفاوت می‌توانند سایت را مدیریت کنند و گزارش بازدید لحظه‌ای است.\n\nیک کارشناس اختصاصی از روز اول همراه شماست: در انتقال محتوا از سایت قبلی، تنظیم سئو و راه‌اندازی کمپین‌های فروش کمک می‌کند و در ساعت کاری پاسخ تلفنی می‌دهد.',
    setupFeeRial: 0,
    isFeatured: false,
    badge: null,
    popularity: 870,
    sortOrder: 4,
    status: 'active',
    createdAt: '2026-04-05T08:45:00Z',
    prices: pricesFromMonthly(11_900_000),
    features: [
      LIMIT,
      LIMIT,
      LIMIT,
      true,
      SSL_BY_STAFF,
      true,
      'پیشرفته',
      'لحظه‌ای',
      'کارشناس اختصاصی',
    ],
    limits: { pages: null, diskMb: 100 * GIB, storeProducts: null, bandwidthMb: null },
  },

  // هاست اشتراکی لینوکس
  {
    slug: 'host-linux-1g',
    groupSlug: 'shared-hosting',
    name: 'هاست لینوکس ۱ گیگ',
    summary: 'هاست اقتصادی برای سایت شخصی، صفحهٔ فرود یا یک وبلاگ کوچک.',
    description:
      'هاست لینوکس ۱ گیگ روی سرورهای دیسک NVMe در دیتاسنتر تهران میزبانی می‌شود؛ پس سایت شما برای بازدیدکنندهٔ ایرانی سریع باز می‌شود. کنترل‌پنل سی‌پنل فارسی است و با نصب‌کنندهٔ خودکار، وردپرس یا جوملا را با یک کلیک راه می‌اندازید.\n\nگواهی SSL رایگان را پس از وصل شدن دامنه، کارشناسان پشتیبانی روی سایت نصب می‌کنند. نسخهٔ پشتیبان گرفتن و بازگرداندن آن را پشتیبانی به درخواست شما انجام می‌دهد.',
    setupFeeRial: 0,
    isFeatured: false,
    badge: null,
    popularity: 1720,
    sortOrder: 1,
    status: 'active',
    createdAt: '2025-11-25T06:00:00Z',
    prices: pricesFromMonthly(1_090_000),
    features: [LIMIT, LIMIT, LIMIT, LIMIT, LIMIT, LIMIT, SSL_BY_STAFF, BACKUP_BY_STAFF],
    limits: {
      diskMb: 1 * GIB,
      bandwidthMb: 50 * GIB,
      domains: 1,
      emailAccounts: 5,
      databases: 2,
      cpuCores: 1,
    },
  },
  {
    slug: 'host-linux-5g',
    groupSlug: 'shared-hosting',
    name: 'هاست لینوکس ۵ گیگ',
    summary: 'انتخاب بیشتر سایت‌های شرکتی: فضای کافی، چند دامنه و ایمیل‌های بیشتر.',
    description:
      'هاست ۵ گیگ برای سایت‌های شرکتی و فروشگاه‌های کوچک ساخته شده است. می‌توانید تا سه دامنه را روی یک هاست نگه دارید، برای همکارانتان ۲۰ حساب ایمیل بسازید و از ده پایگاه داده استفاده کنید.\n\nمنابع هر حساب با فناوری CloudLinux جدا شده است تا سایت‌های دیگر روی سرعت سایت شما اثر نگذارند. این ماه، خرید ماهانهٔ این پلن تخفیف دارد.',
    setupFeeRial: 0,
    isFeatured: true,
    badge: null,
    popularity: 2180,
    sortOrder: 2,
    status: 'active',
    createdAt: '2025-12-02T11:20:00Z',
    prices: pricesFromMonthly(1_490_000, { sale: { monthly: 1_290_000 } }),
    features: [LIMIT, LIMIT, LIMIT, LIMIT, LIMIT, LIMIT, SSL_BY_STAFF, BACKUP_BY_STAFF],
    limits: {
      diskMb: 5 * GIB,
      bandwidthMb: 200 * GIB,
      domains: 3,
      emailAccounts: 20,
      databases: 10,
      cpuCores: 2,
    },
  },
  {
    slug: 'host-linux-20g',
    groupSlug: 'shared-hosting',
    name: 'هاست لینوکس ۲۰ گیگ',
    summary: 'برای چند سایت پربازدید با پهنای باند و پایگاه دادهٔ نامحدود.',
    description:
      'هاست ۲۰ گیگ برای طراحان سایت و شرکت‌هایی است که چند سایت را یک‌جا مدیریت می‌کنند. پهنای باند، حساب ایمیل و پایگاه داده محدودیتی ندارند و چهار هستهٔ پردازنده در اختیار حساب شماست.\n\nنسخهٔ پشتیبان گرفتن و بازگرداندن آن را پشتیبانی به درخواست شما انجام می‌دهد.\n\nاگر روزی به منابع بیشتری نیاز داشتید، انتقال به سرور مجازی را کارشناسان ما رایگان انجام می‌دهند.',
    setupFeeRial: 0,
    isFeatured: false,
    badge: null,
    popularity: 940,
    sortOrder: 3,
    status: 'active',
    createdAt: '2026-02-11T07:10:00Z',
    prices: pricesFromMonthly(1_990_000),
    features: [LIMIT, LIMIT, LIMIT, LIMIT, LIMIT, LIMIT, SSL_BY_STAFF, BACKUP_BY_STAFF],
    limits: {
      diskMb: 20 * GIB,
      bandwidthMb: null,
      domains: 10,
      emailAccounts: null,
      databases: null,
      cpuCores: 4,
    },
  },
  {
    // No longer sold: kept for the customers who still renew it.
    slug: 'host-linux-legacy',
    groupSlug: 'shared-hosting',
    name: 'هاست لینوکس اقتصادی (قدیمی)',
    summary: 'پلن قدیمی هاست اقتصادی که فقط برای تمدید مشتریان فعلی نگه داشته شده است.',
    description:
      'این پلن دیگر فروخته نمی‌شود و فقط مشتریانی که پیش‌تر آن را خریده‌اند می‌توانند تمدیدش کنند.\n\nبرای سایت تازه، هاست لینوکس ۱ گیگ را با دیسک NVMe انتخاب کنید.',
    setupFeeRial: 0,
    isFeatured: false,
    badge: null,
    popularity: 310,
    sortOrder: 9,
    status: 'hidden',
    createdAt: '2025-11-21T06:00:00Z',
    prices: pricesFromMonthly(790_000),
    features: [LIMIT, LIMIT, LIMIT, LIMIT, LIMIT, LIMIT, SSL_BY_STAFF, false],
    limits: {
      diskMb: 500,
      bandwidthMb: 20 * GIB,
      domains: 1,
      emailAccounts: 2,
      databases: 1,
      cpuCores: 1,
    },
  },

  // هاست وردپرس
  {
    slug: 'wp-start',
    groupSlug: 'wordpress-hosting',
    name: 'هاست وردپرس شروع',
    summary: 'یک سایت وردپرسی سریع و امن، از نصب تا به‌روزرسانی بدون دردسر.',
    description:
      'وردپرس فارسی را با نصب‌کنندهٔ کنترل‌پنل در چند دقیقه نصب می‌کنید، یا پس از تحویل هاست با یک تیکت بخواهید تا پشتیبانی برایتان نصب کند. وب‌سرور لایت‌اسپید و افزونهٔ کش آن صفحه‌ها را آماده نگه می‌دارند تا سایت حتی با قالب‌های سنگین سریع بماند.\n\nبه‌روزرسانی خودکار هستهٔ وردپرس و افزونه‌ها را در پیشخوان وردپرس روشن می‌کنید و فایروال مخصوص وردپرس جلوی حمله‌های رایج مثل حدس رمز عبور را می‌گیرد.',
    setupFeeRial: 0,
    isFeatured: false,
    badge: null,
    popularity: 1290,
    sortOrder: 1,
    status: 'active',
    createdAt: '2026-03-03T09:30:00Z',
    prices: pricesFromMonthly(1_690_000),
    features: [LIMIT, LIMIT, LIMIT, true, true, false, true, BACKUP_BY_STAFF],
    limits: { sites: 1, diskMb: 5 * GIB, monthlyVisits: 20_000, bandwidthMb: null },
  },
  {
    slug: 'wp-pro',
    groupSlug: 'wordpress-hosting',
    name: 'هاست وردپرس حرفه‌ای',
    summary: 'برای فروشگاه ووکامرس و سایت‌های پربازدید، با محیط آزمایشی و کش پیشرفته.',
    description:
      'هاست وردپرس حرفه‌ای برای فروشگاه‌های ووکامرسی و مجله‌های اینترنتی است که سرعت برایشان حیاتی است. تا سه سایت وردپرسی را میزبانی می‌کند و برای ماهانه تا صد هزار بازدید منابع کافی دارد.\n\nبا محیط آزمایشی (Staging) یک نسخهٔ کپی از سایت می‌سازید، افزونهٔ تازه یا قالب جدید را آن‌جا امتحان می‌کنید و اگر همه‌چیز درست بود با یک کلیک روی سایت اصلی منتشرش می‌کنید.\n\nخرید سالانهٔ این پلن در جشنوارهٔ پاییزی تخفیف دارد.',
    setupFeeRial: 0,
    isFeatured: true,
    badge: 'پیشنهاد ویژه',
    popularity: 2050,
    sortOrder: 2,
    status: 'active',
    createdAt: '2026-03-03T09:45:00Z',
    prices: pricesFromMonthly(2_790_000, { sale: { annual: 24_900_000 } }),
    features: [LIMIT, LIMIT, LIMIT, true, true, true, true, BACKUP_BY_STAFF],
    limits: { sites: 3, diskMb: 15 * GIB, monthlyVisits: 100_000, bandwidthMb: null },
  },
  {
    slug: 'wp-business',
    groupSlug: 'wordpress-hosting',
    name: 'هاست وردپرس تجاری',
    summary: 'منابع بالا برای آژانس‌ها و فروشگاه‌های بزرگ وردپرسی.',
    description:
      'پلن تجاری برای آژانس‌های طراحی سایت و فروشگاه‌های بزرگی است که چند سایت وردپرسی را کنار هم اداره می‌کنند. ده سایت، ۴۰ گیگابایت فضای NVMe و منابع کافی برای ماهانه چهارصد هزار بازدید در اختیار دارید.\n\nنسخهٔ پشتیبان و بازگردانی را پشتیبانی به درخواست شما انجام می‌دهد و کارشناسان وردپرس ما در بهینه‌سازی سرعت و رفع مشکل افزونه‌ها کنارتان هستند.',
    setupFeeRial: 0,
    isFeatured: false,
    badge: null,
    popularity: 620,
    sortOrder: 3,
    status: 'active',
    createdAt: '2026-05-18T12:00:00Z',
    prices: pricesFromMonthly(4_490_000),
    features: [LIMIT, LIMIT, LIMIT, true, true, true, true, BACKUP_BY_STAFF],
    limits: { sites: 10, diskMb: 40 * GIB, monthlyVisits: 400_000, bandwidthMb: null },
  },

  // سرور مجازی
  {
    slug: 'vps-2core',
    groupSlug: 'vps',
    name: 'سرور مجازی ۲ هسته',
    summary: 'سرور لینوکس کوچک برای ربات، API یا محیط توسعه با دسترسی کامل روت.',
    description:
      'سرور مجازی ۲ هسته با ۴ گیگابایت رم و دیسک NVMe برای راه‌اندازی سرویس‌های سبک مثل ربات تلگرام، API یک اپلیکیشن یا محیط آزمایش تیم توسعه مناسب است. اوبونتو، دبیان، آلمالینوکس یا راکی لینوکس را انتخاب کنید؛ کارشناسان ما سرور را پس از پرداخت آماده می‌کنند و کمتر از ۲۴ ساعت بعد، نشانی و گذرواژهٔ ورودش در صفحهٔ سرویس شما نوشته می‌شود.\n\nسرورها در دیتاسنتر تهران با اتصال چندگانه به شبکهٔ ملی و بین‌الملل قرار دارند و جلوی حمله‌های DDoS رایج محافظت شده‌اند. هزینهٔ راه‌اندازی یک‌بار و فقط در سفارش اول گرفته می‌شود.',
    setupFeeRial: 1_500_000,
    isFeatured: false,
    badge: null,
    popularity: 1130,
    sortOrder: 1,
    status: 'active',
    createdAt: '2026-01-08T08:00:00Z',
    prices: pricesFromMonthly(12_900_000, { cycles: ['monthly', 'quarterly'] }),
    features: [LIMIT, LIMIT, LIMIT, LIMIT, LIMIT, true, false, true],
    limits: { cpuCores: 2, ramMb: 4 * GIB, diskMb: 60 * GIB, bandwidthMb: 2 * TIB, ipv4: 1 },
  },
  {
    slug: 'vps-4core',
    groupSlug: 'vps',
    name: 'سرور مجازی ۴ هسته',
    summary: 'سرور میان‌رده برای فروشگاه‌های پربازدید و سرویس‌های تحت وب.',
    description:
      'سرور مجازی ۴ هسته با ۸ گیگابایت رم برای فروشگاه‌های پربازدید، نرم‌افزارهای حسابداری تحت وب و پایگاه‌های دادهٔ متوسط انتخاب خوبی است. منابع پردازنده و رم اختصاصی‌اند و با سرورهای دیگر تقسیم نمی‌شوند.\n\nهر هفته یک اسنپ‌شات کامل از سرور گرفته می‌شود تا اگر به‌روزرسانی یا تغییری خراب شد، سرور را به وضعیت سالم قبلی برگردانید.\n\nارتقای منابع بدون نصب دوباره و با چند دقیقه توقف انجام می‌شود.',
    setupFeeRial: 1_500_000,
    isFeatured: true,
    badge: null,
    popularity: 1560,
    sortOrder: 2,
    status: 'active',
    createdAt: '2026-01-08T08:10:00Z',
    prices: pricesFromMonthly(24_900_000, { cycles: ['monthly', 'quarterly'] }),
    features: [LIMIT, LIMIT, LIMIT, LIMIT, LIMIT, true, true, true],
    limits: { cpuCores: 4, ramMb: 8 * GIB, diskMb: 120 * GIB, bandwidthMb: 4 * TIB, ipv4: 1 },
  },
  {
    slug: 'vps-8core',
    groupSlug: 'vps',
    name: 'سرور مجازی ۸ هسته',
    summary: 'قدرت پردازشی بالا برای پایگاه داده، کانتینرها و سرویس‌های سازمانی.',
    description:
      'سرور مجازی ۸ هسته با ۱۶ گیگابایت رم و ۲۴۰ گیگابایت NVMe روی نسل تازهٔ سرورهای ویترین با پردازنده‌های AMD EPYC راه‌اندازی می‌شود. برای اجرای داکر و کوبرنتیز، پایگاه دادهٔ پرترافیک یا سامانه‌های داخلی سازمان‌ها مناسب است.\n\nدو آی‌پی نسخهٔ ۴، ترافیک ماهانهٔ ۸ ترابایت و اسنپ‌شات هفتگی در قیمت پلن است و کارشناسان شبکهٔ ما شبانه‌روز پاسخ‌گوی مشکلات زیرساخت هستند.',
    setupFeeRial: 2_500_000,
    isFeatured: false,
    badge: 'جدید',
    popularity: 480,
    sortOrder: 3,
    status: 'active',
    createdAt: '2026-10-27T09:00:00Z',
    prices: pricesFromMonthly(46_900_000, { cycles: ['monthly', 'quarterly'] }),
    features: [LIMIT, LIMIT, LIMIT, LIMIT, LIMIT, true, true, true],
    limits: { cpuCores: 8, ramMb: 16 * GIB, diskMb: 240 * GIB, bandwidthMb: 8 * TIB, ipv4: 2 },
  },

  // دامنه
  // Prices: the TLD's registration price per year, as seedDomainSales (seed-domains.ts) sets it.
  {
    slug: 'domain-ir',
    groupSlug: 'domains',
    // The LRM keeps the dot before «ir» in a right-to-left line (it would show as «ir.»).
    name: 'دامنهٔ ملی \u200E.ir',
    summary: 'پسوند ملی ایران؛ ارزان، معتبر و آشنا برای مشتری ایرانی.',
    description:
      'دامنهٔ \u200E.ir پسوند رسمی ایران است و در ایرنیک، مرکز ثبت دامنهٔ پژوهشگاه دانش‌های بنیادی، ثبت می‌شود. پس از پرداخت، درخواست ثبت خودکار به ایرنیک فرستاده می‌شود. ایرنیک گاهی درخواست را پیش از ثبت بررسی می‌کند و نتیجه را با پیامک و ایمیل خبر می‌دهیم؛ اگر نپذیرد، مبلغ با صورت‌حساب برگشتی به کیف پولتان برمی‌گردد.\n\nمشخصات دارندهٔ دامنه را یک بار وارد می‌کنید و ایرنیک دامنه را به نام او ثبت می‌کند. نام‌سرورها را از صفحهٔ دامنه در پنل ویترین عوض می‌کنید و اگر دامنه روی نام‌سرورهای ما باشد، رکوردهای DNS را هم همان‌جا می‌نویسید. دامنه ۱۴ روز پیش از پایان خودکار تمدید می‌شود، از کیف پول یا با لینک پرداختی که برایتان می‌فرستیم؛ ۳۰، ۷ و ۱ روز پیش از پایان هم با پیامک و ایمیل یادآوری می‌کنیم.',
    setupFeeRial: 0,
    isFeatured: false,
    badge: 'پرفروش',
    popularity: 3120,
    sortOrder: 1,
    status: 'active',
    createdAt: '2025-11-26T06:30:00Z',
    prices: annualPrice(1_200_000),
    features: [
      'ایرنیک',
      '۱ سال',
      DOMAIN_REGISTRATION,
      DOMAIN_DNS,
      DOMAIN_NAMESERVERS,
      DOMAIN_TRANSFER_IN,
      DOMAIN_RENEWAL,
    ],
    limits: {},
  },
  {
    slug: 'domain-com',
    groupSlug: 'domains',
    name: 'دامنهٔ \u200E.com',
    summary: 'شناخته‌شده‌ترین پسوند جهان برای برندهایی که بازار بین‌المللی دارند.',
    description:
      'دامنهٔ \u200E.com پرکاربردترین پسوند اینترنت است و برای کسب‌وکاری که مشتری خارج از ایران هم دارد، انتخاب اول است. نام را در جست‌وجوی دامنه بنویسید تا همان لحظه از ثبت‌کننده بپرسیم آزاد است یا نه؛ پس از پرداخت، دامنه خودکار ثبت می‌شود و در بخش دامنه‌های پنل ویترین می‌آید.\n\nاگر دامنه را جای دیگری ثبت کرده‌اید، با کد انتقالی که از ثبت‌کنندهٔ فعلی می‌گیرید به ویترین بیاوریدش؛ انتقال یک سال به اعتبار دامنه اضافه می‌کند. دامنه ۱۴ روز پیش از پایان خودکار تمدید می‌شود و اگر نخواهید، این کار را در پنل خاموش می‌کنید.',
    setupFeeRial: 0,
    isFeatured: false,
    badge: null,
    popularity: 1910,
    sortOrder: 2,
    status: 'active',
    createdAt: '2025-11-26T06:40:00Z',
    prices: annualPrice(18_500_000),
    features: [
      'Verisign',
      '۱ سال',
      DOMAIN_REGISTRATION,
      DOMAIN_DNS,
      DOMAIN_NAMESERVERS,
      DOMAIN_TRANSFER_IN,
      DOMAIN_RENEWAL,
    ],
    limits: {},
  },
  {
    slug: 'domain-net',
    groupSlug: 'domains',
    name: 'دامنهٔ \u200E.net',
    summary: 'پسوندی خوش‌نام برای شرکت‌های فناوری، شبکه و خدمات اینترنتی.',
    description:
      'دامنهٔ \u200E.net از قدیمی‌ترین پسوندهای اینترنت است و برای شرکت‌های فناوری و خدمات آنلاین، یا وقتی نام دلخواهتان با \u200E.com گرفته شده، گزینهٔ خوبی است.\n\nپس از پرداخت خودکار ثبت می‌شود؛ نام‌سرورها را از پنل عوض می‌کنید و رکوردهای DNS را همان‌جا می‌نویسید، و پیش از پایان دوره با پیامک و ایمیل یادآوری می‌کنیم.',
    setupFeeRial: 0,
    isFeatured: false,
    badge: null,
    popularity: 540,
    sortOrder: 3,
    status: 'active',
    createdAt: '2026-06-14T10:00:00Z',
    prices: annualPrice(21_000_000),
    features: [
      'Verisign',
      '۱ سال',
      DOMAIN_REGISTRATION,
      DOMAIN_DNS,
      DOMAIN_NAMESERVERS,
      DOMAIN_TRANSFER_IN,
      DOMAIN_RENEWAL,
    ],
    limits: {},
  },

  // ایمیل سازمانی
  {
    slug: 'email-team',
    groupSlug: 'business-email',
    name: 'ایمیل سازمانی تیمی',
    summary: 'پنج صندوق ایمیل با نام دامنهٔ خودتان برای تیم‌های کوچک.',
    description:
      'ایمیلی مثل info@shoma.ir اعتماد مشتری را بیشتر می‌کند. این پلن پنج صندوق با ۱۰ گیگابایت فضا برای هر کدام می‌دهد و با اپلیکیشن ایمیل گوشی، اوت‌لوک و وب‌میل کنترل‌پنل کار می‌کند.\n\nرکوردهای SPF و DKIM در صفحهٔ سرویس برای کپی نوشته می‌شوند تا در DNS دامنه بگذارید (یا با یک تیکت، پشتیبانی برایتان بگذارد) و نامه‌های شما به پوشهٔ هرزنامهٔ گیرنده نروند.',
    setupFeeRial: 0,
    isFeatured: false,
    badge: null,
    popularity: 760,
    sortOrder: 1,
    status: 'active',
    createdAt: '2026-08-02T07:00:00Z',
    prices: pricesFromMonthly(1_290_000),
    features: [LIMIT, LIMIT, LIMIT, true, true, false, BACKUP_BY_STAFF],
    limits: { mailboxes: 5, mailboxQuotaMb: 10 * GIB, attachmentMb: 25 },
  },
  {
    slug: 'email-business',
    groupSlug: 'business-email',
    name: 'ایمیل سازمانی کسب‌وکار',
    summary: 'ایمیل، تقویم و دفترچهٔ تماس مشترک برای شرکت‌هایی با تا ۲۵ کارمند.',
    description:
      'پلن کسب‌وکار ۲۵ صندوق ایمیل با ۲۵ گیگابایت فضا برای هر نفر دارد. تقویم و دفترچهٔ تماس مشترک کمک می‌کند جلسه‌ها را هماهنگ کنید و تماس‌های مشتریان بین همکاران گم نشود.\n\nنامه‌ها روی سرورهای داخل ایران نگه داشته می‌شوند و ضد ویروس و هرزنامه پیش از رسیدن به صندوق بررسی‌شان می‌کند.\n\nانتقال صندوق‌ها از سرویس ایمیل قبلی را کارشناسان ما رایگان انجام می‌دهند.',
    setupFeeRial: 0,
    isFeatured: false,
    badge: null,
    popularity: 410,
    sortOrder: 2,
    status: 'active',
    createdAt: '2026-09-15T08:30:00Z',
    prices: pricesFromMonthly(2_990_000),
    features: [LIMIT, LIMIT, LIMIT, true, true, true, BACKUP_BY_STAFF],
    limits: { mailboxes: 25, mailboxQuotaMb: 25 * GIB, attachmentMb: 50 },
  },
];
