// What delivers each promise of the demo catalog (issue 35 item 5): every row of a group's
// comparison table and every concrete promise of a product's description names who or what keeps
// it. A promise nobody keeps is not written; one kept by hand says so («به دست پشتیبانی»).
// deliverers.test.ts fails on a row or a promising sentence that is not listed here.

export type Deliverer =
  /** A limit of the plan: delivered as the panel package (plan-limits.test.ts checks it). */
  | { by: 'plan-limits' }
  /** Code of this product, at this path (the test checks that it exists). */
  | { by: 'vitrin'; module: string; what: string }
  /** The hosting panel or site builder the account is made on (cPanel, DirectAdmin, builder). */
  | { by: 'panel'; what: string }
  /** The servers and network staff run (hardware, web server, firewall). */
  | { by: 'infrastructure'; what: string }
  /** Staff, by hand: through the delivery queue, a ticket or on the registrar's or panel's side. */
  | { by: 'staff'; how: string };

const LIMITS: Deliverer = { by: 'plan-limits' };
const TICKETS: Deliverer = {
  by: 'vitrin',
  module: 'apps/server/src/modules/tickets',
  what: 'support tickets',
};
const BY_HAND_QUEUE: Deliverer = {
  by: 'vitrin',
  module: 'apps/server/src/modules/services/manual-delivery.ts',
  what: 'the staff delivery queue, alerted past the product hours (24 unless set)',
};
const SSL_BY_STAFF: Deliverer = { by: 'staff', how: 'support installs the certificate' };
const BACKUP_BY_STAFF: Deliverer = { by: 'staff', how: 'support backs up and restores on request' };
const CPANEL: Deliverer = { by: 'panel', what: "the hosting panel's own tools" };
const BUILDER: Deliverer = { by: 'panel', what: 'the site builder' };
const SERVERS: Deliverer = { by: 'infrastructure', what: 'the servers and network' };

// A domain's promises (issue 38), kept by apps/server/src/modules/domains. The demo's registrar
// account is the built-in sandbox registry; a real one speaks EPP, or IRNIC's protocol for .ir.
const DOMAINS = 'apps/server/src/modules/domains';
const DOMAIN_REGISTRATION: Deliverer = {
  by: 'vitrin',
  module: `${DOMAINS}/registration.ts`,
  what: 'the registration job, queued when the order is paid, asks the registry at once',
};
const DOMAIN_REFUND: Deliverer = {
  by: 'vitrin',
  module: `${DOMAINS}/registration.ts`,
  what: 'a registration the registry refuses goes back to the wallet with a credit note',
};
const DOMAIN_REGISTRY_ANSWER: Deliverer = {
  by: 'vitrin',
  module: `${DOMAINS}/upkeep.ts`,
  what: "a registration the registry reviews first is settled by the registry's poll messages",
};
const DOMAIN_NOTICES: Deliverer = {
  by: 'vitrin',
  module: `${DOMAINS}/domain-notices.ts`,
  what: 'the owner told by SMS and e-mail what the registry did',
};
const DOMAIN_HOLDER: Deliverer = {
  by: 'vitrin',
  module: `${DOMAINS}/contacts.service.ts`,
  what: "the holder's details, kept once per customer and made the registrant at the registry",
};
const DOMAIN_NAMESERVERS: Deliverer = {
  by: 'vitrin',
  module: `${DOMAINS}/user-domains.service.ts`,
  what: 'nameservers (2 to 4) changed at the registry from the domain page of the panel',
};
const DOMAIN_DNS: Deliverer = {
  by: 'vitrin',
  module: `${DOMAINS}/dns.service.ts`,
  what: 'DNS records (A, AAAA, CNAME, MX, TXT, SRV, CAA) in the panel, served by our nameservers',
};
const DOMAIN_TRANSFER_IN: Deliverer = {
  by: 'vitrin',
  module: `${DOMAINS}/registration.ts`,
  what: 'a transfer in, asked of the registry with the code the holder enters in the panel (user-domains.service.ts)',
};
const DOMAIN_AUTO_RENEWAL: Deliverer = {
  by: 'vitrin',
  module: `${DOMAINS}/upkeep.ts`,
  what: 'automatic renewal, on by default, 14 days before expiry: from the wallet, or a renewal order with its payment link',
};
const DOMAIN_AUTO_RENEWAL_SWITCH: Deliverer = {
  by: 'vitrin',
  module: `${DOMAINS}/user-domains.service.ts`,
  what: 'automatic renewal switched on or off from the domain page',
};
const DOMAIN_REMINDERS: Deliverer = {
  by: 'vitrin',
  module: `${DOMAINS}/upkeep.ts`,
  what: 'reminders by SMS and e-mail 30, 7 and 1 days before expiry',
};

