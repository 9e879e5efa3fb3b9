import { expect, test } from 'vitest';
import {
  boundsToSlider,
  priceSliderScale,
  priceStep,
  sliderPrice,
  sliderToBounds,
} from './price-slider';

test('the price slider stops on round prices, about fifty stops end to end', () => {
  expect(priceStep(0, 5_000_000)).toBe(100_000);
  expect(priceStep(99_000, 2_490_000)).toBe(50_000);
  expect(priceStep(100, 110)).toBe(1);
});

test('the slider scale is in Toman, widened to whole steps at both ends', () => {
  const scale = priceSliderScale({ min: 1_090_000, max: 46_900_000 });
  expect(scale).toEqual({
    min: 100_000,
    max: 4_700_000,
    step: 100_000,
    bottom: 109_000,
    top: 4_690_000,
  });
  expect(priceSliderScale({ min: 990_000, max: 990_000 })).toBeNull();
});

test("a handle at an end reads as the list's own lowest or highest price", () => {
  const scale = { min: 100_000, max: 4_700_000, step: 100_000, bottom: 109_000, top: 4_690_000 };
  expect(sliderPrice(100_000, scale)).toBe(109_000);
  expect(sliderPrice(4_700_000, scale)).toBe(4_690_000);
  expect(sliderPrice(1_500_000, scale)).toBe(1_500_000);
});

test('a slider handle at its end is no bound that side', () => {
  const scale = { min: 100_000, max: 4_700_000, step: 100_000, bottom: 109_000, top: 4_690_000 };
  expect(sliderToBounds([100_000, 4_700_000], scale)).toEqual({ minToman: null, maxToman: null });
  expect(sliderToBounds([200_000, 1_000_000], scale)).toEqual({
    minToman: 200_000,
    maxToman: 1_000_000,
  });
  expect(boundsToSlider({ minToman: null, maxToman: 9_000_000 }, scale)).toEqual([
    100_000, 4_700_000,
  ]);
  expect(boundsToSlider({ minToman: 200_000, maxToman: null }, scale)).toEqual([
    200_000, 4_700_000,
  ]);
});
