export interface DemoThemeCategory {
  slug: string;
  name: string;
  sortOrder: number;
}

export interface DemoTheme {
  slug: string;
  name: string;
  categorySlug: string;
  tags: readonly string[];
  /** The one-time price of a paid theme; null for a free one. */
  priceRial: number | null;
  popularity: number;
}

export const demoThemeCategories: readonly DemoThemeCategory[] = [
  { slug: 'shop', name: 'فروشگاهی', sortOrder: 1 },
  { slug: 'corporate', name: 'شرکتی', sortOrder: 2 },
  { slug: 'personal', name: 'شخصی', sortOrder: 3 },
  { slug: 'blog', name: 'وبلاگ', sortOrder: 4 },
  { slug: 'restaurant', name: 'رستوران و کافه', sortOrder: 5 },
  { slug: 'education', name: 'آموزشی', sortOrder: 6 },
  { slug: 'medical', name: 'پزشکی', sortOrder: 7 },
  { slug: 'portfolio', name: 'نمونه‌کار', sortOrder: 8 },
];

/** The desktop preview first, then the phone one (apps/web/scripts/generate-demo-media.mjs). */
export function themePreviewUrls(slug: string): string[] {
  return [`/media/demo/themes/${slug}-desktop.svg`, `/media/demo/themes/${slug}-phone.svg`];
}

