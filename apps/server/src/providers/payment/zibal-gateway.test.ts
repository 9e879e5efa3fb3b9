import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type FakeZibal, startFakeZibal } from './fake-zibal';
import { PaymentGatewayError, type PaymentRequest } from './payment-gateway';
import { ZIBAL_AMOUNT_MISMATCH, ZibalGateway } from './zibal-gateway';

let fake: FakeZibal;
let gateway: ZibalGateway;

beforeAll(async () => {
  fake = await startFakeZibal();
  gateway = new ZibalGateway({
    merchant: fake.merchant,
    apiBaseUrl: fake.url,
    startPayUrl: fake.startPayUrl,
  });
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.failWith(null);
  fake.requests.length = 0;
});

const yearlyPlan: PaymentRequest = {
  amountRial: 48_000_000,
  description: 'اشتراک یک‌ساله سایت‌ساز ویترین',
  callbackUrl: 'https://vitrin.example/api/payments/zibal/callback',
  mobile: '+989121234567',
  email: 'sara@example.com',
  reference: 'pay_01HZX3',
};

function withMerchant(merchant: string, timeoutMs?: number): ZibalGateway {
  return new ZibalGateway({
    merchant,
    apiBaseUrl: fake.url,
    startPayUrl: fake.startPayUrl,
    timeoutMs,
  });
}

async function rejection(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentGatewayError);
    return error as PaymentGatewayError;
  }
  return expect.unreachable('the gateway call did not throw');
}

async function paidPayment(): Promise<string> {
  const { authority } = await gateway.start(yearlyPlan);
  fake.pay(authority);
  return authority;
}

describe('Zibal gateway: starting a payment', () => {
  test('opens a payment and sends the person to start/{trackId}', async () => {
    const started = await gateway.start(yearlyPlan);
    expect(started.authority).toMatch(/^\d+$/);
    expect(started.redirectUrl).toBe(`${fake.startPayUrl}/${started.authority}`);
  });

  test('sends the merchant, the Rial amount, the callback, our reference as orderId and the payer in the 09 form', async () => {
    await gateway.start(yearlyPlan);
    expect(fake.requests).toHaveLength(1);
    const [received] = fake.requests;
    expect(received?.path).toBe('/v1/request');
    expect(received?.headers['content-type']).toBe('application/json');
    expect(received?.body).toEqual({
      merchant: fake.merchant,
      amount: 48_000_000,
      callbackUrl: 'https://vitrin.example/api/payments/zibal/callback',
      description: 'اشتراک یک‌ساله سایت‌ساز ویترین',
      orderId: 'pay_01HZX3',
      mobile: '09121234567',
    });
  });

  test('a payer mobile that is unknown (or not Iranian) is left out', async () => {
    await gateway.start({ ...yearlyPlan, mobile: undefined });
    await gateway.start({ ...yearlyPlan, mobile: '+447700900123' });
    for (const received of fake.requests) {
      expect(received.body).not.toHaveProperty('mobile');
      expect(received.body).toMatchObject({ orderId: 'pay_01HZX3', amount: 48_000_000 });
    }
  });

  test('a refused request throws with Zibal result code: no payment was opened', async () => {
    expect((await rejection(withMerchant('0'.repeat(24)).start(yearlyPlan))).code).toBe('102');
    const tooSmall = await rejection(gateway.start({ ...yearlyPlan, amountRial: 900 }));
    expect(tooSmall.code).toBe('105');
    expect(tooSmall.message).toContain('1,000');
    const badCallback = { ...yearlyPlan, callbackUrl: 'vitrin.example/callback' };
    expect((await rejection(gateway.start(badCallback))).code).toBe('106');
    const overLimit = { ...yearlyPlan, amountRial: 2_000_000_001 };
    expect((await rejection(gateway.start(overLimit))).code).toBe('113');
    fake.failWith({ result: 103 }, 'request');
    expect((await rejection(gateway.start(yearlyPlan))).code).toBe('103');
  });
});