/** Each row of each demo group's comparison table, by group slug then row label. */
export const GROUP_ROW_DELIVERERS: Record<string, Record<string, Deliverer>> = {
  'website-builder': {
    'تعداد صفحات': LIMITS,
    'فضای ذخیره‌سازی': LIMITS,
    'فروشگاه اینترنتی': LIMITS,
    'اتصال به درگاه پرداخت': BUILDER,
    'گواهی SSL رایگان': SSL_BY_STAFF,
    'حذف نشان ویترین': BUILDER,
    'ابزارهای سئو': BUILDER,
    'گزارش بازدید': {
      by: 'vitrin',
      module: 'apps/server/src/modules/live',
      what: 'the live visitor panel',
    },
    پشتیبانی: TICKETS,
  },
  'shared-hosting': {
    'فضای ذخیره‌سازی': LIMITS,
    'پهنای باند ماهانه': LIMITS,
    'تعداد دامنه': LIMITS,
    'حساب ایمیل': LIMITS,
    'پایگاه داده': LIMITS,
    'منابع پردازنده': LIMITS,
    'گواهی SSL رایگان': SSL_BY_STAFF,
    پشتیبان‌گیری: BACKUP_BY_STAFF,
  },
  'wordpress-hosting': {
    'تعداد سایت وردپرس': LIMITS,
    'فضای NVMe': LIMITS,
    'بازدید ماهانه مناسب': LIMITS,
    'کش لایت‌اسپید': SERVERS,
    'نصب و به‌روزرسانی خودکار': {
      by: 'panel',
      what: "the panel's installer and WordPress's own automatic updates",
    },
    'محیط آزمایشی (Staging)': CPANEL,
    'فایروال وردپرس': SERVERS,
    پشتیبان‌گیری: BACKUP_BY_STAFF,
  },
  vps: {
    پردازنده: LIMITS,
    'حافظهٔ رم': LIMITS,
    'فضای NVMe': LIMITS,
    'ترافیک ماهانه': LIMITS,
    'آی‌پی اختصاصی': LIMITS,
    'دسترسی روت': BY_HAND_QUEUE,
    'اسنپ‌شات هفتگی': SERVERS,
    'محافظت در برابر DDoS': SERVERS,
  },
  domains: {
    'مرجع ثبت': {
      by: 'vitrin',
      module: `${DOMAINS}/registration.ts`,
      what: "registered at the TLD's registry through the registrar account the TLD is sold by",
    },
    'حداقل مدت ثبت': {
      by: 'vitrin',
      module: `${DOMAINS}/ordering.ts`,
      what: "a domain line's years come from its TLD's terms, a year the least",
    },
    ثبت: DOMAIN_REGISTRATION,
    'تنظیم DNS': DOMAIN_DNS,
    نام‌سرورها: DOMAIN_NAMESERVERS,
    'انتقال به ویترین': DOMAIN_TRANSFER_IN,
    تمدید: {
      by: 'vitrin',
      module: `${DOMAINS}/upkeep.ts`,
      what: 'automatic renewal (upkeep.ts), switched off or renewed for 1..n years from the panel (user-domains.service.ts, renewal.ts)',
    },
  },
  'business-email': {
    'تعداد صندوق': LIMITS,
    'فضای هر صندوق': LIMITS,
    'حداکثر حجم پیوست': LIMITS,
    'ضد هرزنامه و ویروس': SERVERS,
    وب‌میل: CPANEL,
    'تقویم و دفترچهٔ تماس مشترک': CPANEL,
    پشتیبان‌گیری: BACKUP_BY_STAFF,
  },
};

/**
 * Words that make a sentence of a description a promise: each such sentence must hold one of its
 * product's `says` below.
 */
export const PROMISE_WORDS = [
  'رایگان',
  'خودکار',
  'SSL',
  'DNS',
  'پشتیبان',
  'انتقال',
  'فوری',
  'ساعت',
  'دقیقه',
  'تحویل',
  'ایرنیک',
  'یادآوری',
  'نصب',
  'یک کلیک',
  'دومرحله',
] as const;

/** The concrete promises of each demo product's description: a fragment of it, and who keeps it. */
export const DESCRIPTION_PROMISES: Record<
  string,
  ReadonlyArray<{ says: string; by: Deliverer }>