// Keep the slugs and categories in step with the generator script's list, which draws the
// previews; the seed test checks that every preview file exists.
export const demoThemes: readonly DemoTheme[] = [
  {
    slug: 'bazaarcheh',
    name: 'بازارچه',
    categorySlug: 'shop',
    tags: ['فروشگاه', 'پوشاک', 'مینیمال'],
    priceRial: null,
    popularity: 980,
  },
  {
    slug: 'gadget-land',
    name: 'گجت‌لند',
    categorySlug: 'shop',
    tags: ['کالای دیجیتال', 'فروشگاه', 'تیره'],
    priceRial: 12_900_000,
    popularity: 870,
  },
  {
    slug: 'golbarg-boutique',
    name: 'بوتیک گلبرگ',
    categorySlug: 'shop',
    tags: ['پوشاک زنانه', 'فروشگاه', 'رنگ ملایم'],
    priceRial: null,
    popularity: 760,
  },
  {
    slug: 'attar-spice',
    name: 'عطاری سنتی',
    categorySlug: 'shop',
    tags: ['عطاری', 'محصولات ارگانیک', 'سنتی'],
    priceRial: null,
    popularity: 540,
  },
  {
    slug: 'varagh-books',
    name: 'کتاب‌فروشی ورق',
    categorySlug: 'shop',
    tags: ['کتاب', 'فروشگاه', 'فرهنگی'],
    priceRial: 7_900_000,
    popularity: 415,
  },
  {
    slug: 'modern-office',
    name: 'دفتر مدرن',
    categorySlug: 'corporate',
    tags: ['شرکتی', 'خدمات', 'رسمی'],
    priceRial: null,
    popularity: 940,
  },
  {
    slug: 'sazeh-construction',
    name: 'سازه',
    categorySlug: 'corporate',
    tags: ['ساختمان', 'پیمانکاری', 'شرکتی'],
    priceRial: null,
    popularity: 505,
  },
  {
    slug: 'partab-startup',
    name: 'پرتاب',
    categorySlug: 'corporate',
    tags: ['استارتاپ', 'نرم‌افزار', 'صفحهٔ فرود'],
    priceRial: 14_900_000,
    popularity: 690,
  },
  {
    slug: 'dadgostar-law',
    name: 'دادگستر',
    categorySlug: 'corporate',
    tags: ['حقوقی', 'وکالت', 'رسمی'],
    priceRial: null,
    popularity: 330,
  },
  {
    slug: 'tarabar-logistics',
    name: 'ترابر',
    categorySlug: 'corporate',
    tags: ['حمل‌ونقل', 'بازرگانی', 'شرکتی'],
    priceRial: 9_900_000,
    popularity: 210,
  },
  {
    slug: 'resume-simple',
    name: 'رزومهٔ ساده',
    categorySlug: 'personal',
    tags: ['رزومه', 'شخصی', 'مینیمال'],
    priceRial: null,
    popularity: 820,
  },
  {
    slug: 'nava-musician',
    name: 'نوا',
    categorySlug: 'personal',
    tags: ['موسیقی', 'هنرمند', 'شخصی'],
    priceRial: null,
    popularity: 290,
  },
  {
    slug: 'mehr-coach',
    name: 'مهر',
    categorySlug: 'personal',
    tags: ['مشاوره', 'کوچینگ', 'شخصی'],
    priceRial: 4_900_000,
    popularity: 365,
  },
  {
    slug: 'pardis-events',
    name: 'پردیس',
    categorySlug: 'personal',
    tags: ['مراسم', 'دعوت‌نامه', 'عروسی'],
    priceRial: null,
    popularity: 240,
  },
  {
    slug: 'daftarcheh-blog',
    name: 'دفترچه',
    categorySlug: 'blog',
    tags: ['وبلاگ', 'نویسندگی', 'مینیمال'],
    priceRial: null,
    popularity: 610,
  },
  {
    slug: 'safarnameh',
    name: 'سفرنامه',
    categorySlug: 'blog',
    tags: ['سفر', 'وبلاگ', 'عکس'],
    priceRial: null,
    popularity: 455,
  },
  {
    slug: 'fannameh-magazine',
    name: 'فن‌نامه',
    categorySlug: 'blog',
    tags: ['فناوری', 'مجله', 'خبری'],
    priceRial: 8_900_000,
    popularity: 380,
  },
  {
    slug: 'ashpazkhaneh',
    name: 'آشپزخانهٔ من',
    categorySlug: 'blog',
    tags: ['آشپزی', 'وبلاگ', 'دستور غذا'],
    priceRial: null,
    popularity: 520,
  },
  {
    slug: 'narenj-cafe',
    name: 'کافه نارنج',
    categorySlug: 'restaurant',
    tags: ['کافه', 'منوی آنلاین', 'گرم'],
    priceRial: null,
    popularity: 890,
  },
  {
    slug: 'sofreh-restaurant',
    name: 'سفره‌خانه',
    categorySlug: 'restaurant',
    tags: ['رستوران سنتی', 'منو', 'رزرو میز'],
    priceRial: 11_900_000,
    popularity: 430,
  },
  {
    slug: 'tanoor-pizza',
    name: 'پیتزا تنور',
    categorySlug: 'restaurant',
    tags: ['فست‌فود', 'سفارش آنلاین', 'منو'],
    priceRial: null,
    popularity: 575,
  },
  {
    slug: 'shirinisara-bakery',
    name: 'شیرینی‌سرا',
    categorySlug: 'restaurant',
    tags: ['قنادی', 'شیرینی', 'فروش آنلاین'],
    priceRial: null,
    popularity: 345,
  },
  {
    slug: 'danesh-academy',
    name: 'آکادمی دانش',
    categorySlug: 'education',
    tags: ['آموزش آنلاین', 'دوره', 'آموزشگاه'],
    priceRial: 16_900_000,
    popularity: 720,
  },
  {
    slug: 'zabankadeh',
    name: 'زبان‌کده',
    categorySlug: 'education',
    tags: ['آموزشگاه زبان', 'کلاس', 'ثبت‌نام'],
    priceRial: null,
    popularity: 490,
  },
  {
    slug: 'private-tutor',
    name: 'کلاس خصوصی',
    categorySlug: 'education',
    tags: ['معلم', 'تدریس خصوصی', 'نوبت‌دهی'],
    priceRial: null,
    popularity: 265,
  },
  {
    slug: 'shokufeh-kids',
    name: 'مهدکودک شکوفه',
    categorySlug: 'education',
    tags: ['مهدکودک', 'کودک', 'شاد'],
    priceRial: null,
    popularity: 310,
  },
  {
    slug: 'salamat-clinic',
    name: 'کلینیک سلامت',
    categorySlug: 'medical',
    tags: ['کلینیک', 'نوبت‌دهی', 'پزشکی'],
    priceRial: 13_900_000,
    popularity: 560,
  },
  {
    slug: 'labkhand-dental',
    name: 'دندان‌پزشکی لبخند',
    categorySlug: 'medical',
    tags: ['دندان‌پزشکی', 'مطب', 'نوبت آنلاین'],
    priceRial: null,
    popularity: 470,
  },
  {
    slug: 'shafa-pharmacy',
    name: 'داروخانه شفا',
    categorySlug: 'medical',
    tags: ['داروخانه', 'فروشگاه', 'سلامت'],
    priceRial: 9_900_000,
    popularity: 225,
  },
  {
    slug: 'matab-doctor',
    name: 'مطب من',
    categorySlug: 'medical',
    tags: ['مطب', 'پزشک', 'ساده'],
    priceRial: null,
    popularity: 400,
  },
  {
    slug: 'qab-photography',
    name: 'قاب',
    categorySlug: 'portfolio',
    tags: ['عکاسی', 'گالری', 'تیره'],
    priceRial: null,
    popularity: 650,
  },
  {
    slug: 'naqsh-architecture',
    name: 'نقش',
    categorySlug: 'portfolio',
    tags: ['معماری', 'طراحی داخلی', 'گالری'],
    priceRial: 18_900_000,
    popularity: 355,
  },
  {
    slug: 'rang-design',
    name: 'رنگ',
    categorySlug: 'portfolio',
    tags: ['طراحی گرافیک', 'نمونه‌کار', 'رنگی'],
    priceRial: null,
    popularity: 585,
  },
  {
    slug: 'nama-studio',
    name: 'استودیو نما',
    categorySlug: 'portfolio',
    tags: ['فیلم‌سازی', 'ویدیو', 'تیره'],
    priceRial: 17_900_000,
    popularity: 280,
  },
];
