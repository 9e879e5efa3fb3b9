// The packets of the tax organisation's e-invoice system (سامانه مودیان), API v2, with the
// organisation's own field names. Sources: RC_TICS.IS_v1.4 (the connection guide; its worked
// invoice in §7-1-2), the official .NET SDK v2 (TaxCollectDataWithPrivateKeyAndCertificateKey:
// Dto/HeaderDto, BodyItemDto, PaymentItemDto; Models/InquiryResultModel, ServerInformationModel,
// FiscalFullInformationModel, TaxpayerModel), and the field numbers and names of RC_TXPS.EC_V02
// (see fake-moadian.ts's header for where each was read).
//
// Which field a pattern requires is the business of RC_IITP; here a field is required only when
// every invoice the organisation accepts carries it. For a cancellation (ins 3) the organisation
// takes the body and the totals from the referenced invoice, so they are optional in the header
// and the body may be empty.

/** نوع صورتحساب: 1 نوع اول (with the buyer's details), 2 نوع دوم, 3 نوع سوم. */
export type MoadianInvoiceType = 1 | 2 | 3;

/**
 * الگوی صورتحساب: 1 فروش, 2 فروش ارز, 3 طلا، جواهر و پلاتین, 4 قرارداد پیمانکاری,
 * 5 قبوض خدماتی, 6 بلیت هواپیما, 7 صادرات (and later patterns the organisation adds).
 */
export type MoadianInvoicePattern = number;

/** موضوع صورتحساب: 1 اصلی, 2 اصلاحی, 3 ابطالی, 4 برگشت از فروش. */
export type MoadianInvoiceSubject = 1 | 2 | 3 | 4;

/** نوع شخص خریدار: 1 حقیقی, 2 حقوقی, 3 مشارکت مدنی, 4 اتباع غیر ایرانی, 5 مصرف‌کننده نهایی. */
export type MoadianBuyerType = 1 | 2 | 3 | 4 | 5;

/** روش تسویه: 1 نقدی, 2 نسیه, 3 نقد و نسیه. */
export type MoadianSettlement = 1 | 2 | 3;

export interface MoadianInvoiceHeader {
  /** شماره منحصر به فرد مالیاتی (22 characters, taxIdOf in @vitrin/contracts). */
  taxid: string;
  /** تاریخ و زمان صدور صورتحساب (میلادی): milliseconds since 1970, UTC. */
  indatim: number;
  /** تاریخ و زمان ایجاد صورتحساب (میلادی), milliseconds. */
  indati2m?: number;
  /** نوع صورتحساب. */
  inty: MoadianInvoiceType;
  /** سریال صورتحساب: the serial inside the tax id, as 10 hex digits (a warning otherwise). */
  inno: string;
  /** شماره منحصر به فرد مالیاتی صورتحساب مرجع: required for ins 2, 3 and 4. */
  irtaxid?: string;
  /** الگوی صورتحساب. */
  inp: MoadianInvoicePattern;
  /** موضوع صورتحساب. */
  ins: MoadianInvoiceSubject;
  /** شماره اقتصادی فروشنده (11 or 14 digits). */
  tins: string;
  /** نوع شخص خریدار: required for type 1 invoices. */
  tob?: MoadianBuyerType;
  /** شناسه/شماره ملی خریدار. */
  bid?: string;
  /** شماره اقتصادی خریدار: 11 digits for a legal person, 14 for a natural person. */
  tinb?: string;
  /** کد شعبه فروشنده. */
  sbc?: string;
  /** کد پستی خریدار (10 digits). */
  bpc?: string;
  /** کد شعبه خریدار (4 digits). */
  bbc?: string;
  /** نوع پرواز (pattern 6): 1 داخلی, 2 خارجی. */
  ft?: number;
  /** شماره گذرنامه خریدار. */
  bpn?: string;
  /** شماره پروانه گمرکی فروشنده. */
  scln?: string;
  /** کد گمرک محل اظهار فروشنده. */
  scc?: string;
  /** شناسه یکتای ثبت قرارداد فروشنده. */
  crn?: string;
  /** شماره اشتراک/شناسه قبض بهره‌بردار. */
  billid?: string;
  /** مجموع مبلغ قبل از کسر تخفیف: Σ prdis (Rial). */
  tprdis?: number;
  /** مجموع تخفیفات: Σ dis. */
  tdis?: number;
  /** مجموع مبلغ پس از کسر تخفیف: Σ adis. */
  tadis?: number;
  /** مجموع مالیات بر ارزش افزوده: Σ vam. */
  tvam?: number;
  /** مجموع سایر مالیات، عوارض و وجوه قانونی: Σ (odam + olam). */
  todam?: number;
  /** مجموع صورتحساب: Σ tsstam. */
  tbill?: number;
  /** روش تسویه: required for ins 1, 2 and 4. */
  setm?: MoadianSettlement;
  /** مبلغ پرداختی نقدی (setm 3). */
  cap?: number;
  /** مبلغ نسیه (setm 3). */
  insp?: number;
  /** مجموع سهم مالیات بر ارزش افزوده از پرداخت. */
  tvop?: number;
  /** مالیات موضوع ماده ۱۷. */
  tax17?: number;
  /** قاعده ارسال صورتحساب (RC_IITP 7.8+): 1 for one sent after the deadline under article 9. */
  insr?: number;
  /** شماره کوتاژ اظهارنامه گمرکی (export). */
  cdcn?: string;
  /** تاریخ کوتاژ اظهارنامه گمرکی (export). */
  cdcd?: number;
  /** مجموع وزن خالص (export). */
  tonw?: number;
  /** مجموع ارزش ریالی (export). */
  torv?: number;
  /** مجموع ارزش ارزی (export). */
  tocv?: number;
}

