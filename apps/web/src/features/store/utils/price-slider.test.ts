import { expect, test } from 'vitest';
import { boundsToSlider, priceSliderScale, priceStep, sliderToBounds } from './price-slider';

test('the price slider stops on round prices, about fifty stops end to end', () => {
  expect(priceStep(0, 5_000_000)).toBe(100_000);
  expect(priceStep(99_000, 2_490_000)).toBe(50_000);
  expect(priceStep(100, 110)).toBe(1);
});

test('the slider scale is in Toman and its end reaches the top price', () => {
  const scale = priceSliderScale({ min: 990_000, max: 24_900_000 });
  expect(scale).toEqual({ min: 99_000, max: 2_499_000, step: 50_000 });
  expect(priceSliderScale({ min: 990_000, max: 990_000 })).toBeNull();
});

test('a slider handle at its end is no bound that side', () => {
  const scale = { min: 99_000, max: 2_499_000, step: 50_000 };
  expect(sliderToBounds([99_000, 2_499_000], scale)).toEqual({ minToman: null, maxToman: null });
  expect(sliderToBounds([199_000, 1_049_000], scale)).toEqual({
    minToman: 199_000,
    maxToman: 1_049_000,
  });
  expect(boundsToSlider({ minToman: null, maxToman: 5_000_000 }, scale)).toEqual([
    99_000, 2_499_000,
  ]);
  expect(boundsToSlider({ minToman: 199_000, maxToman: null }, scale)).toEqual([199_000, 2_499_000]);
});
