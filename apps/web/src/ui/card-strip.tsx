import type { CSSProperties, ReactNode } from 'react';
import classes from './card-strip.module.css';

/**
 * Cards side by side: a sideways-scrolling row on phones, a grid of `columns` on wide screens.
 * Every card holds a link, so keyboard focus moving along the row scrolls it too.
 */
export function CardStrip({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <div className={classes.strip} style={{ '--strip-columns': columns } as CSSProperties}>
      {children}
    </div>
  );
}
