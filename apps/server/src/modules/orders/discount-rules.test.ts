import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  type BuyerHistory,
  codeProblem,
  DISCOUNT_PROBLEMS,
  type DiscountableLine,
  type DiscountCode,
  describeDiscount,
  evaluateDiscount,
} from './discount-rules';

const now = new Date('2026-06-01T08:00:00Z');

function code(overrides: Partial<DiscountCode> = {}): DiscountCode {
  return {
    id: 'code-1',
    code: 'TEST',
    kind: 'percent',
    value: 10,
    maxDiscountRial: null,
    minCartRial: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    usedCount: 0,
    perUserLimit: null,
    productIds: [],
    groupIds: [],
    firstOrderOnly: false,
    active: true,
    userId: null,
    ...overrides,
  };
}

function buyer(overrides: Partial<BuyerHistory> = {}): BuyerHistory {
  return { userId: 'user-1', usesOfCode: 0, pendingOrPaidOrders: 0, ...overrides };
}

const line = (amountRial: number, groupId = 'hosting', productId = `p-${amountRial}`) => ({
  productId,
  groupId,
  amountRial,
});

describe('a discount split over lines', () => {
  const lines = fc.array(
    fc.record({
      productId: fc.constantFrom('p1', 'p2', 'p3', 'p4'),
      groupId: fc.constantFrom('builder', 'hosting', 'domains'),
      // Catalog prices are whole Toman and more (setup fees and themes alike).
      amountRial: fc.integer({ min: 1, max: 200_000_000 }).map((toman) => toman * 10),
    }),
    { minLength: 1, maxLength: 20 },
  );
  const anyCode = fc.oneof(
    fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }) }),
    fc.record({
      kind: fc.constant('fixed' as const),
      value: fc.integer({ min: 1, max: 500_000_000 }).map((toman) => toman * 10),
    }),
  );

  test('adds up to the discount exactly, gives uncovered lines nothing, and never exceeds a line', () => {
    fc.assert(
      fc.property(
        lines,
        anyCode,
        fc.option(
          fc.integer({ min: 1, max: 10_000_000 }).map((toman) => toman * 10),
          { nil: null },
        ),
        fc.subarray(['builder', 'hosting', 'domains']),
        (cart: DiscountableLine[], kind, cap, groupIds) => {
          const outcome = evaluateDiscount(
            code({ ...kind, maxDiscountRial: cap, groupIds }),
            cart,
            null,
            now,
          );
          const covered = cart.map(
            (item) => groupIds.length === 0 || groupIds.includes(item.groupId),
          );
          const base = cart.reduce((sum, item, i) => sum + (covered[i] ? item.amountRial : 0), 0);
          if (base === 0) {
            expect(outcome).toEqual({ ok: false, problem: DISCOUNT_PROBLEMS.noLines });
            return;
          }
          if (!outcome.ok) {
            // Only a discount under one Toman is no discount at all.
            expect(outcome.problem).toBe(DISCOUNT_PROBLEMS.noLines);
            return;
          }
          expect(outcome.perLine.reduce((sum, part) => sum + part, 0)).toBe(outcome.amountRial);
          // Whole Toman: what a person reads is, to the Rial, what is charged.
          expect(outcome.amountRial % 10).toBe(0);
          expect(outcome.amountRial).toBeLessThanOrEqual(base);
          if (cap !== null) expect(outcome.amountRial).toBeLessThanOrEqual(cap);
          cart.forEach((item, i) => {
            const part = outcome.perLine[i] ?? -1;
            expect(Number.isInteger(part)).toBe(true);
            expect(part % 10).toBe(0);
            if (!covered[i]) expect(part).toBe(0);
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(item.amountRial);
            // Largest remainder in Toman: each part is its exact share rounded down or up.
            const exact = (outcome.amountRial * item.amountRial) / base;
            if (covered[i]) expect(Math.abs(part - exact)).toBeLessThan(10);
          });
        },
      ),
    );
  });

  test('a fixed 1,000,000 Rial over three uneven lines is split by weight in whole Toman', () => {
    const outcome = evaluateDiscount(
      code({ kind: 'fixed', value: 1_000_000 }),
      [line(2_900_000), line(1_500_000), line(1_090_000)],
      null,
      now,
    );
    // In Toman, exact shares 52 823.31…, 27 322.40…, 19 854.28…: the largest remainder gets
    // the last Toman.
    expect(outcome).toEqual({
      ok: true,
      amountRial: 1_000_000,
      perLine: [528_230, 273_230, 198_540],
    });
  });
});

