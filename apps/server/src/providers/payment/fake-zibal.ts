import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { formatAmount } from '@vitrin/fa';
import Fastify, { type FastifyReply } from 'fastify';
import { escapeHtml } from '../../lib/page-html';

/**
 * A local stand-in for Zibal's IPG API (v1), for tests and browser runs: payments live in memory,
 * `/v1/request`, `/v1/verify` and `/v1/inquiry` answer like the real ones (HTTP 200, a numeric
 * `result` and a message; see zibal-gateway.ts for the sources), and `/start/{trackId}` shows a
 * page with a pay and a cancel link that return to the callback the way Zibal does
 * (`?trackId=…&success=1|0&status=2|3&orderId=…`). No test framework here: the e2e harness
 * can start it too.
 */

/** A merchant code in the form Zibal's panel gives (24 hex digits). */
export const FAKE_ZIBAL_MERCHANT = '65a1f0c2b7e4d9a8c3f21e70';
/** 105: "amount بایستی بزرگتر از 1,000 ریال باشد". */
const MIN_AMOUNT_RIAL = 1_000;
/** 113 answers above the merchant's limit; Zibal sets it per merchant, this is the fake's. */
const DEFAULT_MAX_AMOUNT_RIAL = 2_000_000_000;
const FIRST_TRACK_ID = 3_714_660_000;
const FIRST_REF_NUMBER = 210_000_000;
/** Masked the way Zibal answers `cardNumber`. */
const CARD_NUMBER = '603799******7785';

/** Zibal's result messages, as its own samples print them. */
const RESULT_MESSAGES: Record<number, string> = {
  100: 'success',
  102: 'merchant یافت نشد.',
  103: 'merchant غیرفعال',
  104: 'merchant نامعتبر',
  105: 'amount بایستی بزرگتر از 1,000 ریال باشد.',
  106: 'callbackUrl نامعتبر میباشد. (شروع با http و یا https)',
  113: 'amount مبلغ تراکنش از سقف میزان تراکنش بیشتر است.',
  114: 'کدملی ارسالی نامعتبر است.',
  201: 'قبلا تایید شده.',
  202: 'سفارش پرداخت نشده یا ناموفق بوده است.',
  203: 'trackId نامعتبر میباشد.',
};

type FakePaymentState = 'pending' | 'paid' | 'verified' | 'cancelled';

/** Zibal's payment status codes: -1 waiting, 1 paid and verified, 2 paid not verified, 3 cancelled. */
const PAYMENT_STATUS: Record<FakePaymentState, number> = {
  pending: -1,
  verified: 1,
  paid: 2,
  cancelled: 3,
};

interface FakePayment {
  trackId: number;
  amount: number;
  /** What verify and inquiry report as paid: the amount, unless a test said otherwise. */
  paidAmount: number;
  callbackUrl: string;
  description: string;
  orderId: string | null;
  state: FakePaymentState;
  refNumber: number | null;
  createdAt: string;
  paidAt: string | null;
  verifiedAt: string | null;
}

export type FakeZibalEndpoint = 'request' | 'verify' | 'inquiry';

/**
 * How an endpoint misbehaves: `{ result }` answers HTTP 200 with that result code and Zibal's
 * message for it, `server-error` answers HTTP 500 HTML, `timeout` never answers, `garbage`
 * answers 200 with broken JSON.
 */
export type FakeZibalFault =
  | { result: number; message?: string }
  | 'server-error'
  | 'timeout'
  | 'garbage';

export interface FakeZibalRequest {
  path: string;
  body: unknown;
  headers: IncomingHttpHeaders;
}

export interface FakeZibal {
  /** Use as `apiBaseUrl`. */
  url: string;
  /** Use as `startPayUrl`. */
  startPayUrl: string;
  merchant: string;
  /** Every API call received, in order (including those a fault answered). */
  requests: FakeZibalRequest[];
  /**
   * The person paid: the next verify answers 100, later ones 201. `paidAmountRial` makes verify
   * and inquiry report another amount than the one requested.
   */
  pay(trackId: string, options?: { paidAmountRial?: number }): void;
  /** The person cancelled at the gateway: verify answers 202. */
  cancel(trackId: string): void;
  /**
   * Every later call to `endpoint` (to all three when left out) misbehaves as `fault` says;
   * `null` answers normally again.
   */
  failWith(fault: FakeZibalFault | null, endpoint?: FakeZibalEndpoint): void;
  close(): Promise<void>;
}

