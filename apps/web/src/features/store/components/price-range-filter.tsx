import { RangeSlider, Stack, Text } from '@mantine/core';
import { shortenPrice } from '@vitrin/fa';
import { useEffect, useMemo, useState } from 'react';
import {
  boundsToSlider,
  type PriceSliderScale,
  priceSliderScale,
  sliderPrice,
  sliderToBounds,
} from '../utils/price-slider';

interface PriceBounds {
  minToman: number | null;
  maxToman: number | null;
}

interface PriceRangeFilterProps {
  /** The lowest and highest starting price in the list, in Rial (the API's priceRange). */
  range: { min: number; max: number };
  value: PriceBounds;
  onChange: (bounds: PriceBounds) => void;
}

const short = (toman: number) => `${shortenPrice(toman)} تومان`;

/** A price range in Toman on a two-handled slider; the list follows when a handle is let go. */
export function PriceRangeFilter({ range, value, onChange }: PriceRangeFilterProps) {
  const scale = priceSliderScale(range);
  if (!scale) return null;
  return <PriceSlider {...scale} value={value} onChange={onChange} />;
}

interface PriceSliderProps extends PriceSliderScale {
  value: PriceBounds;
  onChange: (bounds: PriceBounds) => void;
}

function PriceSlider({ min, max, step, bottom, top, value, onChange }: PriceSliderProps) {
  const { minToman, maxToman } = value;
  const scale = useMemo(() => ({ min, max, step, bottom, top }), [min, max, step, bottom, top]);
  const priceAt = (position: number) => short(sliderPrice(position, scale));
  const [position, setPosition] = useState(() => boundsToSlider(value, scale));

  // The bounds changed elsewhere (back, "clear filters", another group's range): follow them.
  useEffect(() => {
    setPosition(boundsToSlider({ minToman, maxToman }, scale));
  }, [minToman, maxToman, scale]);

  return (
    <Stack gap={6}>
      <Text component="span" size="sm" fw={500} id="price-range-label">
        بازهٔ قیمت
      </Text>
      <Text size="sm" c="dimmed" aria-live="polite">
        از {priceAt(position[0])} تا {priceAt(position[1])}
      </Text>
      <RangeSlider
        aria-labelledby="price-range-label"
        min={min}
        max={max}
        step={step}
        minRange={step}
        value={position}
        onChange={setPosition}
        onChangeEnd={(next) => onChange(sliderToBounds(next, scale))}
        label={priceAt}
        thumbFromLabel="کمترین قیمت"
        thumbToLabel="بیشترین قیمت"
        mx={8}
        mt={4}
        mb="xs"
      />
    </Stack>
  );
}
