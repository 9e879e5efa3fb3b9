import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { mediaUrl } from '../lib/media-url';
import classes from './catalog-card.module.css';

interface ProductIconProps {
  src: string | null | undefined;
  size: number;
  /** Drawn on the same square instead, when there is no icon (`src` empty). */
  fallback?: ReactNode;
}

/** A product's icon from the media folder, on its light square. */
export function ProductIcon({ src, size, fallback }: ProductIconProps) {
  const box = { width: size, height: size };
  if (fallback !== undefined && !src) {
    return (
      <Group className={classes.icon} style={box} justify="center" c="brand.7" aria-hidden="true">
        {fallback}
      </Group>
    );
  }
  return (
    <img
      src={mediaUrl(src) ?? undefined}
      alt=""
      width={size}
      height={size}
      className={classes.icon}
      style={box}
    />
  );
}
