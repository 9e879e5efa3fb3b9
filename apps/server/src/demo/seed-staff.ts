import { eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { hashPassword } from '../modules/accounts/password';
import { auditLog, cannedReplies, discountCodes, users } from '../schema';

/** The support demo account (issue 8): tickets, and orders and customers read-only. */
export const demoSupportAccount = {
  mobile: '+989361234567',
  password: 'vitrin-support-1405',
  firstName: 'مریم',
  lastName: 'احمدی',
  email: 'maryam.ahmadi@example.com',
} as const;

/** The canned reply's text before issue 35 named nameservers no demo server has. */
export const OLD_DNS_REPLY =
  'سلام، برای اتصال دامنه، سرورهای نام ns1.vitrin.ir و ns2.vitrin.ir را در پنل ثبت دامنه وارد کنید. اعمال تغییر تا ۲۴ ساعت طول می‌کشد.';

export const DNS_REPLY =
  'سلام، برای اتصال دامنه، نیم‌سرورهایی را که در صفحهٔ سرویس هاست در پنل ویترین، بخش «نیم‌سرورها»، نوشته شده‌اند در پنل ثبت دامنه وارد کنید. اعمال تغییر تا ۲۴ ساعت طول می‌کشد.';

export const demoCannedReplies = [
  {
    title: 'دریافت شد، در حال بررسی',
    body: 'سلام، درخواست شما دریافت شد و همکاران ما در حال بررسی آن هستند. نتیجه را در همین تیکت به شما اطلاع می‌دهیم.',
  },
  {
    title: 'پاک کردن حافظهٔ مرورگر',
    body: 'سلام، لطفا یک بار حافظهٔ موقت مرورگر را پاک کنید (Ctrl+Shift+R) و دوباره امتحان کنید. اگر مشکل ماند، همین‌جا خبر دهید.',
  },
  {
    title: 'تنظیم DNS دامنه',
    body: DNS_REPLY,
  },
];

export async function seedStaff(tx: Transaction): Promise<void> {
  const verifiedAt = new Date('2025-03-21T08:30:00Z');
  await tx
    .insert(users)
    .values({
      mobile: demoSupportAccount.mobile,
      passwordHash: await hashPassword(demoSupportAccount.password),
      firstName: demoSupportAccount.firstName,
      lastName: demoSupportAccount.lastName,
      email: demoSupportAccount.email,
      role: 'support',
      mobileVerifiedAt: verifiedAt,
      createdAt: verifiedAt,
    })
    .onConflictDoNothing({ target: users.mobile });
  await tx.insert(cannedReplies).values(demoCannedReplies);
}

async function userIdOf(tx: Transaction, mobile: string): Promise<string | null> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
  return row?.id ?? null;
}

/**
 * The audit log as the demo's staff would have left it (issue 8): the admin made the demo
 * discount codes and support wrote the canned replies, each row dated with its record. The
 * console's log opens with something in it; what staff do from then on follows.
 */
export async function seedStaffHistory(tx: Transaction): Promise<void> {
  const adminId = await userIdOf(tx, '+989351234567');
  const supportId = await userIdOf(tx, demoSupportAccount.mobile);
  if (!adminId || !supportId) return;
  const codes = await tx.select().from(discountCodes);
  const replies = await tx.select().from(cannedReplies);
  const rows = [
    ...codes.map((code) => ({
      actorId: adminId,
      action: 'discount-code.create',
      entityType: 'discount-code',
      entityId: code.id,
      after: { code: code.code, kind: code.kind, value: code.value, active: code.active },
      createdAt: code.createdAt,
    })),
    ...replies.map((reply) => ({
      actorId: supportId,
      action: 'canned-reply.create',
      entityType: 'canned-reply',
      entityId: reply.id,
      after: { title: reply.title },
      createdAt: reply.createdAt,
    })),
  ];
  if (rows.length > 0) await tx.insert(auditLog).values(rows);
  await tx
    .update(cannedReplies)
    .set({ createdBy: supportId })
    .where(isNull(cannedReplies.createdBy));
}
