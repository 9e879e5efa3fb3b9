import { formatAmount, toInteger } from './amount';

// Spec §9: thousands as 'هزار', then millions, billions and thousand-billions. Ones have no name.
const UNITS = [
  { size: 1n, name: '' },
  { size: 1_000n, name: 'هزار' },
  { size: 1_000_000n, name: 'میلیون' },
  { size: 1_000_000_000n, name: 'میلیارد' },
  { size: 1_000_000_000_000n, name: 'هزار میلیارد' },
] as const;

type Unit = (typeof UNITS)[number];

/**
 * Shortens a Toman price to at most two unit groups, e.g. '۱ میلیون و ۹۹۰ هزار'; the rest is
 * rounded half up to the second group's unit.
 */
export function shortenPrice(toman: number | bigint): string {
  const amount = toInteger(toman);
  if (amount < 0n) throw new RangeError(`Price must not be negative, got ${amount}`);
  if (amount < 1_000n) return formatAmount(amount);

  const lower = UNITS[leadingUnitIndex(amount) - 1] ?? UNITS[0];
  // Rounding can carry into a larger unit (999_999_600 → 1_000_000_000), so the leading unit is
  // chosen again from the rounded amount.
  const rounded = ((amount + lower.size / 2n) / lower.size) * lower.size;
  const leadIndex = leadingUnitIndex(rounded);
  const lead = UNITS[leadIndex] ?? UNITS[0];
  const next = UNITS[leadIndex - 1] ?? UNITS[0];

  const leadText = group(rounded / lead.size, lead);
  const nextCount = (rounded % lead.size) / next.size;
  return nextCount === 0n ? leadText : `${leadText} و ${group(nextCount, next)}`;
}

function leadingUnitIndex(amount: bigint): number {
  return UNITS.findLastIndex((unit) => unit.size <= amount);
}

function group(count: bigint, unit: Unit): string {
  return unit.name === '' ? formatAmount(count) : `${formatAmount(count)} ${unit.name}`;
}