describe('each rule of a code', () => {
  const cart = [line(4_000_000, 'builder'), line(1_500_000, 'domains')];

  test('percent rounds down to whole Toman; fixed never exceeds what it covers', () => {
    // 7% of 1 234 560 is 86 419.2 Rial: 8 641 Toman.
    expect(evaluateDiscount(code({ value: 7 }), [line(1_234_560)], null, now)).toMatchObject({
      amountRial: 86_410,
    });
    expect(
      evaluateDiscount(
        code({ kind: 'fixed', value: 9_000_000, groupIds: ['domains'] }),
        cart,
        null,
        now,
      ),
    ).toEqual({ ok: true, amountRial: 1_500_000, perLine: [0, 1_500_000] });
  });

  test('a product restriction covers only that product, a group one the whole group', () => {
    const lines = [line(4_000_000, 'builder', 'shop'), line(2_000_000, 'builder', 'blog')];
    expect(evaluateDiscount(code({ productIds: ['blog'] }), lines, null, now)).toEqual({
      ok: true,
      amountRial: 200_000,
      perLine: [0, 200_000],
    });
    expect(evaluateDiscount(code({ groupIds: ['builder'] }), lines, null, now)).toMatchObject({
      amountRial: 600_000,
    });
    expect(evaluateDiscount(code({ productIds: ['vps'] }), lines, null, now)).toEqual({
      ok: false,
      problem: DISCOUNT_PROBLEMS.noLines,
    });
  });

  test('the window: not started before startsAt, ended from endsAt on', () => {
    expect(
      evaluateDiscount(code({ startsAt: new Date(now.getTime() + 1) }), cart, null, now),
    ).toEqual({ ok: false, problem: DISCOUNT_PROBLEMS.notStarted });
    expect(evaluateDiscount(code({ startsAt: now }), cart, null, now).ok).toBe(true);
    expect(evaluateDiscount(code({ endsAt: now }), cart, null, now)).toEqual({
      ok: false,
      problem: DISCOUNT_PROBLEMS.ended,
    });
    expect(
      evaluateDiscount(code({ endsAt: new Date(now.getTime() + 1) }), cart, null, now).ok,
    ).toBe(true);
  });

  test('an inactive code reads as unknown', () => {
    expect(evaluateDiscount(code({ active: false }), cart, null, now)).toEqual({
      ok: false,
      problem: DISCOUNT_PROBLEMS.unknown,
    });
  });

  test('per-user and first-order rules wait for a signed-in buyer', () => {
    const strict = code({ perUserLimit: 1, firstOrderOnly: true });
    expect(evaluateDiscount(strict, cart, null, now).ok).toBe(true);
    expect(evaluateDiscount(strict, cart, buyer({ usesOfCode: 1 }), now)).toEqual({
      ok: false,
      problem: DISCOUNT_PROBLEMS.perUser,
    });
    expect(evaluateDiscount(strict, cart, buyer({ pendingOrPaidOrders: 1 }), now)).toEqual({
      ok: false,
      problem: DISCOUNT_PROBLEMS.firstOrder,
    });
  });

  test('the minimum is measured on the whole cart before the discount', () => {
    expect(evaluateDiscount(code({ minCartRial: 5_510_000 }), cart, null, now)).toEqual({
      ok: false,
      problem: 'این کد تخفیف برای خریدهای دست‌کم ۵۵۱٬۰۰۰ تومان است',
    });
    expect(evaluateDiscount(code({ minCartRial: 5_500_000 }), cart, null, now).ok).toBe(true);
  });

  test('describes itself in Persian', () => {
    expect(describeDiscount(code({ value: 30, maxDiscountRial: 3_000_000 }))).toBe(
      '۳۰٪ تخفیف تا سقف ۳۰۰٬۰۰۰ تومان',
    );
    expect(describeDiscount(code({ kind: 'fixed', value: 1_500_000 }))).toBe('۱۵۰٬۰۰۰ تومان تخفیف');
  });
});

