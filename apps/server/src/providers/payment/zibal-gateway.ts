/*
 * Zibal's IPG REST API (v1). Zibal's own reference is https://help.zibal.ir/IPG/API/; the
 * facts below were confirmed from Zibal's published samples and plugins and from drivers that
 * cite that page:
 * - zibalco/gateway-php-sample (functions.php, requestAdvanced.php, callback.php): POST JSON to
 *   https://gateway.zibal.ir/v1/{request,verify}; request fields merchant, amount (Rial),
 *   callbackUrl, description, orderId, mobile (09…); answer {trackId, result, message}; the payer
 *   goes to /start/{trackId}; the callback carries success, trackId, orderId, status; verify takes
 *   {merchant, trackId}; result codes 100 ok, 102 merchant not found, 103 merchant inactive,
 *   104 merchant invalid, 105 amount not above 1,000 Rial, 106 callbackUrl invalid, 113 amount
 *   above the limit, 201 already verified, 202 not paid or failed, 203 trackId invalid.
 * - zibalco/gateway-nodejs (src/index.js), zibalco/gateway-golang-sample (types.go,
 *   functions.go): the same paths and codes.
 * - npm `zibal` (zibalco) README: amounts in Rial; callback `?trackId=…&success=1&status=2&orderId=…`.
 * - zibalco/zibal-payment-gateway-for-woocommerce (class-wc-gateway-zibal.php): verify answers
 *   amount and refNumber; Zibal's own plugin settles only when result is 100 AND amount equals
 *   the order's, and treats 201 apart.
 * - shetabit/multipay (src/Drivers/Zibal/Zibal.php, PR #301): 201 on a second verify, 114
 *   national code invalid, payment status codes (1 verified, 2 paid not verified, 3 cancelled…).
 * - irvaniamirali/payman (payman/gateways/zibal): verify fields paidAt, cardNumber (masked),
 *   status, amount, refNumber, description, orderId; POST /v1/inquiry {merchant, trackId} →
 *   status, amount, refNumber, cardNumber, verifiedAt…; codes 107–112 (multiplexing, wallet).
 */
import { isRecord, postGatewayJson } from './gateway-http';
import {
  type PaymentGateway,
  PaymentGatewayError,
  type PaymentRequest,
  type StartedPayment,
  type VerifyOutcome,
} from './payment-gateway';

export interface ZibalSettings {
  /** The merchant code from Zibal's panel (`zibal` is Zibal's own sandbox merchant). */
  merchant: string;
  /** Default `https://gateway.zibal.ir`. */
  apiBaseUrl: string;
  /** Default `https://gateway.zibal.ir/start`; the trackId is appended. */
  startPayUrl: string;
  timeoutMs?: number | undefined;
}

export const ZIBAL_API_BASE_URL = 'https://gateway.zibal.ir';
export const ZIBAL_START_PAY_URL = 'https://gateway.zibal.ir/start';
const DEFAULT_TIMEOUT_MS = 10_000;
const REQUEST_PATH = '/v1/request';
const VERIFY_PATH = '/v1/verify';
const INQUIRY_PATH = '/v1/inquiry';

const SUCCESS = 100;
const ALREADY_VERIFIED = 201;
/**
 * Verify results that mean "this trackId was not paid": 202 not paid or failed (cancelled, still
 * open, declined), 203 unknown trackId. Every other result (102–104 merchant, 1xx request
 * problems…) refuses the question, not the payment, so it stays unknown.
 */
const NOT_PAID_RESULTS = new Set([202, 203]);
/** The payment status `inquiry` reports for a verified payment. */
const STATUS_VERIFIED = 1;
/** Our own code for a paid amount that is not ours: Zibal has no code for it. */
export const ZIBAL_AMOUNT_MISMATCH = 'amount-mismatch';

interface ZibalAnswer {
  httpStatus: number;
  /** The body when it carries a numeric `result`. */
  body: Record<string, unknown> | null;
  result: number | null;
}

