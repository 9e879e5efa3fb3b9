import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type FakeZarinpal, startFakeZarinpal } from './fake-zarinpal';
import { PaymentGatewayError, type PaymentRequest } from './payment-gateway';
import { ZarinpalGateway } from './zarinpal-gateway';

let fake: FakeZarinpal;
let gateway: ZarinpalGateway;

beforeAll(async () => {
  fake = await startFakeZarinpal();
  gateway = new ZarinpalGateway({
    merchantId: fake.merchantId,
    apiBaseUrl: fake.url,
    startPayUrl: fake.startPayUrl,
  });
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.setMode('normal');
  fake.requests.length = 0;
});

const yearlyPlan: PaymentRequest = {
  amountRial: 48_000_000,
  description: 'اشتراک یک‌ساله سایت‌ساز ویترین',
  callbackUrl: 'https://vitrin.example/api/payments/zarinpal/callback',
  mobile: '+989121234567',
  email: 'sara@example.com',
  reference: 'pay_01HZX3',
};

async function rejection(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentGatewayError);
    return error as PaymentGatewayError;
  }
  return expect.unreachable('the gateway call did not throw');
}

describe('ZarinPal gateway: starting a payment', () => {
  test('opens a payment and sends the person to StartPay/{authority}', async () => {
    const started = await gateway.start(yearlyPlan);
    expect(started.authority).toMatch(/^A\d{35}$/);
    expect(started.redirectUrl).toBe(`${fake.startPayUrl}/${started.authority}`);
  });

  test('sends the Rial amount, IRR, the merchant and the payer in the local 09 form', async () => {
    await gateway.start(yearlyPlan);
    expect(fake.requests).toHaveLength(1);
    const [received] = fake.requests;
    expect(received?.path).toBe('/pg/v4/payment/request.json');
    expect(received?.headers.accept).toBe('application/json');
    expect(received?.headers['content-type']).toBe('application/json');
    expect(received?.body).toEqual({
      merchant_id: fake.merchantId,
      amount: 48_000_000,
      currency: 'IRR',
      callback_url: 'https://vitrin.example/api/payments/zarinpal/callback',
      description: 'اشتراک یک‌ساله سایت‌ساز ویترین',
      metadata: { mobile: '09121234567', email: 'sara@example.com', order_id: 'pay_01HZX3' },
    });
  });

  test('payer details that are unknown (or not Iranian mobiles) are left out', async () => {
    await gateway.start({ ...yearlyPlan, mobile: undefined, email: undefined });
    await gateway.start({ ...yearlyPlan, mobile: '+447700900123', email: undefined });
    for (const received of fake.requests) {
      expect((received.body as { metadata: unknown }).metadata).toEqual({ order_id: 'pay_01HZX3' });
    }
  });

  test('a refused request throws with ZarinPal code: no payment was opened', async () => {
    const wrongMerchant = new ZarinpalGateway({
      merchantId: '00000000-0000-4000-8000-000000000000',
      apiBaseUrl: fake.url,
      startPayUrl: fake.startPayUrl,
    });
    expect((await rejection(wrongMerchant.start(yearlyPlan))).code).toBe('-10');
    const malformedMerchant = new ZarinpalGateway({
      merchantId: 'not-a-merchant',
      apiBaseUrl: fake.url,
      startPayUrl: fake.startPayUrl,
    });
    expect((await rejection(malformedMerchant.start(yearlyPlan))).code).toBe('-9');
    const tooSmall = await rejection(gateway.start({ ...yearlyPlan, amountRial: 9_000 }));
    expect(tooSmall.code).toBe('-9');
    expect(tooSmall.message).toMatch(/validation error/);
  });
});