describe('Zibal gateway: verifying a payment', () => {
  test('a paid payment verifies as paid with its reference and masked card', async () => {
    const authority = await paidPayment();
    expect(await gateway.verify({ authority, amountRial: 48_000_000 })).toEqual({
      status: 'paid',
      referenceId: expect.stringMatching(/^\d+$/),
      cardPan: '603799******7785',
    });
  });

  test('verify sends the merchant and the trackId as a number', async () => {
    const authority = await paidPayment();
    await gateway.verify({ authority, amountRial: 48_000_000 });
    expect(fake.requests.at(-1)?.path).toBe('/v1/verify');
    expect(fake.requests.at(-1)?.body).toEqual({
      merchant: fake.merchant,
      trackId: Number(authority),
    });
  });

  test('a second verify is already-verified with the same reference, learnt from inquiry', async () => {
    const authority = await paidPayment();
    const first = await gateway.verify({ authority, amountRial: 48_000_000 });
    fake.requests.length = 0;
    const second = await gateway.verify({ authority, amountRial: 48_000_000 });
    expect(second).toEqual({ ...first, status: 'already-verified' });
    expect(fake.requests.map((received) => received.path)).toEqual(['/v1/verify', '/v1/inquiry']);
    expect(fake.requests[1]?.body).toEqual({ merchant: fake.merchant, trackId: Number(authority) });
  });

  test('a payment still open or cancelled at the gateway verifies as failed 202', async () => {
    const open = await gateway.start(yearlyPlan);
    expect(await gateway.verify({ authority: open.authority, amountRial: 48_000_000 })).toEqual({
      status: 'failed',
      code: '202',
      message: expect.any(String),
    });
    const cancelled = await gateway.start(yearlyPlan);
    fake.cancel(cancelled.authority);
    expect(
      await gateway.verify({ authority: cancelled.authority, amountRial: 48_000_000 }),
    ).toMatchObject({ status: 'failed', code: '202' });
  });

  test('a trackId Zibal does not know verifies as failed 203', async () => {
    expect(await gateway.verify({ authority: '9999999999', amountRial: 48_000_000 })).toMatchObject(
      {
        status: 'failed',
        code: '203',
      },
    );
  });

  test('a payment of another amount than ours verifies as failed, and stays failed when verified again', async () => {
    const { authority } = await gateway.start(yearlyPlan);
    fake.pay(authority, { paidAmountRial: 4_800_000 });
    const first = await gateway.verify({ authority, amountRial: 48_000_000 });
    expect(first).toEqual({
      status: 'failed',
      code: ZIBAL_AMOUNT_MISMATCH,
      message: expect.stringContaining('4800000'),
    });
    // Zibal has verified it (201 now); inquiry still reports the other amount.
    expect(await gateway.verify({ authority, amountRial: 48_000_000 })).toEqual(first);
  });

  test('verified for another amount than the payment row holds is failed: our amount decides', async () => {
    const authority = await paidPayment();
    expect(await gateway.verify({ authority, amountRial: 4_800_000 })).toMatchObject({
      status: 'failed',
      code: ZIBAL_AMOUNT_MISMATCH,
    });
  });

  test('a verify refused for our merchant is unknown, not failed, and the payment is still there', async () => {
    const authority = await paidPayment();
    const error = await rejection(
      withMerchant('0'.repeat(24)).verify({ authority, amountRial: 48_000_000 }),
    );
    expect(error.code).toBe('102');
    fake.failWith({ result: 103 }, 'verify');
    expect((await rejection(gateway.verify({ authority, amountRial: 48_000_000 }))).code).toBe(
      '103',
    );
    fake.failWith(null);
    expect(await gateway.verify({ authority, amountRial: 48_000_000 })).toMatchObject({
      status: 'paid',
    });
  });

  test('already verified but the inquiry refused or unanswered is unknown, not failed', async () => {
    const authority = await paidPayment();
    await gateway.verify({ authority, amountRial: 48_000_000 });
    fake.failWith({ result: 104 }, 'inquiry');
    expect((await rejection(gateway.verify({ authority, amountRial: 48_000_000 }))).code).toBe(
      '104',
    );
    fake.failWith('server-error', 'inquiry');
    expect(
      (await rejection(gateway.verify({ authority, amountRial: 48_000_000 }))).code,
    ).toBeNull();
    fake.failWith(null);
    expect(await gateway.verify({ authority, amountRial: 48_000_000 })).toMatchObject({
      status: 'already-verified',
    });
  });

  test('"already verified" that inquiry does not confirm as verified is unknown, not settled', async () => {
    const open = await gateway.start(yearlyPlan);
    const paidNotVerified = await paidPayment();
    fake.failWith({ result: 201 }, 'verify');
    for (const authority of [open.authority, paidNotVerified]) {
      const error = await rejection(gateway.verify({ authority, amountRial: 48_000_000 }));
      expect(error.code).toBeNull();
      expect(error.message).toMatch(/inquiry reports status (-1|2)/);
    }
  });
});