export interface MoadianInvoiceLine {
  /** شناسه کالا/خدمت (13 digits, from the organisation's list). */
  sstid: string;
  /** شرح کالا/خدمت. */
  sstt?: string;
  /** واحد اندازه‌گیری (a code of the organisation's list, e.g. "164" for عدد). */
  mu?: string;
  /** تعداد/مقدار (> 0, up to 8 decimals). */
  am: number;
  /** مبلغ واحد (Rial, > 0; the only Rial field that may have decimals). */
  fee: number;
  /** میزان ارز. */
  cfee?: number;
  /** نوع ارز. */
  cut?: string;
  /** نرخ برابری ارز با ریال. */
  exr?: number;
  /** مبلغ قبل از تخفیف: am × fee, decimals cut off. */
  prdis: number;
  /** مبلغ تخفیف. */
  dis: number;
  /** مبلغ بعد از تخفیف: prdis − dis. */
  adis: number;
  /** نرخ مالیات بر ارزش افزوده (percent, e.g. 10). */
  vra: number;
  /** مبلغ مالیات بر ارزش افزوده: adis × vra / 100 with the decimals cut off (not rounded). */
  vam: number;
  /** موضوع سایر مالیات و عوارض. */
  odt?: string;
  /** نرخ سایر مالیات و عوارض. */
  odr?: number;
  /** مبلغ سایر مالیات و عوارض. */
  odam?: number;
  /** موضوع سایر وجوه قانونی. */
  olt?: string;
  /** نرخ سایر وجوه قانونی. */
  olr?: number;
  /** مبلغ سایر وجوه قانونی. */
  olam?: number;
  /** اجرت ساخت (pattern 3). */
  consfee?: number;
  /** سود فروشنده (pattern 3). */
  spro?: number;
  /** حق‌العمل (pattern 3). */
  bros?: number;
  /** جمع کل اجرت، حق‌العمل و سود (pattern 3). */
  tcpbs?: number;
  /** سهم نقدی از پرداخت. */
  cop?: number;
  /** سهم مالیات بر ارزش افزوده از پرداخت. */
  vop?: number;
  /** شناسه یکتای ثبت قرارداد حق‌العمل‌کاری. */
  bsrn?: string;
  /** مبلغ کل کالا/خدمت: adis + vam + odam + olam. */
  tsstam: number;
  /** وزن خالص (export). */
  nw?: number;
  /** ارزش ریالی کالا (export). */
  ssrv?: number;
  /** ارزش ارزی کالا (export). */
  sscv?: number;
}

