import { toLatinDigits } from '@vitrin/fa';
import { z } from 'zod';
import { defineCall } from '../call';
import { DOMAIN_QUERY_MAX_LENGTH } from '../domain-name';
import { text, timestamp } from '../fields';
import { readIpAddress } from '../ip-address';
import { isValidLegalNationalId } from '../national-id';
import { entityId, rial } from './catalog';
import {
  cart,
  DOMAIN_BUY_ACTIONS,
  digitsInput,
  isValidPostalCode,
  nationalIdInput,
} from './checkout';

// Domains (issue 38, decision 0038): the public search first; registering, transferring and
// managing come with the registrar drivers that do them.

/** What the registry said of one name under one TLD. */
export const DOMAIN_AVAILABILITY = ['available', 'taken', 'invalid', 'unknown'] as const;
export type DomainAvailability = (typeof DOMAIN_AVAILABILITY)[number];
export const DOMAIN_AVAILABILITY_LABELS: Record<DomainAvailability, string> = {
  available: 'آزاد',
  taken: 'ثبت‌شده',
  invalid: 'نام نادرست',
  unknown: 'نامعلوم',
};

export const domainSearchResult = z.object({
  /** The TLD as read, without the dot: `ir`, `ایران`. */
  tld: z.string(),
  /** The whole name as people read it (`سارا.ایران`); the label as typed when it is invalid. */
  name: z.string(),
  /** Its A-label form (`xn--mgba3ag.xn--mgba3a4f16a`); null when the name is invalid. */
  ascii: z.string().nullable(),
  availability: z.enum(DOMAIN_AVAILABILITY),
  /** Why it is invalid or unknown, or the registry's reason it is taken, in Persian. */
  reason: z.string().nullable(),
  /** The terms a registration may be bought for, in years. */
  years: z.array(z.number().int()),
  /** Prices per year in Rial before VAT. */
  registerPrice: rial,
  renewPrice: rial,
  transferPrice: rial,
  /** Whether a transfer in needs the current registrar's auth code. */
  authCodeRequired: z.boolean(),
});

/**
 * The domain search (issue 38): one name against every TLD on sale, each answered by its
 * registry's own check. The TLD typed, if any, comes first.
 */
export const searchDomains = defineCall({
  path: '/api/store/search-domains',
  summary: 'جست‌وجوی نام دامنه در همهٔ پسوندهای فروشی با پاسخ ثبت‌کننده و قیمت سالانه',
  tag: 'store',
  access: 'public',
  request: z.strictObject({ q: text({ min: 1, max: DOMAIN_QUERY_MAX_LENGTH }) }),
  response: z.object({
    /** The name as read: the label, and the TLD typed after it (null when none was). */
    query: z.object({ label: z.string(), tld: z.string().nullable() }),
    results: z.array(domainSearchResult),
  }),
});

// ---------------------------------------------------------------------------------------------
// Buying and keeping a domain (issue 38)

/**
 * A domain's life here, kept in step with its registry:
 * - `pending-registration` / `pending-transfer`: paid; the registry is being asked (retries
 *   included); a transfer waits here for its code until the customer gives it;
 * - `pending-approval`: the registry took it and decides later (IRNIC's holder check, a
 *   transfer awaiting the other side);
 * - `needs-attention`: a person must act (the reseller balance is short, retries ran out, the
 *   registry and the shop disagree);
 * - `active` until it expires, `expired` in the grace (renewable at the renewal price),
 *   `redemption` after it (restorable at the restore fee), then `deleted`;
 * - `transferred-away`, and `cancelled`: refused by the registry (the money went back) or
 *   refunded.
 * "Expiring" is not a state: an active domain within 30 days of its expiry is shown so.
 */
