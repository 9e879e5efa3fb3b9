import type { TicketDepartment, TicketPriority, TicketStatus } from '@vitrin/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { products, services, ticketMessages, tickets, users } from '../schema';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface SeedMessage {
  from: 'customer' | 'staff';
  /** How long ago it was written. */
  agoMs: number;
  body: string;
  internal?: boolean;
}

export interface SeedTicket {
  subject: string;
  department: TicketDepartment;
  priority: TicketPriority;
  /** The demo customer's service it is about, by its domain. */
  domain: 'sara-gallery.ir' | 'sara-blog.com' | null;
  status: TicketStatus;
  messages: SeedMessage[];
  /** Until when she has read staff replies (ago); null: never opened after a staff reply. */
  readAgoMs: number | null;
  closed?: { agoMs: number; by: 'customer' | 'system' };
}

// The demo customer's support history: one answer she has not read yet (the red dot), one
// waiting on staff after her reply, one she asked today, and two closed.
export const demoTickets: SeedTicket[] = [
  {
    subject: 'کند شدن صفحهٔ اول سایت پس از تغییر قالب',
    department: 'technical',
    priority: 'high',
    domain: 'sara-gallery.ir',
    status: 'answered',
    readAgoMs: 3 * DAY_MS,
    messages: [
      {
        from: 'customer',
        agoMs: 3 * DAY_MS,
        body: 'سلام، وقت بخیر.\nاز وقتی قالب سایت گالری را عوض کردم، صفحهٔ اول sara-gallery.ir خیلی دیر باز می‌شود؛ گاهی بیش از ده ثانیه. روی موبایل هم همین‌طور است. لطفاً بررسی کنید.',
      },
      {
        from: 'staff',
        internal: true,
        agoMs: 2 * DAY_MS + 4 * HOUR_MS,
        body: 'تصاویر اسلایدر صفحهٔ اول بدون فشرده‌سازی بارگذاری شده‌اند (هر کدام حدود ۸ مگابایت). فشرده‌سازی خودکار تصاویر برای این سایت روشن شد.',
      },
      {
        from: 'staff',
        agoMs: 20 * HOUR_MS,
        body: 'سلام خانم محمدی، وقت بخیر.\nبررسی کردیم: تصاویر اسلایدر صفحهٔ اول بسیار حجیم بودند و همین باعث کندی می‌شد. فشرده‌سازی خودکار تصاویر را برای سایت شما فعال کردیم و اکنون صفحهٔ اول در کمتر از دو ثانیه باز می‌شود.\nپیشنهاد می‌کنیم تصاویر تازه را با عرض حداکثر ۱۹۲۰ پیکسل بارگذاری کنید. اگر باز هم کندی دیدید، همین‌جا خبر دهید.',
      },
    ],
  },
  {
    subject: 'فاکتور رسمی برای تمدید هاست وبلاگ',
    department: 'billing',
    priority: 'normal',
    domain: 'sara-blog.com',
    status: 'customer-reply',
    readAgoMs: 4 * DAY_MS + 2 * HOUR_MS,
    messages: [
      {
        from: 'customer',
        agoMs: 6 * DAY_MS,
        body: 'سلام. برای تمدید هاست sara-blog.com به فاکتور رسمی با نام شرکت نیاز دارم. چطور می‌توانم آن را بگیرم؟',
      },
      {
        from: 'staff',
        agoMs: 5 * DAY_MS,
        body: 'سلام، وقت بخیر.\nفاکتور رسمی برای سفارش‌هایی صادر می‌شود که نام شرکت و کد ملی در «مشخصات خریدار» ثبت شده باشد. لطفاً نام شرکت را در سبد خرید، بخش مشخصات خریدار، وارد کنید و شمارهٔ سفارش را همین‌جا بفرستید تا فاکتور را برایتان صادر کنیم.',
      },
      {
        from: 'customer',
        agoMs: 4 * DAY_MS,
        body: 'ممنون. نام شرکت «گالری هنر سارا» را ثبت کردم. سفارش تمدید همان سفارش آخر من است؛ لطفاً فاکتور را به نشانی ایمیلم بفرستید.',
      },
    ],
  },
  {
    subject: 'نمایش وبلاگ در منوی سایت گالری',
    department: 'technical',
    priority: 'normal',
    domain: 'sara-blog.com',
    status: 'open',
    readAgoMs: null,
    messages: [
      {
        from: 'customer',
        agoMs: 5 * HOUR_MS,
        body: 'سلام.\nمی‌خواهم از منوی سایت sara-gallery.ir به وبلاگم sara-blog.com پیوند بدهم، و اگر بشود وبلاگ در نشانی sara-gallery.ir/blog هم باز شود. با سایت‌ساز و هاست فعلی این کار شدنی است؟ باید تنظیمات DNS را تغییر بدهم؟',
      },
    ],
  },
  {
    subject: 'انتقال یک دامنهٔ دیگر به ویترین',
    department: 'sales',
    priority: 'low',
    domain: null,
    status: 'closed',
    readAgoMs: 22 * DAY_MS,
    closed: { agoMs: 22 * DAY_MS, by: 'customer' },
    messages: [
      {
        from: 'customer',
        agoMs: 24 * DAY_MS,
        body: 'سلام. دامنهٔ دیگری هم دارم که نزد شرکت دیگری ثبت شده است. می‌توانم آن را به ویترین منتقل کنم؟ هزینه‌اش چقدر است؟',
      },
      {
        from: 'staff',
        agoMs: 23 * DAY_MS,
        body: 'سلام، بله.\nانتقال دامنه هنوز سفارشی در فروشگاه ندارد و کارشناسان ما آن را انجام می‌دهند. برای دامنه‌های ‎.com کد انتقال (Auth Code) را از ثبت‌کنندهٔ فعلی بگیرید و در همین تیکت بفرستید؛ هزینهٔ انتقال برابر تمدید یک‌ساله است و یک سال به اعتبار دامنه افزوده می‌شود.\nبرای دامنه‌های ‎.ir کافی است در ایرنیک، نمایندهٔ دامنه را به ویترین تغییر دهید.',
      },
      {
        from: 'customer',
        agoMs: 22 * DAY_MS,
        body: 'خیلی ممنون، راهنمایی کاملی بود.',
      },
    ],
  },
  {
    subject: 'هشدار امنیتی مرورگر برای وبلاگ',
    department: 'technical',
    priority: 'high',
    domain: 'sara-blog.com',
    status: 'closed',
    readAgoMs: 40 * DAY_MS,
    closed: { agoMs: 33 * DAY_MS, by: 'system' },
    messages: [
      {
        from: 'customer',
        agoMs: 41 * DAY_MS,
        body: 'مرورگر هنگام باز کردن sara-blog.com هشدار «اتصال امن نیست» می‌دهد. گواهی SSL سایت فعال نیست؟',
      },
      {
        from: 'staff',
        agoMs: 40 * DAY_MS,
        body: 'سلام. گواهی رایگان SSL برای دامنهٔ شما صادر و نصب شد. ممکن است تا یک ساعت طول بکشد تا همه‌جا اعمال شود؛ اگر هشدار ماند، حافظهٔ موقت مرورگر را پاک کنید.',
      },
    ],
  },
];