/** Zibal's IPG API (v1). */
export class ZibalGateway implements PaymentGateway {
  readonly name = 'zibal';
  private readonly apiBaseUrl: string;
  private readonly startPayUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly settings: ZibalSettings) {
    this.apiBaseUrl = settings.apiBaseUrl.replace(/\/$/, '');
    this.startPayUrl = settings.startPayUrl.replace(/\/$/, '');
    this.timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async start(request: PaymentRequest): Promise<StartedPayment> {
    const body: Record<string, string | number> = {
      merchant: this.settings.merchant,
      amount: request.amountRial,
      callbackUrl: request.callbackUrl,
      description: request.description,
      orderId: request.reference,
    };
    const mobile = localMobile(request.mobile);
    if (mobile) body.mobile = mobile;
    const answer = await this.post(REQUEST_PATH, body);
    const trackId = answer.body ? integer(answer.body.trackId) : null;
    if (answer.result === SUCCESS && trackId !== null) {
      const authority = String(trackId);
      return { authority, redirectUrl: `${this.startPayUrl}/${authority}` };
    }
    if (answer.result !== null && answer.result !== SUCCESS) {
      throw new PaymentGatewayError(
        `zibal refused the payment request: ${answer.result} ${message(answer)}`,
        { code: String(answer.result) },
      );
    }
    throw unreadable(REQUEST_PATH, answer.httpStatus);
  }

  async verify(input: { authority: string; amountRial: number }): Promise<VerifyOutcome> {
    const trackId = trackIdField(input.authority);
    const answer = await this.post(VERIFY_PATH, { merchant: this.settings.merchant, trackId });
    const { body, result } = answer;
    if (body && result === SUCCESS) {
      return settledOutcome('paid', body, input.amountRial, VERIFY_PATH, answer.httpStatus);
    }
    if (result === ALREADY_VERIFIED) {
      // Our sources do not say what a 201 carries besides its message, and a 201 is what a
      // retry after a lost 100 gets: ask inquiry for the amount and reference instead.
      return this.alreadyVerified(trackId, input.amountRial);
    }
    if (result !== null && NOT_PAID_RESULTS.has(result)) {
      return { status: 'failed', code: String(result), message: message(answer) };
    }
    if (result !== null) {
      throw new PaymentGatewayError(`zibal refused to verify: ${result} ${message(answer)}`, {
        code: String(result),
      });
    }
    throw unreadable(VERIFY_PATH, answer.httpStatus);
  }

  private async alreadyVerified(
    trackId: number | string,
    amountRial: number,
  ): Promise<VerifyOutcome> {
    const answer = await this.post(INQUIRY_PATH, { merchant: this.settings.merchant, trackId });
    const { body, result } = answer;
    if (body && result === SUCCESS && integer(body.status) === STATUS_VERIFIED) {
      return settledOutcome('already-verified', body, amountRial, INQUIRY_PATH, answer.httpStatus);
    }
    if (result !== null && result !== SUCCESS) {
      throw new PaymentGatewayError(
        `zibal refused the inquiry after "already verified": ${result} ${message(answer)}`,
        { code: String(result) },
      );
    }
    if (body && result === SUCCESS) {
      // Verify said "verified" and inquiry disagrees: nothing is known.
      throw new PaymentGatewayError(
        `zibal said "already verified" but inquiry reports status ${String(body.status)}`,
      );
    }
    throw unreadable(INQUIRY_PATH, answer.httpStatus);
  }

  private async post(path: string, body: object): Promise<ZibalAnswer> {
    const { httpStatus, parsed } = await postGatewayJson(
      'zibal',
      this.apiBaseUrl,
      path,
      body,
      this.timeoutMs,
    );
    const result = isRecord(parsed) ? integer(parsed.result) : null;
    return {
      httpStatus,
      body: isRecord(parsed) && result !== null ? parsed : null,
      result,
    };
  }
}

/**
 * A paid (100) or already-verified answer, checked against our amount: Zibal answers the amount
 * that was paid and never sees ours, so a different amount is "not paid this amount". Zibal
 * itself has verified (captured) it by then: such money is reconciled by hand, never settled.
 */
function settledOutcome(
  status: 'paid' | 'already-verified',
  body: Record<string, unknown>,
  amountRial: number,
  path: string,
  httpStatus: number,
): VerifyOutcome {
  const paidRial = integer(body.amount);
  const refNumber = body.refNumber;
  const referenceId =
    (typeof refNumber === 'number' && Number.isSafeInteger(refNumber)) ||
    (typeof refNumber === 'string' && refNumber !== '')
      ? String(refNumber)
      : null;
  // Paid without an amount to compare or a reference to show is not an answer we can settle on.
  if (paidRial === null || referenceId === null) throw unreadable(path, httpStatus);
  if (paidRial !== amountRial) {
    return {
      status: 'failed',
      code: ZIBAL_AMOUNT_MISMATCH,
      message: `zibal reports ${paidRial} Rial paid, not ${amountRial}`,
    };
  }
  const cardPan =
    typeof body.cardNumber === 'string' && body.cardNumber !== '' ? body.cardNumber : null;
  return { status, referenceId, cardPan };
}

/** Zibal's trackIds are numbers; an authority that is not one is sent as given (Zibal answers 203). */
function trackIdField(authority: string): number | string {
  const trackId = /^\d+$/.test(authority) ? Number(authority) : Number.NaN;
  return Number.isSafeInteger(trackId) ? trackId : authority;
}

/** Zibal wants the local `09…` form; any other number is left out rather than refused. */
function localMobile(mobile: string | undefined): string | null {
  return mobile && /^\+989\d{9}$/.test(mobile) ? `0${mobile.slice(3)}` : null;
}

/** A whole number sent as a JSON number or as digits. */
function integer(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) {
    const parsed = Number(value);
    return Number.isSafeInteger(parsed) ? parsed : null;
  }
  return null;
}

function message(answer: ZibalAnswer): string {
  return typeof answer.body?.message === 'string' ? answer.body.message : '';
}

function unreadable(path: string, httpStatus: number): PaymentGatewayError {
  return new PaymentGatewayError(`zibal answered HTTP ${httpStatus} without a result (${path})`);
}
