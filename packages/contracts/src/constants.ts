/** Spec §8: the three standard toasts and their close action. */
export const TOAST_SUCCESS = 'با موفقیت انجام شد';
export const TOAST_ERROR = 'خطایی پیش آمد';
export const TOAST_RETRY = 'لطفا دوباره تلاش کنید';
export const TOAST_CLOSE_LABEL = 'بستن';

/** Spec §9: business constants. */
export const TOAST_DURATION_MS = 5000;
export const LIVE_STATUS_CHECK_INTERVAL_MS = 10_000;
export const LIVE_DATA_STALE_AFTER_MS = 50_000;
export const FAN_SPEED_BOOST_MS = 5 * 60_000;
export const BLINK_DURATION_MS = 5000;
export const TOKEN_REFRESH_LEAD_MS = 60_000;
export const WEB_VERSION = '1.2.71';
export const ANDROID_VERSION = '1.4.700';
/**
 * A version as the builds name themselves (spec §9): three whole numbers, compared part by part
 * (1.4.700 is newer than 1.4.99). Six digits a part at most, so a part is never a huge number.
 */
export const APP_VERSION_PATTERN = /^(?:0|[1-9]\d{0,5})\.(?:0|[1-9]\d{0,5})\.(?:0|[1-9]\d{0,5})$/;
/** The first Android release: the lowest version supported until a setting raises it. */
export const ANDROID_FIRST_VERSION = '1.4.700';
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5000;
export const SOCKET_TIMEOUT_MS = 20_000;

/** API.md transport: the double-submit CSRF cookie and header. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
/** The header the server answers every request with, and logs beside each line. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** The refresh-token cookie of the web app (API.md); a request carrying it must pass CSRF. */
export const REFRESH_COOKIE = 'vitrin_rt';
/**
 * Set beside the refresh cookie, readable by the page and holding no secret (`1`): the web app
 * asks refresh-token on start only when it is there, so a signed-out visit makes no refused call
 * (decision 0024).
 */
export const SESSION_HINT_COOKIE = 'vitrin_session';
/** Spec §3: the red-dot item a signed-out caller gets. */
export const NOT_SIGNED_IN_RED_DOT = 'not-signed-in';

/** Billing cycles a product can be sold for, shortest first; a product may offer only some. */
export const BILLING_CYCLES = ['monthly', 'quarterly', 'semiannual', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
export const BILLING_CYCLE_MONTHS: Record<BillingCycle, number> = {
  monthly: 1,
  quarterly: 3,
  semiannual: 6,
  annual: 12,
};
export const BILLING_CYCLE_LABELS: Record<BillingCycle, string> = {
  monthly: 'ماهانه',
  quarterly: 'سه‌ماهه',
  semiannual: 'شش‌ماهه',
  annual: 'سالانه',
};

/** How the store list can be ordered; `popular` is the default. */
export const PRODUCT_SORTS = ['popular', 'newest', 'price-asc', 'price-desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  popular: 'محبوب‌ترین',
  newest: 'جدیدترین',
  'price-asc': 'ارزان‌ترین',
  'price-desc': 'گران‌ترین',
};

/** Slugs in URLs and filters: lower-case Latin words joined by single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 80;
/** The longest search query the catalog calls accept. */
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** A domain name: labels of letters, digits and inner dashes, a Latin TLD (IDN as punycode). */
export const DOMAIN_NAME_PATTERN =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
export const DISCOUNT_CODE_MAX_LENGTH = 32;

/** Order states (decision 0011): pending until paid, cancelled by the person, or expired. */
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'در انتظار پرداخت',
  paid: 'پرداخت‌شده',
  cancelled: 'لغوشده',
  expired: 'منقضی‌شده',
  refunded: 'بازپرداخت‌شده',
};
/** A pending order is closed by itself after this long. */
export const ORDER_EXPIRY_HOURS = 24;