export const DOMAIN_STATUSES = [
  'pending-registration',
  'pending-transfer',
  'pending-approval',
  'needs-attention',
  'active',
  'expired',
  'redemption',
  'deleted',
  'transferred-away',
  'cancelled',
] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];
export const DOMAIN_STATUS_LABELS: Record<DomainStatus, string> = {
  'pending-registration': 'در حال ثبت',
  'pending-transfer': 'در حال انتقال',
  'pending-approval': 'در انتظار تأیید ثبت‌کننده',
  'needs-attention': 'در دست پشتیبانی',
  active: 'فعال',
  expired: 'منقضی‌شده (قابل تمدید)',
  redemption: 'در دورهٔ بازخرید',
  deleted: 'حذف‌شده',
  'transferred-away': 'منتقل‌شده به جای دیگر',
  cancelled: 'لغوشده',
};
/** Where each status may go; anything else is refused (services' SERVICE_TRANSITIONS alike). */
export const DOMAIN_TRANSITIONS: Record<DomainStatus, readonly DomainStatus[]> = {
  'pending-registration': ['active', 'pending-approval', 'needs-attention', 'cancelled'],
  'pending-transfer': ['active', 'pending-approval', 'needs-attention', 'cancelled'],
  'pending-approval': ['active', 'needs-attention', 'cancelled'],
  'needs-attention': [
    'pending-registration',
    'pending-transfer',
    'pending-approval',
    'active',
    'expired',
    'cancelled',
    'transferred-away',
    'deleted',
  ],
  active: ['expired', 'needs-attention', 'transferred-away', 'deleted'],
  expired: ['active', 'redemption', 'needs-attention', 'transferred-away', 'deleted'],
  redemption: ['active', 'needs-attention', 'deleted'],
  deleted: [],
  'transferred-away': [],
  cancelled: [],
};
/** An active domain this close to its expiry is shown as expiring, and its owner reminded. */
export const DOMAIN_EXPIRING_DAYS = 30;
/** The owner is reminded this many days before the expiry, once each. */
export const DOMAIN_REMINDER_DAYS = [30, 7, 1] as const;
/** A domain with automatic renewal is renewed this many days before it expires. */
export const DOMAIN_AUTO_RENEW_DAYS = 14;
/** The nameservers a domain may have at a registry (RFC 5731 leaves it to policy; IRNIC: 2–4). */
export const DOMAIN_NAMESERVERS_MIN = 2;
export const DOMAIN_NAMESERVERS_MAX = 4;
/** The child nameservers (glue records, RFC 5732 host objects) one domain may have here. */
export const DOMAIN_HOSTS_MAX = 10;
/**
 * How the domain's registry keeps a child nameserver's glue: as a host object of its own
 * (RFC 5732), or, at IRNIC, as the address on one of the domain's nameservers, sent with them.
 */
export const DOMAIN_GLUE_MODELS = ['host-objects', 'on-nameservers'] as const;
export type DomainGlueModel = (typeof DOMAIN_GLUE_MODELS)[number];
/**
 * The addresses one child nameserver may have, by model: RFC 5732 sets no limit and we keep
 * 13; IRNIC's hostAttr takes one <hostAddr>.
 */
export const DOMAIN_HOST_ADDRESSES_MAX: Readonly<Record<DomainGlueModel, number>> = {
  'host-objects': 13,
  'on-nameservers': 1,
};

export const addDomainToCart = defineCall({
  path: '/api/cart/add-domain-to-cart',
  summary: 'افزودن ثبت یا انتقال یک دامنه با تعداد سال به سبد خرید',
  tag: 'cart',
  access: 'public',
  request: z.strictObject({
    cartToken: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'شناسهٔ سبد خرید معتبر نیست' })
      .optional(),
    /** The whole name as typed: `sara-shop.ir`, `سارا.ایران`. Read like the search reads it. */
    name: text({ min: 1, max: DOMAIN_QUERY_MAX_LENGTH }),
    action: z.enum(DOMAIN_BUY_ACTIONS),
    years: z.number().int().min(1).max(10),
  }),
  response: cart,
});

/** A registry's handle for the name: `+98.9121234567`, as EPP writes a phone (RFC 5733 §2.5). */
const phoneInput = z
  .string()
  .max(30)
  .transform((value) => toLatinDigits(value).replace(/[\s().-]/g, ''))
  .refine((value) => /^(\+98|0)9\d{9}$/.test(value) || /^\+\d{8,15}$/.test(value), {
    message: 'شمارهٔ تلفن درست نیست؛ مانند ۰۹۱۲۱۲۳۴۵۶۷',
  });

export const DOMAIN_CONTACT_KINDS = ['person', 'company', 'foreigner'] as const;
export const DOMAIN_CONTACT_KIND_LABELS: Record<(typeof DOMAIN_CONTACT_KINDS)[number], string> = {
  person: 'شخص حقیقی ایرانی',
  company: 'شخص حقوقی (شرکت)',
  foreigner: 'شخص غیرایرانی',
};

