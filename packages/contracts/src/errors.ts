/**
 * Every error code the API answers with, and the HTTP status it maps to (API.md).
 * One table: the server's error handler and the web client both read it.
 */
export const errorStatus = {
  VALIDATION: 400,
  MALFORMED_BODY: 400,
  INVALID_DATE: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CSRF: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  // Domain codes (API.md: 422).
  WRONG_CREDENTIALS: 422,
  ACCOUNT_NOT_VERIFIED: 422,
  ACCOUNT_LOCKED: 403,
  OTP_WRONG: 422,
  OTP_EXPIRED: 422,
  INSUFFICIENT_CREDIT: 422,
  CART_EMPTY: 422,
  PRODUCT_UNAVAILABLE: 422,
  DISCOUNT_INVALID: 422,
  BUYER_DETAILS_REQUIRED: 422,
  ORDER_NOT_PAYABLE: 422,
  SERVICE_NOT_RENEWABLE: 422,
  DOMAIN_NOT_AVAILABLE: 422,
  DOMAIN_CONTACT_REQUIRED: 422,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  SMS_NOT_SENT: 503,
  GATEWAY_UNAVAILABLE: 503,
  PANEL_UNAVAILABLE: 503,
  REGISTRY_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/** The Persian message each code carries when the thrower gives no more specific one. */
export const defaultErrorMessages: Record<ErrorCode, string> = {
  VALIDATION: 'اطلاعات ارسال‌شده کامل یا درست نیست',
  MALFORMED_BODY: 'بدنهٔ درخواست JSON معتبر نیست',
  INVALID_DATE: 'تاریخ نامعتبر است',
  UNAUTHENTICATED: 'لطفا وارد حساب کاربری خود شوید',
  FORBIDDEN: 'اجازهٔ این کار را ندارید',
  CSRF: 'نشست شما معتبر نیست؛ صفحه را دوباره بارگذاری کنید',
  NOT_FOUND: 'موردی که خواستید پیدا نشد',
  METHOD_NOT_ALLOWED: 'این نشانی فقط با روش POST پاسخ می‌دهد',
  CONFLICT: 'وضعیت فعلی اجازهٔ این کار را نمی‌دهد',
  PAYLOAD_TOO_LARGE: 'حجم درخواست بیش از حد مجاز است',
  UNSUPPORTED_MEDIA_TYPE: 'نوع محتوای درخواست باید application/json باشد',
  RATE_LIMITED: 'تعداد درخواست‌ها بیش از حد مجاز است؛ کمی بعد دوباره تلاش کنید',
  WRONG_CREDENTIALS: 'شماره موبایل یا رمز عبور نادرست است',
  ACCOUNT_NOT_VERIFIED: 'شماره موبایل این حساب هنوز تأیید نشده است؛ کد تأیید بگیرید',
  ACCOUNT_LOCKED: 'این حساب قفل شده است؛ با پشتیبانی تماس بگیرید',
  OTP_WRONG: 'کد واردشده نادرست است',
  OTP_EXPIRED: 'کد منقضی شده یا به کار رفته است؛ کد تازه بگیرید',
  INSUFFICIENT_CREDIT: 'موجودی کیف پول شما کافی نیست',
  CART_EMPTY: 'سبد خرید شما خالی است',
  PRODUCT_UNAVAILABLE: 'این محصول با این مشخصات فروخته نمی‌شود',
  DISCOUNT_INVALID: 'کد تخفیف معتبر نیست',
  BUYER_DETAILS_REQUIRED: 'پیش از ثبت سفارش، مشخصات خریدار را کامل کنید',
  ORDER_NOT_PAYABLE: 'این سفارش دیگر قابل پرداخت نیست',
  SERVICE_NOT_RENEWABLE: 'این سرویس قابل تمدید نیست',
  DOMAIN_NOT_AVAILABLE: 'این نام دامنه اکنون برای این کار آزاد نیست',
  DOMAIN_CONTACT_REQUIRED: 'پیش از سفارش دامنه، مشخصات دارندهٔ دامنه را وارد کنید',
  INTERNAL: 'خطایی پیش آمد',
  UNAVAILABLE: 'سرویس موقتا در دسترس نیست؛ لطفا دوباره تلاش کنید',
  SMS_NOT_SENT: 'ارسال پیامک ممکن نشد؛ لطفا چند لحظهٔ دیگر دوباره تلاش کنید',
  GATEWAY_UNAVAILABLE: 'درگاه پرداخت پاسخ نداد؛ لطفا چند لحظهٔ دیگر دوباره تلاش کنید',
  PANEL_UNAVAILABLE: 'کنترل پنل اکنون پاسخ نمی‌دهد؛ کمی بعد دوباره تلاش کنید',
  REGISTRY_UNAVAILABLE: 'ثبت‌کنندهٔ دامنه اکنون پاسخ نمی‌دهد؛ کمی بعد دوباره تلاش کنید',
};
