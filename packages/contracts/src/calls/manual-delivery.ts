import { z } from 'zod';
import { defineCall } from '../call';
import { SERVICE_STATUSES } from '../constants';
import { text, timestamp } from '../fields';
import { listPaging, listResult } from '../list';
import { staffReason } from './admin';
import { entityId } from './catalog';

// Products delivered by hand (issue 35, decision 0035): a paid VPS, business e-mail or domain
// waits for staff as «در انتظار تحویل»; staff deliver it with the access details the customer
// needs (sealed at rest), and its term starts then.

/** One thing handed over: «آدرس IP», «نام کاربری», «گذرواژه»… */
export const deliveryDetailInput = z.strictObject({
  label: text({ min: 1, max: 60 }),
  value: text({ min: 1, max: 500 }),
  /** A secret (a password) is shown to the owner only after they re-enter their own password. */
  secret: z.boolean(),
});

/** What the owner sees of a delivery: a secret's value is left out until asked for. */
export const deliveryDetailView = z.object({
  label: z.string(),
  value: z.string().nullable(),
  secret: z.boolean(),
});

export const getServiceDelivery = defineCall({
  path: '/api/user/services/get-service-delivery',
  summary: 'تحویل دستی سرویس: در انتظار تحویل از کی، یا اطلاعات دسترسی تحویل‌شده',
  tag: 'services',
  access: 'user',
  request: z.strictObject({ serviceId: entityId }),
  response: z.object({
    /** True for a product delivered by hand (not by a hosting panel). */
    byHand: z.boolean(),
    /** While it waits: since when (paid). */
    waitingSince: timestamp.nullable(),
    deliveredAt: timestamp.nullable(),
    /** What staff handed over, secrets without their value. */
    details: z.array(deliveryDetailView),
  }),
});

export const revealDeliveryDetails = defineCall({
  path: '/api/user/services/reveal-delivery-details',
  summary: 'نمایش همهٔ اطلاعات دسترسی تحویل‌شده پس از وارد کردن دوبارهٔ گذرواژهٔ حساب',
  tag: 'services',
  access: 'user',
  request: z.strictObject({
    serviceId: entityId,
    password: z.string().min(1).max(200),
  }),
  response: z.object({
    details: z.array(deliveryDetailView.extend({ value: z.string() })),
  }),
});

export const deliveryQueueRow = z.object({
  serviceId: z.string(),
  name: z.string(),
  status: z.enum(SERVICE_STATUSES),
  productName: z.string().nullable(),
  domainName: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string().nullable(), mobile: z.string() }),
  /** Paid and waiting since. */
  since: timestamp,
  /** The product's time; past it the row is overdue and staff were alerted. */
  alertAfterHours: z.number().int(),
  overdue: z.boolean(),
});

export const getDeliveryQueue = defineCall({
  path: '/api/admin/provisioning/get-delivery-queue',
  summary: 'صف تحویل دستی: سرویس‌های پرداخت‌شده‌ای که کارشناس باید تحویل دهد',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({ ...listPaging }),
  response: listResult(deliveryQueueRow).extend({
    /** Waiting past their product's time, whatever the page. */
    overdue: z.number().int(),
  }),
});

export const deliverService = defineCall({
  path: '/api/admin/provisioning/deliver-service',
  summary: 'ثبت تحویل دستی سرویس با اطلاعات دسترسی مشتری؛ دورهٔ سرویس از اکنون آغاز می‌شود',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({
    serviceId: entityId,
    details: z.array(deliveryDetailInput).min(1).max(12),
    reason: staffReason.optional(),
  }),
  response: z.object({ status: z.enum(SERVICE_STATUSES), expiresAt: timestamp.nullable() }),
});

export const manualDeliveryProductView = z.object({
  productId: z.string(),
  productName: z.string(),
  alertAfterHours: z.number().int(),
  /** False: no time of its own, the default applies. */
  custom: z.boolean(),
});

export const getManualDeliveryProducts = defineCall({
  path: '/api/admin/provisioning/get-manual-delivery-products',
  summary: 'محصولات تحویل دستی و زمان هشدار هر کدام',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({}),
  response: z.object({ items: z.array(manualDeliveryProductView) }),
});

export const saveManualDeliveryTime = defineCall({
  path: '/api/admin/provisioning/save-manual-delivery-time',
  summary: 'زمان هشدار تحویل دستی یک محصول (ساعت)',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({
    productId: entityId,
    alertAfterHours: z.number().int().min(1).max(720),
    reason: staffReason.optional(),
  }),
  response: z.object({ items: z.array(manualDeliveryProductView) }),
});
