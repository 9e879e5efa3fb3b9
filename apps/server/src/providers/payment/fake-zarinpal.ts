import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { formatAmount } from '@vitrin/fa';
import Fastify, { type FastifyReply } from 'fastify';
import { escapeHtml } from '../../lib/page-html';

/**
 * A local stand-in for ZarinPal's v4 API, for tests and browser runs: payments live in memory,
 * the API answers like the real one (codes, shapes), and `/pg/StartPay/{authority}` shows a page
 * with a pay and a cancel link that return to the callback the way ZarinPal does
 * (`?Authority=…&Status=OK|NOK`). No test framework here: the e2e harness starts it too.
 */

export const FAKE_ZARINPAL_MERCHANT_ID = '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a4b';
/** ZarinPal's smallest payment: 1 000 Toman. */
const MIN_AMOUNT_RIAL = 10_000;
const MERCHANT_ID_FORM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type FakeZarinpalMode = 'normal' | 'timeout' | 'server-error' | 'garbage';

type FakePaymentState = 'pending' | 'paid' | 'verified' | 'cancelled';

interface FakePayment {
  authority: string;
  amount: number;
  callbackUrl: string;
  description: string;
  state: FakePaymentState;
  refId: number | null;
}

export interface FakeZarinpalRequest {
  path: string;
  body: unknown;
  headers: IncomingHttpHeaders;
}

export interface FakeZarinpal {
  /** Use as `apiBaseUrl`. */
  url: string;
  /** Use as `startPayUrl`. */
  startPayUrl: string;
  merchantId: string;
  /** Every API call received, in order (including those a bad mode answered). */
  requests: FakeZarinpalRequest[];
  /** The person paid: the next verify answers 100. */
  pay(authority: string): void;
  /** The person cancelled at the gateway: verify answers -51. */
  cancel(authority: string): void;
  /** `timeout` never answers, `server-error` answers 502 HTML, `garbage` 200 with broken JSON. */
  setMode(mode: FakeZarinpalMode): void;
  close(): Promise<void>;
}

interface ZarinpalFailure {
  code: number;
  message: string;
  validations?: Array<Record<string, string>>;
}

const INVALID_MERCHANT: ZarinpalFailure = {
  code: -10,
  message: 'Terminal is not valid, please check merchant_id or ip address.',
};

