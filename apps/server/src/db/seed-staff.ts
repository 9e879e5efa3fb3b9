import { hashPassword } from '../modules/auth/password';
import type { Transaction } from './client';
import { cannedReplies, users } from './schema/index';

/** The support demo account (issue 8): tickets, and orders and customers read-only. */
export const demoSupportAccount = {
  mobile: '+989361234567',
  password: 'vitrin-support-1405',
  firstName: 'مریم',
  lastName: 'احمدی',
  email: 'maryam.ahmadi@example.com',
} as const;

const demoCannedReplies = [
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
    body: 'سلام، برای اتصال دامنه، سرورهای نام ns1.vitrin.ir و ns2.vitrin.ir را در پنل ثبت دامنه وارد کنید. اعمال تغییر تا ۲۴ ساعت طول می‌کشد.',
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