describe('ZarinPal gateway: verifying a payment', () => {
  test('a paid payment verifies as paid with its reference and card; again as already-verified', async () => {
    const { authority } = await gateway.start(yearlyPlan);
    fake.pay(authority);
    const first = await gateway.verify({ authority, amountRial: 48_000_000 });
    expect(first).toEqual({
      status: 'paid',
      referenceId: expect.stringMatching(/^\d+$/),
      cardPan: '502229******5995',
    });
    const second = await gateway.verify({ authority, amountRial: 48_000_000 });
    expect(second).toEqual({ ...first, status: 'already-verified' });
  });

  test('verify sends the merchant, the Rial amount and the authority', async () => {
    const { authority } = await gateway.start(yearlyPlan);
    fake.pay(authority);
    await gateway.verify({ authority, amountRial: 48_000_000 });
    expect(fake.requests.at(-1)?.path).toBe('/pg/v4/payment/verify.json');
    expect(fake.requests.at(-1)?.body).toEqual({
      merchant_id: fake.merchantId,
      amount: 48_000_000,
      authority,
    });
  });

  test('a payment still open or cancelled at the gateway verifies as failed -51', async () => {
    const open = await gateway.start(yearlyPlan);
    expect(await gateway.verify({ authority: open.authority, amountRial: 48_000_000 })).toEqual({
      status: 'failed',
      code: '-51',
      message: expect.any(String),
    });
    const cancelled = await gateway.start(yearlyPlan);
    fake.cancel(cancelled.authority);
    expect(
      await gateway.verify({ authority: cancelled.authority, amountRial: 48_000_000 }),
    ).toMatchObject({ status: 'failed', code: '-51' });
  });

  test('another amount verifies as failed -50 and does not spend the payment', async () => {
    const { authority } = await gateway.start(yearlyPlan);
    fake.pay(authority);
    expect(await gateway.verify({ authority, amountRial: 4_800_000 })).toMatchObject({
      status: 'failed',
      code: '-50',
    });
    expect(await gateway.verify({ authority, amountRial: 48_000_000 })).toMatchObject({
      status: 'paid',
    });
  });

  test('an authority ZarinPal does not know verifies as failed -54', async () => {
    expect(
      await gateway.verify({ authority: `A${'9'.repeat(35)}`, amountRial: 48_000_000 }),
    ).toMatchObject({ status: 'failed', code: '-54' });
  });

  test('a verify refused for our merchant is unknown, not failed', async () => {
    const { authority } = await gateway.start(yearlyPlan);
    fake.pay(authority);
    const wrongMerchant = new ZarinpalGateway({
      merchantId: '00000000-0000-4000-8000-000000000000',
      apiBaseUrl: fake.url,
      startPayUrl: fake.startPayUrl,
    });
    const error = await rejection(wrongMerchant.verify({ authority, amountRial: 48_000_000 }));
    expect(error.code).toBe('-10');
    expect(await gateway.verify({ authority, amountRial: 48_000_000 })).toMatchObject({
      status: 'paid',
    });
  });
});

describe('ZarinPal gateway: when the outcome is unknown', () => {
  test.each(['timeout', 'server-error', 'garbage'] as const)(
    '%s: start and verify throw PaymentGatewayError',
    async (mode) => {
      const { authority } = await gateway.start(yearlyPlan);
      fake.pay(authority);
      const impatient = new ZarinpalGateway({
        merchantId: fake.merchantId,
        apiBaseUrl: fake.url,
        startPayUrl: fake.startPayUrl,
        timeoutMs: 200,
      });
      fake.setMode(mode);
      const started = await rejection(impatient.start(yearlyPlan));
      const verified = await rejection(impatient.verify({ authority, amountRial: 48_000_000 }));
      expect(started.code).toBeNull();
      expect(verified.code).toBeNull();
      fake.setMode('normal');
      // The payment is still there to verify once ZarinPal answers again.
      expect(await impatient.verify({ authority, amountRial: 48_000_000 })).toMatchObject({
        status: 'paid',
      });
    },
  );

  test('an unreachable ZarinPal throws PaymentGatewayError', async () => {
    const unreachable = new ZarinpalGateway({
      merchantId: fake.merchantId,
      apiBaseUrl: 'http://127.0.0.1:9',
      startPayUrl: fake.startPayUrl,
    });
    await rejection(unreachable.start(yearlyPlan));
    await rejection(unreachable.verify({ authority: `A${'0'.repeat(35)}`, amountRial: 10_000 }));
  });
});

describe('fake ZarinPal', () => {
  test('closing it ends the answers the timeout mode holds', async () => {
    const held = await startFakeZarinpal();
    held.setMode('timeout');
    const waiting = fetch(`${held.url}/pg/v4/payment/request.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await expect.poll(() => held.requests.length).toBe(1);
    await held.close();
    await expect(waiting).rejects.toThrow();
  });

  test('the StartPay page: pay and cancel return to the callback with Status OK or NOK', async () => {
    const paid = await gateway.start(yearlyPlan);
    const page = await fetch(paid.redirectUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('پرداخت');
    const back = await fetch(`${paid.redirectUrl}/pay`, { redirect: 'manual' });
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(yearlyPlan.callbackUrl);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      Authority: paid.authority,
      Status: 'OK',
    });
    expect(
      await gateway.verify({ authority: paid.authority, amountRial: 48_000_000 }),
    ).toMatchObject({ status: 'paid' });

    const cancelled = await gateway.start(yearlyPlan);
    const cancelledBack = await fetch(`${cancelled.redirectUrl}/cancel`, { redirect: 'manual' });
    expect(new URL(cancelledBack.headers.get('location') ?? '').searchParams.get('Status')).toBe(
      'NOK',
    );
    expect(
      await gateway.verify({ authority: cancelled.authority, amountRial: 48_000_000 }),
    ).toMatchObject({ status: 'failed', code: '-51' });
  });
});