/** روش پرداخت: 1 چک, 2 تهاتر, 3 وجه نقد, 4 POS, 5 درگاه اینترنتی, 6 کارت به کارت, 7 انتقال به حساب, 8 سایر. */
export type MoadianPaymentMethod = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface MoadianInvoicePayment {
  /** شماره سوئیچ پرداخت. */
  iinn?: string;
  /** شماره پذیرنده فروشگاهی. */
  acn?: string;
  /** شماره پایانه. */
  trmn?: string;
  /** شماره پیگیری/شماره مرجع. */
  trn?: string;
  /** شماره کارت پرداخت‌کننده. */
  pcn?: string;
  /** شماره/شناسه ملی/کد فراگیر پرداخت‌کننده. */
  pid?: string;
  /** تاریخ و زمان پرداخت (milliseconds). */
  pdt?: number;
  /** روش پرداخت. */
  pmt?: MoadianPaymentMethod;
  /** مبلغ پرداختی (Rial). */
  pv?: number;
}

/** One e-invoice as the organisation reads it once decrypted and its signature checked. */
export interface MoadianInvoice {
  header: MoadianInvoiceHeader;
  /** The lines; empty for a cancellation (ins 3). */
  body: MoadianInvoiceLine[];
  payments: MoadianInvoicePayment[];
  /** Pattern-specific extras; the SDK sends none. */
  extension?: Record<string, unknown>[];
}

/**
 * Where an invoice stands after sending: SUCCESS (in the taxpayer's کارپوشه), FAILED (refused,
 * see the errors), IN_PROGRESS (still in the queue), TIMEOUT (the organisation gave up; send it
 * again), NOT_FOUND (no such reference number or uid in the searched window).
 */
export type MoadianStatus = 'SUCCESS' | 'FAILED' | 'IN_PROGRESS' | 'TIMEOUT' | 'NOT_FOUND';

export const MOADIAN_STATUSES: readonly MoadianStatus[] = [
  'SUCCESS',
  'FAILED',
  'IN_PROGRESS',
  'TIMEOUT',
  'NOT_FOUND',
];

/** An error or warning the organisation reports: `0204501` and its Persian message. */
export interface MoadianMessage {
  code: string;
  message: string;
  /** "ERROR" or "WARNING" in inquiry answers; absent in the API's own HTTP errors. */
  errorType?: string;
}

/**
 * What the organisation signs for an accepted invoice (the `sign` of an inquiry answer: a JWS
 * RS256 made with its own key), once that signature was checked against server-information.
 */
export interface MoadianConfirmation {
  referenceNumber: string;
  clientId: string;
  taxId: string;
  receivedAt: Date;
}

/** One entry of an inquiry's answer (inquiry-by-reference-id, inquiry-by-uid, inquiry). */
export interface MoadianInquiryResult {
  referenceNumber: string | null;
  /** The requestTraceId the invoice was sent with. */
  uid: string | null;
  status: MoadianStatus;
  errors: MoadianMessage[];
  warnings: MoadianMessage[];
  /** "receive_invoice_confirm" for invoices. */
  packetType: string | null;
  /** The memory id that sent the invoice. */
  fiscalId: string | null;
  /** The organisation's signed receipt (SUCCESS only), as sent. */
  sign: string | null;
  /** The receipt's contents, when its signature checks out against the organisation's keys. */
  confirmation: MoadianConfirmation | null;
}

/** The name the integration brief used for an inquiry entry. */
export type InquiryResult = MoadianInquiryResult;

/** One of the organisation's public keys (server-information); purpose 1 encrypts invoices. */
export interface MoadianPublicKey {
  id: string;
  /** The key as base64 DER (SubjectPublicKeyInfo), as the organisation sends it. */
  key: string;
  algorithm: string;
  purpose: number | string;
}

export interface MoadianServerInformation {
  /** The organisation's clock, milliseconds. */
  serverTime: number;
  publicKeys: MoadianPublicKey[];
}

/** fiscal-information: the memory id's state (fiscalStatus "ACTIVE" when it may send). */
export interface MoadianFiscalInformation {
  nameTrade: string;
  fiscalStatus: string;
  saleThreshold: string | null;
  nationalId: string | null;
  economicCode: string | null;
}

/**
 * taxpayer: a taxpayer's file by economic code. taxpayerStatus is one of NOT_ALLOCATED, ACTIVE,
 * DEACTIVATED (over the article 6 limit), TEMPORARY_UNAUTHORIZE, PERMANENT_UNAUTHORIZE,
 * ARTICLE_2_SUBJECT.
 */
export interface MoadianTaxpayer {
  nameTrade: string;
  taxpayerStatus: string;
  taxpayerType: string | null;
  nationalId: string | null;
}
