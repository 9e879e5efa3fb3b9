import { rialToTomanNumber } from '../../../lib/money';

const STEPS_ACROSS = 50;

/**
 * A round step in Toman for a price slider across `min`…`max` (one, two or five times a power
 * of ten), so the handles stop on prices people write, about fifty stops end to end.
 */
export function priceStep(minToman: number, maxToman: number): number {
  const rough = Math.max(1, (maxToman - minToman) / STEPS_ACROSS);
  const power = 10 ** Math.floor(Math.log10(rough));
  const [step] = [1, 2, 5, 10].map((factor) => factor * power).filter((s) => s >= rough);
  return step ?? 10 * power;
}

export interface PriceSliderScale {
  /** The slider's ends: the lowest and highest price widened to whole steps, so every stop is
   * a round price and both ends can be reached. */
  min: number;
  max: number;
  step: number;
  /** The lowest and highest price in the list, shown when a handle sits at its end. */
  bottom: number;
  top: number;
}

/** The slider's scale in Toman for the list's price range in Rial; null when all cost the same. */
export function priceSliderScale(range: { min: number; max: number }): PriceSliderScale | null {
  const bottom = rialToTomanNumber(range.min);
  const top = rialToTomanNumber(range.max);
  if (top <= bottom) return null;
  const step = priceStep(bottom, top);
  return {
    min: Math.floor(bottom / step) * step,
    max: Math.ceil(top / step) * step,
    step,
    bottom,
    top,
  };
}

/** What a handle's position reads as: at an end, the list's own lowest or highest price. */
export function sliderPrice(position: number, scale: PriceSliderScale): number {
  if (position <= scale.min) return scale.bottom;
  if (position >= scale.max) return scale.top;
  return position;
}

/**
 * A slider position as the address's bounds: a handle at its end means no bound that side, so a
 * product added at a higher price later is not filtered out by a stale link.
 */
export function sliderToBounds(
  [low, high]: [number, number],
  scale: PriceSliderScale,
): { minToman: number | null; maxToman: number | null } {
  return {
    minToman: low <= scale.min ? null : low,
    maxToman: high >= scale.max ? null : high,
  };
}

/** The address's bounds as a slider position, clamped to the scale. */
export function boundsToSlider(
  bounds: { minToman: number | null; maxToman: number | null },
  scale: PriceSliderScale,
): [number, number] {
  const clamp = (value: number) => Math.min(scale.max, Math.max(scale.min, value));
  return [clamp(bounds.minToman ?? scale.min), clamp(bounds.maxToman ?? scale.max)];
}
