import { formatToman, toPersianDigits } from '@vitrin/fa';

/** A discount code as its rules need it (a row of `discount_codes`). */
export interface DiscountCode {
  id: string;
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  maxDiscountRial: number | null;
  minCartRial: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  usedCount: number;
  perUserLimit: number | null;
  productIds: string[];
  groupIds: string[];
  firstOrderOnly: boolean;
  active: boolean;
  /** A personal code (issue 6): only this account may use it. */
  userId: string | null;
}

/** A priced line the code may cover. */
export interface DiscountableLine {
  productId: string;
  groupId: string;
  /** price + setup fee + theme: what the line costs before the discount. */
  amountRial: number;
}

/** What is known about the buyer when a rule needs it; null for a visitor. */
export interface BuyerHistory {
  /** The buyer's account: a personal code is theirs alone. */
  userId: string;
  /** Orders of this buyer that used this code and still hold it (pending or paid). */
  usesOfCode: number;
  /**
   * Orders of this buyer that are paid or waiting for payment. A pending first order counts:
   * otherwise every order submitted before the first is paid would be a "first order".
   */
  pendingOrPaidOrders: number;
}

export type DiscountOutcome =
  | { ok: true; amountRial: number; perLine: number[] }
  | { ok: false; problem: string };

export const DISCOUNT_PROBLEMS = {
  unknown: 'کد تخفیف معتبر نیست',
  notStarted: 'این کد تخفیف هنوز فعال نشده است',
  ended: 'مهلت استفاده از این کد تخفیف تمام شده است',
  usedUp: 'ظرفیت استفاده از این کد تخفیف تکمیل شده است',
  perUser: 'سهم شما از این کد تخفیف پیش‌تر استفاده شده است',
  firstOrder: 'این کد تخفیف فقط برای نخستین سفارش است',
  noLines: 'این کد تخفیف شامل محصولات سبد شما نمی‌شود',
} as const;

/** «۲۰٪ تخفیف تا سقف ۵۰۰٬۰۰۰ تومان», «۱۰۰٬۰۰۰ تومان تخفیف». */
export function describeDiscount(code: DiscountCode): string {
  if (code.kind === 'fixed') return `${formatToman(code.value)} تخفیف`;
  const percent = `${toPersianDigits(String(code.value))}٪ تخفیف`;
  return code.maxDiscountRial === null
    ? percent
    : `${percent} تا سقف ${formatToman(code.maxDiscountRial)}`;
}

/**
 * Checks every rule of a code against a cart and computes its discount, split over the lines
 * it covers (largest remainder, so the parts add up to the whole exactly). `buyer` is null for
 * a visitor: the per-user and first-order rules are checked once they sign in, and a personal
 * code is unknown until its owner signs in.
 */
export function evaluateDiscount(
  code: DiscountCode,
  lines: readonly DiscountableLine[],
  buyer: BuyerHistory | null,
  now: Date,
): DiscountOutcome {
  const problem = codeProblem(code, buyer, now);
  if (problem) return { ok: false, problem };
  const subtotal = lines.reduce((sum, line) => sum + line.amountRial, 0);
  if (code.minCartRial !== null && subtotal < code.minCartRial) {
    return {
      ok: false,
      problem: `این کد تخفیف برای خریدهای دست‌کم ${formatToman(code.minCartRial)} است`,
    };
  }
  const restricted = code.productIds.length > 0 || code.groupIds.length > 0;
  const covered = lines.map(
    (line) =>
      !restricted ||
      code.productIds.includes(line.productId) ||
      code.groupIds.includes(line.groupId),
  );
  const base = lines.reduce((sum, line, index) => sum + (covered[index] ? line.amountRial : 0), 0);
  if (base === 0) return { ok: false, problem: DISCOUNT_PROBLEMS.noLines };

  let amount =
    code.kind === 'percent' ? Math.floor((base * code.value) / 100) : Math.min(code.value, base);
  if (code.maxDiscountRial !== null) amount = Math.min(amount, code.maxDiscountRial);
  // People read Toman: a discount in whole Toman shows, to the Rial, what the server charges.
  amount = Math.floor(amount / RIAL_PER_TOMAN) * RIAL_PER_TOMAN;
  if (amount === 0) return { ok: false, problem: DISCOUNT_PROBLEMS.noLines };
  const perLine = splitByWeight(amount / RIAL_PER_TOMAN, lines, covered, base).map(
    (toman) => toman * RIAL_PER_TOMAN,
  );
  return { ok: true, amountRial: amount, perLine };
}

/**
 * The rules that do not depend on the cart: whether this buyer (null: a visitor) may use the
 * code at all now. Null when they may; the panel lists a code only then.
 */
export function codeProblem(code: DiscountCode, buyer: BuyerHistory | null, now: Date) {
  if (!code.active) return DISCOUNT_PROBLEMS.unknown;
  // Someone else's personal code reads exactly as a code that does not exist (issue 18): checked
  // before the window and the uses, and told with the same words, so nobody learns it exists.
  if (code.userId !== null && buyer?.userId !== code.userId) return DISCOUNT_PROBLEMS.unknown;
  if (code.startsAt && now < code.startsAt) return DISCOUNT_PROBLEMS.notStarted;
  if (code.endsAt && now >= code.endsAt) return DISCOUNT_PROBLEMS.ended;
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) {
    return DISCOUNT_PROBLEMS.usedUp;
  }
  if (buyer) {
    if (code.perUserLimit !== null && buyer.usesOfCode >= code.perUserLimit) {
      return DISCOUNT_PROBLEMS.perUser;
    }
    if (code.firstOrderOnly && buyer.pendingOrPaidOrders > 0) return DISCOUNT_PROBLEMS.firstOrder;
  }
  return null;
}

const RIAL_PER_TOMAN = 10;

/** Splits `amount` (whole Toman) over the covered lines in proportion to their amounts, to the Rial. */
function splitByWeight(
  amount: number,
  lines: readonly DiscountableLine[],
  covered: readonly boolean[],
  base: number,
): number[] {
  const exact = lines.map((line, index) =>
    covered[index] ? (amount * line.amountRial) / base : 0,
  );
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .filter(({ index }) => covered[index])
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}