export async function startFakeZarinpal(
  options: { merchantId?: string; host?: string; port?: number } = {},
): Promise<FakeZarinpal> {
  const merchantId = options.merchantId ?? FAKE_ZARINPAL_MERCHANT_ID;
  const payments = new Map<string, FakePayment>();
  const requests: FakeZarinpalRequest[] = [];
  // Answers held open by the timeout mode, ended by close().
  const held = new Set<ServerResponse>();
  let mode: FakeZarinpalMode = 'normal';
  let lastAuthority = 0;
  let lastRefId = 100_000;

  const app = Fastify({ logger: false, forceCloseConnections: true });

  /** Answers for a bad mode and returns true; returns false in the normal mode. */
  function misbehave(reply: FastifyReply): boolean {
    if (mode === 'timeout') {
      reply.hijack();
      held.add(reply.raw);
      reply.raw.on('close', () => held.delete(reply.raw));
      return true;
    }
    if (mode === 'server-error') {
      reply
        .code(502)
        .type('text/html')
        .send('<html><head><title>502 Bad Gateway</title></head><body>502</body></html>');
      return true;
    }
    if (mode === 'garbage') {
      reply.code(200).type('application/json').send('{"data":{"code":100,"ref_id":');
      return true;
    }
    return false;
  }

  function refuse(reply: FastifyReply, failure: ZarinpalFailure) {
    const errors = { validations: [], ...failure };
    return reply.code(failure.code === -9 ? 422 : 400).send({ data: [], errors });
  }

  function checkMerchant(value: unknown): ZarinpalFailure | null {
    if (typeof value !== 'string' || !MERCHANT_ID_FORM.test(value)) {
      return validation('merchant_id', 'The merchant id must be 36 characters.');
    }
    return value === merchantId ? null : INVALID_MERCHANT;
  }

  app.post('/pg/v4/payment/request.json', async (request, reply) => {
    requests.push({ path: request.url, body: request.body, headers: request.headers });
    if (misbehave(reply)) return reply;
    const body = asRecord(request.body);
    const merchantProblem = checkMerchant(body.merchant_id);
    if (merchantProblem) return refuse(reply, merchantProblem);
    const problem = checkPaymentRequest(body);
    if (problem) return refuse(reply, problem);
    lastAuthority += 1;
    const authority = `A${String(lastAuthority).padStart(35, '0')}`;
    payments.set(authority, {
      authority,
      amount: body.amount as number,
      callbackUrl: body.callback_url as string,
      description: body.description as string,
      state: 'pending',
      refId: null,
    });
    return {
      data: { code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: 0 },
      errors: [],
    };
  });

  app.post('/pg/v4/payment/verify.json', async (request, reply) => {
    requests.push({ path: request.url, body: request.body, headers: request.headers });
    if (misbehave(reply)) return reply;
    const body = asRecord(request.body);
    const merchantProblem = checkMerchant(body.merchant_id);
    if (merchantProblem) return refuse(reply, merchantProblem);
    if (!Number.isSafeInteger(body.amount)) {
      return refuse(reply, validation('amount', 'The amount must be an integer.'));
    }
    if (typeof body.authority !== 'string' || body.authority === '') {
      return refuse(reply, validation('authority', 'The authority field is required.'));
    }
    const payment = payments.get(body.authority);
    if (!payment) return refuse(reply, { code: -54, message: 'Invalid authority.' });
    if (payment.amount !== body.amount) {
      return refuse(reply, {
        code: -50,
        message: 'Session is not valid, amounts values is not the same.',
      });
    }
    if (payment.state === 'pending' || payment.state === 'cancelled') {
      return refuse(reply, {
        code: -51,
        message: 'Session is not valid, session is not active paid try.',
      });
    }
    const firstTime = payment.state === 'paid';
    payment.state = 'verified';
    return {
      data: {
        code: firstTime ? 100 : 101,
        message: firstTime ? 'Paid' : 'Verified',
        card_hash: '1EBE3EBEBE35C7EC0F8D6EE4F2F859107A87822CA179BC9528767EA7B5489B69',
        card_pan: '502229******5995',
        ref_id: payment.refId,
        fee_type: 'Merchant',
        fee: 0,
      },
      errors: [],
    };
  });

  app.get<{ Params: { authority: string } }>('/pg/StartPay/:authority', async (request, reply) => {
    const payment = payments.get(request.params.authority);
    if (!payment) return reply.code(404).type('text/html').send(page('<p>تراکنش یافت نشد</p>'));
    const base = `/pg/StartPay/${payment.authority}`;
    return reply.type('text/html').send(
      page(`<h1>درگاه آزمایشی زرین‌پال</h1>
<p>${escapeHtml(payment.description)}</p>
<p>مبلغ: ${formatAmount(payment.amount)} ریال</p>
<p><a href="${base}/pay">پرداخت</a> <a href="${base}/cancel">انصراف</a></p>`),
    );
  });

  app.get<{ Params: { authority: string; choice: string } }>(
    '/pg/StartPay/:authority/:choice',
    async (request, reply) => {
      const payment = payments.get(request.params.authority);
      const choice = request.params.choice;
      if (!payment || (choice !== 'pay' && choice !== 'cancel')) return reply.code(404).send();
      if (payment.state === 'pending') settle(payment, choice === 'pay' ? 'paid' : 'cancelled');
      const back = new URL(payment.callbackUrl);
      back.searchParams.set('Authority', payment.authority);
      back.searchParams.set('Status', choice === 'pay' ? 'OK' : 'NOK');
      return reply.redirect(back.toString());
    },
  );

  function settle(payment: FakePayment, state: 'paid' | 'cancelled') {
    payment.state = state;
    if (state === 'paid') {
      lastRefId += 1;
      payment.refId = lastRefId;
    }
  }

  function pendingPayment(authority: string): FakePayment {
    const payment = payments.get(authority);
    if (!payment) throw new Error(`fake zarinpal: no payment ${authority}`);
    if (payment.state !== 'pending') {
      throw new Error(`fake zarinpal: payment ${authority} is ${payment.state}, not pending`);
    }
    return payment;
  }

  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return {
    url: address,
    startPayUrl: `${address}/pg/StartPay`,
    merchantId,
    requests,
    pay: (authority) => settle(pendingPayment(authority), 'paid'),
    cancel: (authority) => settle(pendingPayment(authority), 'cancelled'),
    setMode: (next) => {
      mode = next;
    },
    close: async () => {
      for (const response of held) response.destroy();
      await app.close();
    },
  };
}

/** The checks ZarinPal makes on a payment request, each answered -9 with the field named. */
function checkPaymentRequest(body: Record<string, unknown>): ZarinpalFailure | null {
  // The fake speaks Rial only: our client always sends IRR.
  if (body.currency !== undefined && body.currency !== 'IRR') {
    return validation('currency', 'The selected currency is invalid.');
  }
  if (!Number.isSafeInteger(body.amount) || (body.amount as number) < MIN_AMOUNT_RIAL) {
    return validation('amount', `The amount must be at least ${MIN_AMOUNT_RIAL}.`);
  }
  if (typeof body.callback_url !== 'string' || !/^https?:\/\/\S+$/.test(body.callback_url)) {
    return validation('callback_url', 'The callback url format is invalid.');
  }
  if (typeof body.description !== 'string' || body.description.trim() === '') {
    return validation('description', 'The description field is required.');
  }
  const mobile = asRecord(body.metadata).mobile;
  if (mobile !== undefined && (typeof mobile !== 'string' || !/^09\d{9}$/.test(mobile))) {
    return validation('metadata.mobile', 'The metadata.mobile format is invalid.');
  }
  return null;
}

function validation(field: string, message: string): ZarinpalFailure {
  return {
    code: -9,
    message: 'The input params invalid, validation error.',
    validations: [{ [field]: message }],
  };
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function page(body: string): string {
  return `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>زرین‌پال (آزمایشی)</title></head><body>${body}</body></html>`;
}