> = {
  'builder-starter': [
    { says: 'یکی از قالب‌های رایگان را انتخاب می‌کنید', by: BUILDER },
    { says: 'نسخهٔ موبایل سایت را خودکار می‌سازد', by: BUILDER },
    { says: 'گواهی SSL رایگان را پس از وصل شدن دامنه، کارشناسان پشتیبانی', by: SSL_BY_STAFF },
  ],
  'builder-business': [
    { says: 'همهٔ قالب‌های رایگان و ویژه در دسترس‌اند', by: BUILDER },
    { says: 'درگاه پرداخت بانکی در چند دقیقه وصل می‌شود', by: BUILDER },
  ],
  'builder-shop': [
    { says: 'هزینهٔ ارسال با پست و تیپاکس خودکار حساب می‌شود', by: BUILDER },
    { says: 'تصویرها خودکار فشرده می‌شوند', by: BUILDER },
  ],
  'builder-pro': [
    {
      says: 'یک کارشناس اختصاصی از روز اول همراه شماست',
      by: { by: 'staff', how: 'a named support person, by ticket and phone in office hours' },
    },
  ],
  'host-linux-1g': [
    { says: 'با نصب‌کنندهٔ خودکار، وردپرس یا جوملا را با یک کلیک', by: CPANEL },
    { says: 'گواهی SSL رایگان را پس از وصل شدن دامنه، کارشناسان پشتیبانی', by: SSL_BY_STAFF },
    { says: 'نسخهٔ پشتیبان گرفتن و بازگرداندن آن را پشتیبانی به درخواست شما', by: BACKUP_BY_STAFF },
  ],
  'host-linux-20g': [
    { says: 'نسخهٔ پشتیبان گرفتن و بازگرداندن آن را پشتیبانی به درخواست شما', by: BACKUP_BY_STAFF },
    {
      says: 'انتقال به سرور مجازی را کارشناسان ما رایگان انجام می‌دهند',
      by: { by: 'staff', how: 'staff move the site, asked by a ticket' },
    },
  ],
  'wp-start': [
    { says: 'وردپرس فارسی را با نصب‌کنندهٔ کنترل‌پنل', by: CPANEL },
    {
      says: 'به‌روزرسانی خودکار هستهٔ وردپرس و افزونه‌ها را در پیشخوان وردپرس روشن می‌کنید',
      by: { by: 'panel', what: "WordPress's own automatic updates" },
    },
  ],
  'wp-pro': [{ says: 'با محیط آزمایشی (Staging) یک نسخهٔ کپی از سایت می‌سازید', by: CPANEL }],
  'wp-business': [
    { says: 'نسخهٔ پشتیبان و بازگردانی را پشتیبانی به درخواست شما', by: BACKUP_BY_STAFF },
  ],
  'vps-2core': [
    { says: 'کارشناسان ما سرور را پس از پرداخت آماده می‌کنند و کمتر از ۲۴ ساعت', by: BY_HAND_QUEUE },
  ],
  'vps-4core': [
    {
      says: 'ارتقای منابع بدون نصب دوباره و با چند دقیقه توقف',
      by: { by: 'staff', how: 'staff resize the server, asked by a ticket' },
    },
  ],
  'domain-ir': [
    {
      says: 'در ایرنیک، مرکز ثبت دامنهٔ پژوهشگاه دانش‌های بنیادی، ثبت می‌شود',
      by: DOMAIN_REGISTRATION,
    },
    { says: 'پس از پرداخت، درخواست ثبت خودکار به ایرنیک فرستاده می‌شود', by: DOMAIN_REGISTRATION },
    { says: 'ایرنیک گاهی درخواست را پیش از ثبت بررسی می‌کند', by: DOMAIN_REGISTRY_ANSWER },
    { says: 'نتیجه را با پیامک و ایمیل خبر می‌دهیم', by: DOMAIN_NOTICES },
    { says: 'مبلغ با صورت‌حساب برگشتی به کیف پولتان برمی‌گردد', by: DOMAIN_REFUND },
    { says: 'مشخصات دارندهٔ دامنه را یک بار وارد می‌کنید', by: DOMAIN_HOLDER },
    { says: 'ایرنیک دامنه را به نام او ثبت می‌کند', by: DOMAIN_HOLDER },
    { says: 'نام‌سرورها را از صفحهٔ دامنه در پنل ویترین عوض می‌کنید', by: DOMAIN_NAMESERVERS },
    { says: 'رکوردهای DNS را هم همان‌جا می‌نویسید', by: DOMAIN_DNS },
    { says: 'دامنه ۱۴ روز پیش از پایان خودکار تمدید می‌شود', by: DOMAIN_AUTO_RENEWAL },
    { says: 'از کیف پول یا با لینک پرداختی که برایتان می‌فرستیم', by: DOMAIN_AUTO_RENEWAL },
    { says: '۳۰، ۷ و ۱ روز پیش از پایان هم با پیامک و ایمیل یادآوری می‌کنیم', by: DOMAIN_REMINDERS },
  ],
  'domain-com': [
    {
      says: 'همان لحظه از ثبت‌کننده بپرسیم آزاد است یا نه',
      by: {
        by: 'vitrin',
        module: `${DOMAINS}/search.service.ts`,
        what: 'the domain search asks the registry whether each name is free',
      },
    },
    { says: 'پس از پرداخت، دامنه خودکار ثبت می‌شود', by: DOMAIN_REGISTRATION },
    {
      says: 'در بخش دامنه‌های پنل ویترین می‌آید',
      by: {
        by: 'vitrin',
        module: `${DOMAINS}/user-domains.service.ts`,
        what: "the customer's domains in the panel, each with its timeline",
      },
    },
    {
      says: 'با کد انتقالی که از ثبت‌کنندهٔ فعلی می‌گیرید به ویترین بیاوریدش',
      by: DOMAIN_TRANSFER_IN,
    },
    {
      says: 'انتقال یک سال به اعتبار دامنه اضافه می‌کند',
      by: {
        by: 'vitrin',
        module: `${DOMAINS}/ordering.ts`,
        what: 'a transfer is bought with one more year (TRANSFER_YEARS)',
      },
    },
    { says: 'دامنه ۱۴ روز پیش از پایان خودکار تمدید می‌شود', by: DOMAIN_AUTO_RENEWAL },
    { says: 'اگر نخواهید، این کار را در پنل خاموش می‌کنید', by: DOMAIN_AUTO_RENEWAL_SWITCH },
  ],
  'domain-net': [
    { says: 'پس از پرداخت خودکار ثبت می‌شود', by: DOMAIN_REGISTRATION },
    { says: 'نام‌سرورها را از پنل عوض می‌کنید', by: DOMAIN_NAMESERVERS },
    { says: 'رکوردهای DNS را همان‌جا می‌نویسید', by: DOMAIN_DNS },
    { says: 'پیش از پایان دوره با پیامک و ایمیل یادآوری می‌کنیم', by: DOMAIN_REMINDERS },
  ],
  'email-team': [
    {
      says: 'رکوردهای SPF و DKIM در صفحهٔ سرویس برای کپی نوشته می‌شوند',
      by: {
        by: 'vitrin',
        module: 'apps/server/src/modules/services/mailboxes.ts',
        what: 'the business e-mail section of the service page (issue 35 item 3)',
      },
    },
  ],
  'email-business': [
    {
      says: 'انتقال صندوق‌ها از سرویس ایمیل قبلی را کارشناسان ما رایگان انجام می‌دهند',
      by: { by: 'staff', how: 'staff move the mailboxes, asked by a ticket' },
    },
  ],
};

