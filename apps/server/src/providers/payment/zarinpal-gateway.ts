import { isRecord, postGatewayJson } from './gateway-http';
import {
  type PaymentGateway,
  PaymentGatewayError,
  type PaymentRequest,
  type StartedPayment,
  type VerifyOutcome,
} from './payment-gateway';

export interface ZarinpalSettings {
  /** The 36-character merchant code from ZarinPal's panel. */
  merchantId: string;
  /** Default `https://payment.zarinpal.com`. */
  apiBaseUrl: string;
  /** Default `https://payment.zarinpal.com/pg/StartPay`; the authority is appended. */
  startPayUrl: string;
  timeoutMs?: number | undefined;
}

export const ZARINPAL_API_BASE_URL = 'https://payment.zarinpal.com';
export const ZARINPAL_START_PAY_URL = 'https://payment.zarinpal.com/pg/StartPay';
const DEFAULT_TIMEOUT_MS = 10_000;
const REQUEST_PATH = '/pg/v4/payment/request.json';
const VERIFY_PATH = '/pg/v4/payment/verify.json';

const PAID = 100;
const ALREADY_VERIFIED = 101;
/**
 * Verify errors that mean "this authority was not paid this amount": -50 amount differs,
 * -51 not paid (cancelled or still open), -54 unknown authority. Any other error (-9
 * validation, -10/-11 merchant, -12 too many attempts…) refuses the question, not the
 * payment, so it stays unknown.
 */
const NOT_PAID_CODES = new Set([-50, -51, -54]);

interface ZarinpalAnswer {
  httpStatus: number;
  /** `data` when it carries a numeric code (ZarinPal sends `data: []` on errors). */
  data: Record<string, unknown> | null;
  /** `errors` when it carries a numeric code (ZarinPal sends `errors: []` on success). */
  error: { code: number; message: string } | null;
}

/** ZarinPal's v4 REST API. */
export class ZarinpalGateway implements PaymentGateway {
  readonly name = 'zarinpal';
  private readonly apiBaseUrl: string;
  private readonly startPayUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly settings: ZarinpalSettings) {
    this.apiBaseUrl = settings.apiBaseUrl.replace(/\/$/, '');
    this.startPayUrl = settings.startPayUrl.replace(/\/$/, '');
    this.timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async start(request: PaymentRequest): Promise<StartedPayment> {
    const metadata: Record<string, string> = { order_id: request.reference };
    const mobile = localMobile(request.mobile);
    if (mobile) metadata.mobile = mobile;
    if (request.email) metadata.email = request.email;
    const answer = await this.post(REQUEST_PATH, {
      merchant_id: this.settings.merchantId,
      amount: request.amountRial,
      currency: 'IRR',
      callback_url: request.callbackUrl,
      description: request.description,
      metadata,
    });
    const authority = answer.data?.authority;
    if (answer.data?.code === PAID && typeof authority === 'string' && authority !== '') {
      return { authority, redirectUrl: `${this.startPayUrl}/${encodeURIComponent(authority)}` };
    }
    if (answer.error) {
      throw new PaymentGatewayError(
        `zarinpal refused the payment request: ${answer.error.code} ${answer.error.message}`,
        { code: String(answer.error.code) },
      );
    }
    throw unreadable(REQUEST_PATH, answer.httpStatus);
  }

  async verify(input: { authority: string; amountRial: number }): Promise<VerifyOutcome> {
    const answer = await this.post(VERIFY_PATH, {
      merchant_id: this.settings.merchantId,
      amount: input.amountRial,
      authority: input.authority,
    });
    const { data, error } = answer;
    if (data && (data.code === PAID || data.code === ALREADY_VERIFIED)) {
      const referenceId =
        typeof data.ref_id === 'number' || (typeof data.ref_id === 'string' && data.ref_id !== '')
          ? String(data.ref_id)
          : null;
      // Paid without a reference we could show the person is not an answer we can settle on.
      if (referenceId === null) throw unreadable(VERIFY_PATH, answer.httpStatus);
      const cardPan =
        typeof data.card_pan === 'string' && data.card_pan !== '' ? data.card_pan : null;
      return { status: data.code === PAID ? 'paid' : 'already-verified', referenceId, cardPan };
    }
    if (error && NOT_PAID_CODES.has(error.code)) {
      return { status: 'failed', code: String(error.code), message: error.message };
    }
    if (error) {
      throw new PaymentGatewayError(`zarinpal refused to verify: ${error.code} ${error.message}`, {
        code: String(error.code),
      });
    }
    throw unreadable(VERIFY_PATH, answer.httpStatus);
  }

  private async post(path: string, body: object): Promise<ZarinpalAnswer> {
    const { httpStatus, parsed } = await postGatewayJson(
      'zarinpal',
      this.apiBaseUrl,
      path,
      body,
      this.timeoutMs,
    );
    const data = isRecord(parsed) && isRecord(parsed.data) ? parsed.data : null;
    const errors = isRecord(parsed) && isRecord(parsed.errors) ? parsed.errors : null;
    return {
      httpStatus,
      data: data && typeof data.code === 'number' ? data : null,
      error:
        errors && typeof errors.code === 'number'
          ? {
              code: errors.code,
              message: typeof errors.message === 'string' ? errors.message : '',
            }
          : null,
    };
  }
}

/** ZarinPal wants the local `09…` form; any other number is left out rather than refused. */
function localMobile(mobile: string | undefined): string | null {
  return mobile && /^\+989\d{9}$/.test(mobile) ? `0${mobile.slice(3)}` : null;
}

function unreadable(path: string, httpStatus: number): PaymentGatewayError {
  return new PaymentGatewayError(`zarinpal answered HTTP ${httpStatus} without a result (${path})`);
}