/** The demo customer's services the tickets are about, by domain: the site or hosting plan. */
async function findDemoServices(tx: Transaction, userId: string) {
  const rows = await tx
    .select({ id: services.id, domainName: services.domainName, productSlug: products.slug })
    .from(services)
    .leftJoin(products, eq(products.id, services.productId))
    .where(
      and(
        eq(services.userId, userId),
        inArray(services.domainName, ['sara-gallery.ir', 'sara-blog.com']),
      ),
    )
    .orderBy(services.createdAt);
  // The website or the hosting plan rather than the registration of the same domain.
  const isDomainOnly = (row: (typeof rows)[number]) => row.productSlug?.startsWith('domain-');
  const preferred = [...rows.filter((row) => !isDomainOnly(row)), ...rows.filter(isDomainOnly)];
  const byDomain = new Map<string, string>();
  for (const row of preferred) {
    if (row.domainName && !byDomain.has(row.domainName)) byDomain.set(row.domainName, row.id);
  }
  return byDomain;
}

/**
 * Support's demo (seed part `support`): the demo customer's tickets across every status, with
 * staff answers by the demo staff member, dated over the last weeks. No attachments: the seed
 * has no file store.
 */
export async function seedSupport(tx: Transaction): Promise<void> {
  const [sara] = await tx.select().from(users).where(eq(users.mobile, '+989121234567'));
  const [ali] = await tx.select().from(users).where(eq(users.mobile, '+989351234567'));
  if (!sara || !ali) return;
  const serviceByDomain = await findDemoServices(tx, sara.id);
  const now = Date.now();
  const at = (agoMs: number) => new Date(now - agoMs);

  for (const demo of demoTickets) {
    const first = demo.messages[0];
    if (!first) continue;
    const visible = demo.messages.filter((message) => !message.internal);
    const lastVisible = Math.min(...visible.map((message) => message.agoMs));
    const [ticket] = await tx
      .insert(tickets)
      .values({
        userId: sara.id,
        subject: demo.subject,
        department: demo.department,
        priority: demo.priority,
        status: demo.status,
        serviceId: demo.domain ? (serviceByDomain.get(demo.domain) ?? null) : null,
        assignedTo: demo.messages.some((message) => message.from === 'staff') ? ali.id : null,
        createdAt: at(first.agoMs),
        lastMessageAt: at(lastVisible),
        customerReadAt: demo.readAgoMs === null ? null : at(demo.readAgoMs),
        closedAt: demo.closed ? at(demo.closed.agoMs) : null,
        closedBy: demo.closed?.by ?? null,
      })
      .returning({ id: tickets.id });
    if (!ticket) throw new Error('demo ticket insert returned no row');
    await tx.insert(ticketMessages).values(
      demo.messages.map((message) => ({
        ticketId: ticket.id,
        authorId: message.from === 'staff' ? ali.id : sara.id,
        authorRole: message.from,
        body: message.body,
        internal: message.internal ?? false,
        // She was told of these answers when they were written: the job sends nothing for them.
        smsSentAt: message.from === 'staff' && !message.internal ? at(message.agoMs) : null,
        createdAt: at(message.agoMs),
      })),
    );
  }
}