describe('Zibal gateway: when the outcome is unknown', () => {
  test.each(['timeout', 'server-error', 'garbage'] as const)(
    '%s: start and verify throw PaymentGatewayError',
    async (fault) => {
      const authority = await paidPayment();
      const impatient = withMerchant(fake.merchant, 200);
      fake.failWith(fault);
      const started = await rejection(impatient.start(yearlyPlan));
      const verified = await rejection(impatient.verify({ authority, amountRial: 48_000_000 }));
      expect(started.code).toBeNull();
      expect(verified.code).toBeNull();
      fake.failWith(null);
      // The payment is still there to verify once Zibal answers again.
      expect(await impatient.verify({ authority, amountRial: 48_000_000 })).toMatchObject({
        status: 'paid',
      });
    },
  );

  test('an unreachable Zibal throws PaymentGatewayError', async () => {
    const unreachable = new ZibalGateway({
      merchant: fake.merchant,
      apiBaseUrl: 'http://127.0.0.1:9',
      startPayUrl: fake.startPayUrl,
    });
    await rejection(unreachable.start(yearlyPlan));
    await rejection(unreachable.verify({ authority: '3714660001', amountRial: 48_000_000 }));
  });
});

describe('fake Zibal', () => {
  test('closing it ends the answers the timeout fault holds', async () => {
    const held = await startFakeZibal();
    held.failWith('timeout');
    const waiting = fetch(`${held.url}/v1/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await expect.poll(() => held.requests.length).toBe(1);
    await held.close();
    await expect(waiting).rejects.toThrow();
  });

  test('the start page: pay and cancel return to the callback with trackId, success, status and orderId', async () => {
    const paid = await gateway.start(yearlyPlan);
    const page = await fetch(paid.redirectUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('پرداخت');
    const back = await fetch(`${paid.redirectUrl}/pay`, { redirect: 'manual' });
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(yearlyPlan.callbackUrl);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      trackId: paid.authority,
      success: '1',
      status: '2',
      orderId: 'pay_01HZX3',
    });
    expect(
      await gateway.verify({ authority: paid.authority, amountRial: 48_000_000 }),
    ).toMatchObject({ status: 'paid' });

    const cancelled = await gateway.start(yearlyPlan);
    const cancelledBack = await fetch(`${cancelled.redirectUrl}/cancel`, { redirect: 'manual' });
    const cancelledQuery = new URL(cancelledBack.headers.get('location') ?? '').searchParams;
    expect([cancelledQuery.get('success'), cancelledQuery.get('status')]).toEqual(['0', '3']);
    expect(
      await gateway.verify({ authority: cancelled.authority, amountRial: 48_000_000 }),
    ).toMatchObject({ status: 'failed', code: '202' });
  });
});