export async function startFakeZibal(
  options: { merchant?: string; maxAmountRial?: number; host?: string; port?: number } = {},
): Promise<FakeZibal> {
  const merchant = options.merchant ?? FAKE_ZIBAL_MERCHANT;
  const maxAmountRial = options.maxAmountRial ?? DEFAULT_MAX_AMOUNT_RIAL;
  const payments = new Map<number, FakePayment>();
  const requests: FakeZibalRequest[] = [];
  const faults = new Map<FakeZibalEndpoint, FakeZibalFault>();
  // Answers held open by the timeout fault, ended by close().
  const held = new Set<ServerResponse>();
  let lastTrackId = FIRST_TRACK_ID;
  let lastRefNumber = FIRST_REF_NUMBER;

  const app = Fastify({ logger: false, forceCloseConnections: true });

  /** Answers for a fault set on `endpoint` and returns true; returns false when there is none. */
  function misbehave(endpoint: FakeZibalEndpoint, reply: FastifyReply): boolean {
    const fault = faults.get(endpoint);
    if (fault === undefined) return false;
    if (fault === 'timeout') {
      reply.hijack();
      held.add(reply.raw);
      reply.raw.on('close', () => held.delete(reply.raw));
    } else if (fault === 'server-error') {
      reply
        .code(500)
        .type('text/html')
        .send('<html><head><title>500 Internal Server Error</title></head><body>500</body></html>');
    } else if (fault === 'garbage') {
      reply.code(200).type('application/json').send('{"result":100,"refNumber":');
    } else {
      reply.send(answer(fault.result, fault.message));
    }
    return true;
  }

  /** The merchant check every endpoint makes first. */
  function merchantProblem(value: unknown): number | null {
    if (typeof value !== 'string' || value === '') return 104;
    return value === merchant ? null : 102;
  }

  function record(request: { url: string; body: unknown; headers: IncomingHttpHeaders }) {
    requests.push({ path: request.url, body: request.body, headers: request.headers });
  }

  app.post('/v1/request', async (request, reply) => {
    record(request);
    if (misbehave('request', reply)) return reply;
    const body = asRecord(request.body);
    const problem = merchantProblem(body.merchant) ?? checkPaymentRequest(body, maxAmountRial);
    if (problem !== null) return answer(problem);
    lastTrackId += 1;
    payments.set(lastTrackId, {
      trackId: lastTrackId,
      amount: body.amount as number,
      paidAmount: body.amount as number,
      callbackUrl: body.callbackUrl as string,
      description: typeof body.description === 'string' ? body.description : '',
      orderId: typeof body.orderId === 'string' ? body.orderId : null,
      state: 'pending',
      refNumber: null,
      createdAt: new Date().toISOString(),
      paidAt: null,
      verifiedAt: null,
    });
    return { trackId: lastTrackId, result: 100, message: RESULT_MESSAGES[100] };
  });

  app.post('/v1/verify', async (request, reply) => {
    record(request);
    if (misbehave('verify', reply)) return reply;
    const body = asRecord(request.body);
    const problem = merchantProblem(body.merchant);
    if (problem !== null) return answer(problem);
    const payment = paymentOf(body.trackId);
    if (!payment) return answer(203);
    if (payment.state === 'verified') return answer(201);
    if (payment.state !== 'paid') return answer(202);
    payment.state = 'verified';
    payment.verifiedAt = new Date().toISOString();
    return {
      paidAt: payment.paidAt,
      cardNumber: CARD_NUMBER,
      status: PAYMENT_STATUS.verified,
      amount: payment.paidAmount,
      refNumber: payment.refNumber,
      description: payment.description,
      orderId: payment.orderId,
      result: 100,
      message: RESULT_MESSAGES[100],
    };
  });

  app.post('/v1/inquiry', async (request, reply) => {
    record(request);
    if (misbehave('inquiry', reply)) return reply;
    const body = asRecord(request.body);
    const problem = merchantProblem(body.merchant);
    if (problem !== null) return answer(problem);
    const payment = paymentOf(body.trackId);
    if (!payment) return answer(203);
    const paid = payment.state === 'paid' || payment.state === 'verified';
    return {
      createdAt: payment.createdAt,
      paidAt: payment.paidAt,
      verifiedAt: payment.verifiedAt,
      status: PAYMENT_STATUS[payment.state],
      amount: paid ? payment.paidAmount : payment.amount,
      refNumber: payment.refNumber,
      description: payment.description,
      cardNumber: paid ? CARD_NUMBER : null,
      orderId: payment.orderId,
      wage: 0,
      result: 100,
      message: RESULT_MESSAGES[100],
    };
  });

  app.get<{ Params: { trackId: string } }>('/start/:trackId', async (request, reply) => {
    const payment = paymentOf(request.params.trackId);
    if (!payment) return reply.code(404).type('text/html').send(page('<p>تراکنش یافت نشد</p>'));
    const base = `/start/${payment.trackId}`;
    return reply.type('text/html').send(
      page(`<h1>درگاه آزمایشی زیبال</h1>
<p>${escapeHtml(payment.description)}</p>
<p>مبلغ: ${formatAmount(payment.amount)} ریال</p>
<p><a href="${base}/pay">پرداخت</a> <a href="${base}/cancel">انصراف</a></p>`),
    );
  });

  app.get<{ Params: { trackId: string; choice: string } }>(
    '/start/:trackId/:choice',
    async (request, reply) => {
      const payment = paymentOf(request.params.trackId);
      const choice = request.params.choice;
      if (!payment || (choice !== 'pay' && choice !== 'cancel')) return reply.code(404).send();
      if (payment.state === 'pending') settle(payment, choice === 'pay' ? 'paid' : 'cancelled');
      const paid = payment.state === 'paid' || payment.state === 'verified';
      const back = new URL(payment.callbackUrl);
      back.searchParams.set('trackId', String(payment.trackId));
      back.searchParams.set('success', paid ? '1' : '0');
      back.searchParams.set('status', String(PAYMENT_STATUS[payment.state]));
      if (payment.orderId !== null) back.searchParams.set('orderId', payment.orderId);
      return reply.redirect(back.toString());
    },
  );

  function paymentOf(trackId: unknown): FakePayment | undefined {
    const key =
      typeof trackId === 'number'
        ? trackId
        : typeof trackId === 'string' && /^\d+$/.test(trackId)
          ? Number(trackId)
          : Number.NaN;
    return payments.get(key);
  }

  function settle(payment: FakePayment, state: 'paid' | 'cancelled', paidAmountRial?: number) {
    payment.state = state;
    if (state === 'paid') {
      lastRefNumber += 1;
      payment.refNumber = lastRefNumber;
      payment.paidAt = new Date().toISOString();
      payment.paidAmount = paidAmountRial ?? payment.amount;
    }
  }

  function pendingPayment(trackId: string): FakePayment {
    const payment = paymentOf(trackId);
    if (!payment) throw new Error(`fake zibal: no payment ${trackId}`);
    if (payment.state !== 'pending') {
      throw new Error(`fake zibal: payment ${trackId} is ${payment.state}, not pending`);
    }
    return payment;
  }

  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return {
    url: address,
    startPayUrl: `${address}/start`,
    merchant,
    requests,
    pay: (trackId, payOptions) =>
      settle(pendingPayment(trackId), 'paid', payOptions?.paidAmountRial),
    cancel: (trackId) => settle(pendingPayment(trackId), 'cancelled'),
    failWith: (fault, endpoint) => {
      const endpoints: FakeZibalEndpoint[] = endpoint
        ? [endpoint]
        : ['request', 'verify', 'inquiry'];
      for (const each of endpoints) {
        if (fault === null) faults.delete(each);
        else faults.set(each, fault);
      }
    },
    close: async () => {
      for (const response of held) response.destroy();
      await app.close();
    },
  };
}

/** Zibal answers its refusals with HTTP 200 and the result code in the body. */
function answer(result: number, message?: string): { result: number; message: string } {
  return { result, message: message ?? RESULT_MESSAGES[result] ?? 'خطای ناشناخته' };
}

/** The checks Zibal makes on a payment request, each with its own result code. */
function checkPaymentRequest(body: Record<string, unknown>, maxAmountRial: number): number | null {
  if (!Number.isSafeInteger(body.amount) || (body.amount as number) < MIN_AMOUNT_RIAL) return 105;
  if ((body.amount as number) > maxAmountRial) return 113;
  if (typeof body.callbackUrl !== 'string' || !/^https?:\/\/\S+$/.test(body.callbackUrl)) {
    return 106;
  }
  return null;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function page(body: string): string {
  return `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>زیبال (آزمایشی)</title></head><body>${body}</body></html>`;
}