describe('a personal code (issue 6)', () => {
  const cart = [line(4_000_000, 'builder'), line(1_500_000, 'domains')];
  const owner = 'owner-1';
  const anyCart = fc.array(
    fc.record({
      productId: fc.constantFrom('p1', 'p2'),
      groupId: fc.constantFrom('builder', 'hosting'),
      amountRial: fc.integer({ min: 1, max: 50_000_000 }).map((toman) => toman * 10),
    }),
    { minLength: 1, maxLength: 8 },
  );
  const anyRules = fc.record({
    kind: fc.constantFrom('percent' as const, 'fixed' as const),
    value: fc.integer({ min: 1, max: 100 }),
    usageLimit: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    usedCount: fc.integer({ min: 0, max: 3 }),
    perUserLimit: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
    firstOrderOnly: fc.boolean(),
    endsAt: fc.option(fc.constantFrom(new Date(now.getTime() - 1), new Date(now.getTime() + 1)), {
      nil: null,
    }),
  });
  const anyHistory = fc.record({
    usesOfCode: fc.integer({ min: 0, max: 3 }),
    pendingOrPaidOrders: fc.integer({ min: 0, max: 3 }),
  });

  test('reads as an unknown code to every other account, whatever else holds', () => {
    fc.assert(
      fc.property(
        anyCart,
        anyRules,
        anyHistory,
        fc.string({ minLength: 1 }),
        (items, rules, history, other) => {
          fc.pre(other !== owner);
          const outcome = evaluateDiscount(
            code({ ...rules, userId: owner }),
            items,
            { userId: other, ...history },
            now,
          );
          // Told before the window or the uses, in the words of a code that does not exist:
          // another person cannot even learn that it exists (issue 18).
          expect(outcome).toEqual({ ok: false, problem: DISCOUNT_PROBLEMS.unknown });
        },
      ),
    );
  });

  test('for its owner it gives exactly what the same code without an owner gives', () => {
    fc.assert(
      fc.property(anyCart, anyRules, anyHistory, (items, rules, history) => {
        const asOwner = { userId: owner, ...history };
        expect(evaluateDiscount(code({ ...rules, userId: owner }), items, asOwner, now)).toEqual(
          evaluateDiscount(code(rules), items, asOwner, now),
        );
      }),
    );
  });

  test('a visitor and another account are told what a code that does not exist is told', () => {
    expect(evaluateDiscount(code({ userId: owner }), cart, null, now)).toEqual({
      ok: false,
      problem: DISCOUNT_PROBLEMS.unknown,
    });
    expect(evaluateDiscount(code({ userId: owner }), cart, buyer({ userId: 'x' }), now)).toEqual({
      ok: false,
      problem: DISCOUNT_PROBLEMS.unknown,
    });
    // An inactive personal code reads as unknown to everyone, its owner too.
    expect(codeProblem(code({ userId: owner, active: false }), null, now)).toBe(
      DISCOUNT_PROBLEMS.unknown,
    );
  });
});

describe('the rules a buyer meets before any cart (the panel lists a code only when none fails)', () => {
  test('are exactly the refusals evaluateDiscount gives that do not depend on the lines', () => {
    fc.assert(
      fc.property(
        fc.record({
          active: fc.boolean(),
          startsAt: fc.option(fc.constant(new Date(now.getTime() + 1)), { nil: null }),
          endsAt: fc.option(fc.constant(now), { nil: null }),
          usageLimit: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
          usedCount: fc.integer({ min: 0, max: 2 }),
          perUserLimit: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
          firstOrderOnly: fc.boolean(),
          userId: fc.constantFrom(null, 'user-1', 'user-2'),
        }),
        fc.option(
          fc.record({
            userId: fc.constantFrom('user-1', 'user-2'),
            usesOfCode: fc.integer({ min: 0, max: 2 }),
            pendingOrPaidOrders: fc.integer({ min: 0, max: 2 }),
          }),
          { nil: null },
        ),
        (rules, who) => {
          const problem = codeProblem(code(rules), who, now);
          const outcome = evaluateDiscount(code(rules), [line(1_000_000)], who, now);
          if (problem === null) expect(outcome.ok).toBe(true);
          else expect(outcome).toEqual({ ok: false, problem });
        },
      ),
    );
  });
});