/** Latin letters, as generic registries publish the holder (RFC 5733 postalInfo type="int"). */
const latinLine = (max: number, message: string) =>
  z
    .string()
    .max(max)
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .refine((value) => /^[A-Za-z0-9][A-Za-z0-9 .,'&()/#-]*$/.test(value), { message });

/**
 * The domain holder's details (issue 38): one per customer, reused for every domain, and
 * checked here before anything reaches a registry. A person gives a valid کد ملی; a company its
 * شناسه ملی and registration number; a foreigner a passport number.
 */
export const domainContactInput = z
  .strictObject({
    kind: z.enum(DOMAIN_CONTACT_KINDS),
    name: latinLine(100, 'نام را با حروف لاتین بنویسید؛ مانند Sara Ahmadi'),
    organisation: latinLine(120, 'نام شرکت را با حروف لاتین بنویسید').nullable().optional(),
    nationalCode: nationalIdInput.nullable().optional(),
    companyId: digitsInput(11).nullable().optional(),
    registrationNumber: digitsInput(10).nullable().optional(),
    passportNumber: z
      .string()
      .max(20)
      .regex(/^[A-Za-z0-9]{5,20}$/, 'شمارهٔ گذرنامه درست نیست')
      .nullable()
      .optional(),
    email: z.email('نشانی ایمیل درست نیست').max(254),
    phone: phoneInput,
    street: latinLine(200, 'نشانی را با حروف لاتین بنویسید'),
    city: latinLine(60, 'نام شهر را با حروف لاتین بنویسید'),
    province: latinLine(60, 'نام استان را با حروف لاتین بنویسید'),
    /** Checked by the holder's country below: Iran Post's rule for an Iranian holder. */
    postalCode: z
      .string()
      .max(20)
      .transform((value) => toLatinDigits(value).replace(/[\s-]/g, '').toUpperCase())
      .refine((value) => /^[A-Z0-9]{3,10}$/.test(value), { message: 'کد پستی درست نیست' }),
    countryCode: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'کد کشور دو حرف است؛ مانند IR')
      .transform((value) => value.toUpperCase()),
  })
  .superRefine((contact, context) => {
    const need = (field: string, ok: boolean, message: string) => {
      if (!ok) context.addIssue({ code: 'custom', path: [field], message });
    };
    if (contact.kind === 'person') {
      need('nationalCode', Boolean(contact.nationalCode), 'کد ملی دارندهٔ دامنه را بنویسید');
    }
    if (contact.kind === 'company') {
      need('organisation', Boolean(contact.organisation), 'نام شرکت را بنویسید');
      need(
        'companyId',
        isValidLegalNationalId(contact.companyId ?? ''),
        'شناسهٔ ملی شرکت ۱۱ رقم است و رقم کنترل آن درست نیست',
      );
      need(
        'registrationNumber',
        /^\d{1,10}$/.test(contact.registrationNumber ?? ''),
        'شمارهٔ ثبت شرکت را بنویسید',
      );
    }
    if (contact.kind === 'foreigner') {
      need('passportNumber', Boolean(contact.passportNumber), 'شمارهٔ گذرنامه را بنویسید');
    }
    if (contact.kind !== 'foreigner') {
      need('countryCode', contact.countryCode === 'IR', 'دارندهٔ ایرانی کد کشور IR دارد');
    }
    if (contact.countryCode === 'IR') {
      need(
        'postalCode',
        isValidPostalCode(contact.postalCode),
        'کد پستی ۱۰ رقم است و با ۰ یا ۲ شروع نمی‌شود',
      );
    }
  });

export const domainContact = z.object({
  kind: z.enum(DOMAIN_CONTACT_KINDS),
  name: z.string(),
  organisation: z.string().nullable(),
  nationalCode: z.string().nullable(),
  companyId: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  passportNumber: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  street: z.string(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  countryCode: z.string(),
});

export const getDomainContact = defineCall({
  path: '/api/user/domains/get-contact',
  summary: 'مشخصات دارندهٔ دامنه‌های کاربر',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({}),
  response: z.object({ contact: domainContact.nullable() }),
});

export const saveDomainContact = defineCall({
  path: '/api/user/domains/save-contact',
  summary: 'ثبت مشخصات دارندهٔ دامنه (با کد ملی، شناسهٔ ملی یا گذرنامه)',
  tag: 'domains',
  access: 'user',
  request: domainContactInput,
  response: z.object({ contact: domainContact }),
});

export const domainStatus = z.enum(DOMAIN_STATUSES);

/**
 * A domain in redemption (issue 38): what bringing it back costs (RFC 3915's restore at the TLD's
 * fee, with the renewal it needs), or why it cannot be brought back from here.
 */
export const domainRestoreOffer = z.object({
  /** Whether the restore can be ordered now; `reason` says why not (IRNIC has no restore). */
  available: z.boolean(),
  reason: z.string().nullable(),
  /** The registry's fee to bring it back, before VAT. */
  restorePriceRial: rial,
  /** The renewal that goes with it, per year before VAT, and the terms it is sold for. */
  renewPriceRial: rial,
  years: z.array(z.number().int()),
  /** The end of the redemption: after it the registry frees the name. */
  until: timestamp.nullable(),
});

/**
 * A transfer in that has not finished (issue 38): whether the customer may call it off, with the
 * line's money back to the wallet, or why not.
 */
export const domainTransferCancel = z.object({
  available: z.boolean(),
  reason: z.string().nullable(),
  /** Whether the registry was asked already: cancelling then asks it to drop the request. */
  asked: z.boolean(),
});

export const userDomain = z.object({
  id: z.string(),
  /** As people read it: `سارا.ایران`. */
  name: z.string(),
  /** Its A-label form. */
  ascii: z.string(),
  tld: z.string(),
  status: domainStatus,
  expiresAt: timestamp.nullable(),
  /** Whole Tehran days until it expires; negative once past; null before it is registered. */
  daysLeft: z.number().int().nullable(),
  /** Active and within DOMAIN_EXPIRING_DAYS of its expiry. */
  expiring: z.boolean(),
  autoRenew: z.boolean(),
  nameservers: z.array(z.string()),
  createdAt: timestamp,
});

export const getUserDomains = defineCall({
  path: '/api/user/domains/get-domains',
  summary: 'دامنه‌های کاربر با وضعیت و تاریخ انقضا',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({}),
  response: z.object({ domains: z.array(userDomain) }),
});

export const domainEvent = z.object({
  id: z.string(),
  kind: z.string(),
  fromStatus: domainStatus.nullable(),
  toStatus: domainStatus.nullable(),
  /** Persian: what happened, in words the customer reads. */
  message: z.string(),
  actor: z.enum(['system', 'customer', 'staff', 'registry']),
  createdAt: timestamp,
});

export const DOMAIN_HOLDER_CHANGE_STATES = ['none', 'needed', 'asked'] as const;

export const userDomainDetail = userDomain.extend({
  /** The company's nameservers for this domain: one click puts them back. */
  defaultNameservers: z.array(z.string()),
  /**
   * Whether the name moves with a transfer code its owner reads here (gTLDs); .ir moves by the
   * PIN IRNIC sends the holder when the lock opens.
   */
  transferByCode: z.boolean(),
  registeredAt: timestamp.nullable(),
  locked: z.boolean(),
  /** A transfer that waits for the code the current registrar gave the holder. */
  awaitingTransferCode: z.boolean(),
  /** Set while the domain is in redemption: the restore on offer. */
  restore: domainRestoreOffer.nullable(),
  /** Set while a transfer in is pending: whether it can be called off. */
  transferCancel: domainTransferCancel.nullable(),
  /** Why it waits, what went wrong: shown on the page. */
  note: z.string().nullable(),
  /**
   * The holder at the registry against the customer's holder details (IRNIC, which keeps a
   * holder per e-mail): `none` when they agree, `needed` when the details changed and the name
   * still names the earlier holder, `asked` while IRNIC waits for the holder's approval.
   */
  holderChange: z.enum(DOMAIN_HOLDER_CHANGE_STATES),
  /** Its child nameservers with their glue, by name (`ns1.sara-blog.com`, A-label form). */
  hosts: z.array(z.object({ name: z.string(), addresses: z.array(z.string()) })),
  glue: z.enum(DOMAIN_GLUE_MODELS),
  timeline: z.array(domainEvent),
});

export const getUserDomain = defineCall({
  path: '/api/user/domains/get-domain',
  summary: 'یک دامنه با نام‌سرورها و تاریخچهٔ کارهای ثبت‌کننده',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({ id: entityId }),
  response: userDomainDetail,
});

/** A host name as a nameserver: `ns1.example.ir`, read as the search reads names. */
const nameserverInput = z
  .string()
  .max(253)
  .transform((value) => toLatinDigits(value).trim().toLowerCase().replace(/\.$/, ''))
  .refine(
    (value) =>
      /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(
        value,
      ),
    { message: 'نام‌سرور درست نیست؛ مانند ns1.example.ir' },
  );

export const setDomainNameservers = defineCall({
  path: '/api/user/domains/set-nameservers',
  summary: 'تغییر نام‌سرورهای دامنه در ثبت‌کننده (۲ تا ۴)',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({
    id: entityId,
    nameservers: z
      .array(nameserverInput)
      .min(DOMAIN_NAMESERVERS_MIN, 'دست‌کم دو نام‌سرور لازم است')
      .max(DOMAIN_NAMESERVERS_MAX, 'بیش از چهار نام‌سرور پذیرفته نمی‌شود')
      .refine((list) => new Set(list).size === list.length, 'نام‌سرور تکراری است'),
  }),
  response: userDomainDetail,
});

/**
 * A child nameserver as typed: its label under the domain (`ns1`) or its whole name
 * (`ns1.sara-blog.com`); the server checks it is under the domain.
 */
const hostInput = z
  .string()
  .max(253)
  .transform((value) =>
    toLatinDigits(value).normalize('NFC').trim().toLowerCase().replace(/\.$/, ''),
  )
  .refine((value) => /^[\p{L}\p{M}\p{Nd}.-]+$/u.test(value), {
    message: 'نام نام‌سرور را مانند ns1 یا ns1.example.ir بنویسید',
  });

/** An IPv4 or IPv6 address as typed, kept in its canonical form (RFC 5952 for IPv6). */
const hostAddressInput = z
  .string()
  .max(64)
  .transform((value, context) => {
    const read = readIpAddress(toLatinDigits(value));
    if (read) return read.canonical;
    context.addIssue({
      code: 'custom',
      message: 'نشانی IPv4 یا IPv6 درست نیست؛ مانند 185.51.200.10',
    });
    return z.NEVER;
  });

export const saveDomainHost = defineCall({
  path: '/api/user/domains/save-host',
  summary: 'ساخت یا تغییر نام‌سرور اختصاصی دامنه (رکورد Glue) با نشانی‌های IP آن در ثبت‌کننده',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({
    id: entityId,
    host: hostInput,
    addresses: z
      .array(hostAddressInput)
      .min(1, 'دست‌کم یک نشانی IP بنویسید')
      .max(DOMAIN_HOST_ADDRESSES_MAX['host-objects'], 'بیش از ۱۳ نشانی پذیرفته نمی‌شود')
      .refine((list) => new Set(list).size === list.length, 'نشانی تکراری است'),
  }),
  response: userDomainDetail,
});

export const deleteDomainHost = defineCall({
  path: '/api/user/domains/delete-host',
  summary: 'حذف نام‌سرور اختصاصی دامنه (رکورد Glue) از ثبت‌کننده',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({ id: entityId, host: hostInput }),
  response: userDomainDetail,
});

export const setDomainAutoRenew = defineCall({
  path: '/api/user/domains/set-auto-renew',
  summary: 'روشن یا خاموش کردن تمدید خودکار دامنه',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({ id: entityId, autoRenew: z.boolean() }),
  response: userDomainDetail,
});

export const submitDomainTransferCode = defineCall({
  path: '/api/user/domains/submit-transfer-code',
  summary: 'ثبت کد انتقال دامنه (یا PIN ایرنیک) برای شروع انتقال',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({ id: entityId, authCode: text({ min: 4, max: 64 }) }),
  response: userDomainDetail,
});

export const renewDomain = defineCall({
  path: '/api/user/domains/renew-domain',
  summary: 'افزودن تمدید دامنه برای چند سال به سبد خرید',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({ id: entityId, years: z.number().int().min(1).max(10) }),
  response: cart,
});

// ---------------------------------------------------------------------------------------------
// DNS (issue 38): the zone of a domain on our nameservers

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];
/** The most records one zone holds. */
export const DNS_MAX_RECORDS = 200;

export const dnsRecord = z.object({
  /** Relative to the zone: `@`, `www`, `_sip._tcp`. */
  name: z.string().max(253),
  type: z.enum(DNS_RECORD_TYPES),
  ttl: z.number().int(),
  /** As people write it: `1.2.3.4`, `10 mail.example.ir`, `v=spf1 mx -all`. */
  content: z.string().max(4096),
});

export const domainDns = z.object({
  /** Whether the domain points at our nameservers: only then does our zone answer for it. */
  onOurNameservers: z.boolean(),
  /** Where the zone is kept: `powerdns` answers DNS queries; `database` keeps it only. */
  server: z.enum(['database', 'powerdns']),
  /** The nameservers that serve the zone. */
  nameservers: z.array(z.string()),
  records: z.array(dnsRecord),
  /**
   * The owner's hosting service on this domain and the records provisioning points the zone at
   * for it (issue 38), whether or not the zone still holds each; null without one.
   */
  hosting: z.object({ serviceName: z.string(), records: z.array(dnsRecord) }).nullable(),
});

export const getDomainDns = defineCall({
  path: '/api/user/domains/get-dns',
  summary: 'رکوردهای DNS دامنه روی نام‌سرورهای ما',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({ id: entityId }),
  response: domainDns,
});

export const saveDomainDns = defineCall({
  path: '/api/user/domains/save-dns',
  summary: 'ذخیرهٔ همهٔ رکوردهای DNS دامنه (A، AAAA، CNAME، MX، TXT، SRV، CAA)',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({
    id: entityId,
    records: z
      .array(dnsRecord.extend({ ttl: z.number().int().min(60).max(86_400) }))
      .max(DNS_MAX_RECORDS),
  }),
  response: domainDns,
});

export const setDomainLock = defineCall({
  path: '/api/user/domains/set-lock',
  summary: 'بستن یا باز کردن قفل انتقال دامنه در ثبت‌کننده',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({ id: entityId, locked: z.boolean() }),
  response: userDomainDetail,
});

export const revealDomainAuthCode = defineCall({
  path: '/api/user/domains/reveal-auth-code',
  summary: 'نمایش کد انتقال دامنه (پسوندهای بین‌المللی) پس از وارد کردن دوبارهٔ گذرواژهٔ حساب',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({ id: entityId, password: z.string().min(1).max(200) }),
  response: z.object({ authCode: z.string() }),
});

// ---------------------------------------------------------------------------------------------
// Holder change (issue 38): IRNIC moves a name to a new holder only with the PIN it sends the
// current holder, and after the holder approves.

export const requestDomainHolderPin = defineCall({
  path: '/api/user/domains/request-holder-pin',
  summary: 'درخواست کد PIN تغییر دارنده از ایرنیک (به ایمیل دارندهٔ کنونی فرستاده می‌شود)',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({ id: entityId }),
  response: userDomainDetail,
});

export const changeDomainHolder = defineCall({
  path: '/api/user/domains/change-holder',
  summary: 'فرستادن تغییر دارندهٔ دامنه به ایرنیک با کد PIN، برای تأیید دارنده',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({
    id: entityId,
    pin: z
      .string()
      .max(32)
      .transform((value) => toLatinDigits(value).replace(/[\s-]/g, ''))
      .refine((value) => /^\d{9}$/.test(value), { message: 'کد PIN نُه رقم است' }),
  }),
  response: userDomainDetail,
});

// ---------------------------------------------------------------------------------------------
// Restore from redemption, and calling off a transfer in (issue 38)

export const restoreDomain = defineCall({
  path: '/api/user/domains/restore-domain',
  summary: 'افزودن بازگردانی دامنه از دورهٔ بازخرید با تمدید چندساله به سبد خرید',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({ id: entityId, years: z.number().int().min(1).max(10) }),
  response: cart,
});

export const cancelDomainTransfer = defineCall({
  path: '/api/user/domains/cancel-transfer',
  summary: 'لغو انتقال دامنه‌ای که هنوز انجام نشده است، با بازگشت مبلغ به کیف پول',
  tag: 'domains',
  access: 'user',
  request: z.strictObject({ id: entityId }),
  response: userDomainDetail,
});