/**
 * What the product does not do until the issues that build them land: none of these may be
 * promised anywhere in the demo's text (descriptions, cells, articles, home page, ticket replies).
 */
export const NOT_DELIVERED: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'DNS hosted and managed in the Vitrin panel', pattern: /مدیریت (کل )?DNS/ },
  { what: 'an IRNIC handle made in the order form', pattern: /در فرم سفارش[^.]*ساخته/ },
  {
    what: 'automatic SSL issue and renewal',
    pattern: /SSL[^.]*خودکار|خودکار[^.]*SSL|گواهی[^.]*خودکار صادر/,
  },
  {
    what: 'daily or nightly backups kept for days',
    pattern:
      /پشتیبان‌گیری (روزانه|شبانه)|پشتیبان خودکار|هر شب[^.]*پشتیبان|روز نگهداری|هر روز پشتیبان|نسخه‌های پشتیبان روزانه/,
  },
  { what: 'two-factor sign-in to the Vitrin panel', pattern: /«ورود دومرحله‌ای» را فعال/ },
  { what: 'automatic renewal', pattern: /تمدید خودکار/ },
  { what: 'instant registration of a domain', pattern: /ثبت فوری|^فوری$/ },
  {
    what: 'DNS records written automatically',
    pattern: /(رکورد|SPF)[^.]*خودکار (ساخته|تنظیم) می‌شوند/,
  },
  { what: 'a VPS delivered within minutes', pattern: /در کمتر از [^.]*دقیقه تحویل/ },
];
