import { z } from 'zod';
import { defineCall } from '../call';
import { entityId } from './catalog';

// Business e-mail (issue 35 item 3): the owner of an active e-mail service manages its mailboxes
// on the panel that delivered it, and reads the DNS records its domain needs.

/** The part before the @: what mail servers accept, lowercase. */
export const mailboxLocalPart = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'نام صندوق را بنویسید')
  .max(64, 'نام صندوق حداکثر ۶۴ نویسه است')
  .regex(
    /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/,
    'نام صندوق فقط حروف انگلیسی کوچک، رقم، نقطه، خط تیره و زیرخط دارد و با حرف یا رقم شروع و تمام می‌شود',
  )
  .refine((value) => !value.includes('..'), 'دو نقطهٔ پشت سر هم در نام صندوق مجاز نیست');

/** Quota in MiB: at least 100 MB, whole megabytes. */
export const mailboxQuotaMb = z
  .number()
  .int('سهمیه عدد صحیح مگابایت است')
  .min(100, 'سهمیهٔ هر صندوق دست‌کم ۱۰۰ مگابایت است')
  .max(10_485_760);

const mailboxPassword = z
  .string()
  .min(8, 'گذرواژهٔ صندوق دست‌کم ۸ نویسه است')
  .max(128, 'گذرواژهٔ صندوق حداکثر ۱۲۸ نویسه است');

export const mailboxView = z.object({
  localPart: z.string(),
  address: z.string(),
  /** MiB; null is unlimited. */
  quotaMb: z.number().nullable(),
  usedMb: z.number(),
});
export type MailboxView = z.infer<typeof mailboxView>;

/** A DNS record the domain needs for its mail, to copy into its zone. */
export const mailDnsRecord = z.object({
  kind: z.enum(['MX', 'SPF', 'DKIM', 'DMARC']),
  /** The record's type in the zone (TXT for SPF, DKIM and DMARC). */
  type: z.enum(['MX', 'TXT']),
  /** Fully qualified name. */
  name: z.string(),
  value: z.string(),
  /** MX only. */
  priority: z.number().int().nullable(),
});
export type MailDnsRecordView = z.infer<typeof mailDnsRecord>;

export const listMailboxes = defineCall({
  path: '/api/user/services/list-mailboxes',
  summary: 'صندوق‌های ایمیل سرویس ایمیل سازمانی با مصرف هر یک و رکوردهای DNS دامنه',
  tag: 'services',
  access: 'user',
  request: z.strictObject({ serviceId: entityId }),
  response: z.object({
    /** Null when the service's plan is not business e-mail (then there is nothing to show). */
    email: z
      .object({
        domain: z.string(),
        /** The plan's limits: how many mailboxes (null unlimited), each one's largest quota. */
        limits: z.object({
          mailboxes: z.number().int().nullable(),
          mailboxQuotaMb: z.number().int().nullable(),
        }),
        /** Null when the panel could not be asked now (then `problem` says so). */
        mailboxes: z.array(mailboxView).nullable(),
        problem: z.string().nullable(),
        /** What to put in the domain's zone; DKIM is left out while the panel cannot tell it. */
        dnsRecords: z.array(mailDnsRecord),
        /** Whether Vitrin writes these records itself (not until the domains issue adds DNS). */
        dnsManaged: z.boolean(),
      })
      .nullable(),
  }),
});

export const createMailbox = defineCall({
  path: '/api/user/services/create-mailbox',
  summary: 'ساختن صندوق ایمیل تازه روی دامنهٔ سرویس',
  tag: 'services',
  access: 'user',
  request: z.strictObject({
    serviceId: entityId,
    localPart: mailboxLocalPart,
    password: mailboxPassword,
    quotaMb: mailboxQuotaMb,
  }),
  response: z.object({ mailbox: mailboxView }),
});

export const resetMailboxPassword = defineCall({
  path: '/api/user/services/reset-mailbox-password',
  summary: 'گذاشتن گذرواژهٔ تازه برای یک صندوق ایمیل',
  tag: 'services',
  access: 'user',
  request: z.strictObject({
    serviceId: entityId,
    localPart: mailboxLocalPart,
    password: mailboxPassword,
  }),
  response: z.object({ ok: z.literal(true) }),
});

export const setMailboxQuota = defineCall({
  path: '/api/user/services/set-mailbox-quota',
  summary: 'تغییر سهمیهٔ فضای یک صندوق ایمیل',
  tag: 'services',
  access: 'user',
  request: z.strictObject({
    serviceId: entityId,
    localPart: mailboxLocalPart,
    quotaMb: mailboxQuotaMb,
  }),
  response: z.object({ ok: z.literal(true) }),
});

export const deleteMailbox = defineCall({
  path: '/api/user/services/delete-mailbox',
  summary: 'حذف یک صندوق ایمیل و نامه‌های آن',
  tag: 'services',
  access: 'user',
  request: z.strictObject({ serviceId: entityId, localPart: mailboxLocalPart }),
  response: z.object({ ok: z.literal(true) }),
});