export const PAYMENT_PURPOSES = ['order', 'top-up'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
/** A gateway attempt: pending (or unknown) until the gateway says paid or not. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const WALLET_REASONS = ['top-up', 'order-payment', 'refund', 'adjustment'] as const;
export type WalletReason = (typeof WALLET_REASONS)[number];
export const WALLET_REASON_LABELS: Record<WalletReason, string> = {
  'top-up': 'افزایش اعتبار',
  'order-payment': 'پرداخت سفارش',
  refund: 'بازگشت وجه',
  adjustment: 'اصلاح دستی',
};
/** Top-up bounds: 10 thousand to 50 million Toman. */
export const CREDIT_TOP_UP_MIN_RIAL = 100_000;
export const CREDIT_TOP_UP_MAX_RIAL = 500_000_000;

/**
 * A customer's service (issues 6, 20 and 35, decisions 0020 and 0035): a product delivered by
 * hand waits for staff (awaiting-delivery) and its term starts when they deliver it; one
 * delivered by a panel is paid and waiting (pending), being set
 * up on its panel (provisioning; failed while retries are under way; needs-attention once staff
 * must act), then active until it expires, expired during its grace period, suspended after it
 * (or by staff), and terminated when its account is removed; cancelled when a refund or staff
 * ended it. Only the transitions in SERVICE_TRANSITIONS happen.
 */
export const SERVICE_STATUSES = [
  'awaiting-delivery',
  'pending',
  'provisioning',
  'failed',
  'needs-attention',
  'active',
  'expired',
  'suspended',
  'terminated',
  'cancelled',
] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
export const SERVICE_STATUS_LABELS: Record<ServiceStatus, string> = {
  'awaiting-delivery': 'در انتظار تحویل',
  pending: 'در صف راه‌اندازی',
  provisioning: 'در حال راه‌اندازی',
  failed: 'در حال راه‌اندازی (تلاش دوباره)',
  'needs-attention': 'در دست پشتیبانی',
  active: 'فعال',
  expired: 'منقضی‌شده',
  suspended: 'معلق',
  terminated: 'حذف‌شده',
  cancelled: 'لغوشده',
};
/** Where each status may go; anything else is refused. */
export const SERVICE_TRANSITIONS: Record<ServiceStatus, readonly ServiceStatus[]> = {
  // Delivered by hand (issue 35): its term starts when staff deliver it, never before.
  'awaiting-delivery': ['active', 'cancelled'],
  pending: ['provisioning', 'needs-attention', 'active', 'cancelled'],
  provisioning: ['active', 'failed', 'needs-attention', 'cancelled'],
  failed: ['provisioning', 'active', 'needs-attention', 'cancelled'],
  'needs-attention': ['provisioning', 'active', 'cancelled'],
  active: ['expired', 'suspended', 'terminated', 'cancelled'],
  expired: ['active', 'suspended', 'terminated', 'cancelled'],
  suspended: ['active', 'expired', 'terminated', 'cancelled'],
  terminated: [],
  cancelled: [],
};
/** Statuses in which the service is still being set up: the customer waits, staff may act. */
export const SERVICE_SETUP_STATUSES: readonly ServiceStatus[] = [
  'pending',
  'provisioning',
  'failed',
  'needs-attention',
];
/**
 * A product delivered by hand waits this long for staff before staff are alerted, unless staff
 * set its own time (issue 35).
 */
export const MANUAL_DELIVERY_ALERT_HOURS = 24;
/** Services expiring within this many days get a red dot and a panel warning. */
export const SERVICE_EXPIRY_WARNING_DAYS = 7;
/** Reminder SMS go this many days before a service expires, once each. */
export const SERVICE_REMINDER_DAYS = [7, 1] as const;

/** Support tickets (issue 6, docs/decisions/0013). */
export const TICKET_STATUSES = ['open', 'answered', 'customer-reply', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'باز',
  answered: 'پاسخ داده شده',
  'customer-reply': 'پاسخ مشتری',
  closed: 'بسته',
};
export const TICKET_DEPARTMENTS = ['sales', 'technical', 'billing'] as const;
export type TicketDepartment = (typeof TICKET_DEPARTMENTS)[number];
export const TICKET_DEPARTMENT_LABELS: Record<TicketDepartment, string> = {
  sales: 'فروش و مشاوره',
  technical: 'پشتیبانی فنی',
  billing: 'مالی و صورت‌حساب',
};
export const TICKET_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'کم',
  normal: 'معمولی',
  high: 'زیاد',
};
/** A ticket answered by staff and left untouched this long closes itself. */
export const TICKET_AUTO_CLOSE_DAYS = 7;
export const TICKET_SUBJECT_MAX_LENGTH = 120;
export const TICKET_BODY_MAX_LENGTH = 5000;
/** Attachments: images and PDF, checked by their bytes, at most 5 per message, 5 MB each. */
export const TICKET_ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'application/pdf',
] as const;
export type TicketAttachmentType = (typeof TICKET_ATTACHMENT_TYPES)[number];
/** The file-name extensions of each accepted type; the first is the one given when it is wrong. */
export const TICKET_ATTACHMENT_EXTENSIONS: Record<TicketAttachmentType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'application/pdf': ['pdf'],
};
export const TICKET_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const TICKET_ATTACHMENTS_PER_MESSAGE = 5;
/** An upload not attached to a message within this long is deleted. */
export const TICKET_UPLOAD_TTL_HOURS = 24;
/**
 * Attachments travel outside the JSON calls: uploaded as multipart/form-data (field `file`),
 * answered in the envelope with a `ticketAttachment`; read back as their bytes, by a POST with
 * `{attachmentId}`, only by the ticket's owner (and staff).
 */
export const TICKET_UPLOAD_PATH = '/api/user/tickets/upload-attachment';
export const TICKET_ATTACHMENT_PATH = '/api/user/tickets/get-attachment';

/** Red-dot titles (spec §3) the panel's modules add; the web app reads them by these names. */
export const RED_DOT_UNPAID_ORDERS = 'unpaid-orders';
export const RED_DOT_UNREAD_TICKETS = 'unread-ticket-replies';
export const RED_DOT_EXPIRING_SERVICES = 'expiring-services';
export const RED_DOT_PROFILE_INCOMPLETE = 'profile-incomplete';

/**
 * Issue 8 roles: a customer; support (tickets, and orders and customers read-only); admin
 * (everything). Staff sign in through the same accounts flow; the role is in the token and
 * checked again against the database on every staff call.
 */
export const USER_ROLES = ['customer', 'support', 'admin'] as const;
export type UserRoleName = (typeof USER_ROLES)[number];

/** A buyer on an invoice (issue 21): a person or a company. */
export const BUYER_KINDS = ['person', 'company'] as const;
export type BuyerKind = (typeof BUYER_KINDS)[number];

/** Online gateways the server can drive (issue 21); which ones a node has is a setting. */
export const ONLINE_GATEWAYS = ['sandbox', 'zarinpal', 'zibal'] as const;
export type OnlineGateway = (typeof ONLINE_GATEWAYS)[number];
/** Paying without a gateway, confirmed by staff (issue 21). */
export const MANUAL_METHODS = ['card-to-card', 'bank-transfer'] as const;
export type ManualMethod = (typeof MANUAL_METHODS)[number];
