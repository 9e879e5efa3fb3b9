import { VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './store-badge.module.css';

export type AppStore = 'cafe-bazaar' | 'myket';

interface StoreLook {
  /** The store's name as people say it. */
  name: string;
  /** A colour near the store's own, on a generic icon (no store artwork is copied). */
  color: string;
  glyph: ReactNode;
}

const STORES: Record<AppStore, StoreLook> = {
  'cafe-bazaar': {
    name: 'کافه‌بازار',
    color: '#2fae4e',
    // A shopping bag: a bazaar.
    glyph: (
      <>
        <path d="M11 17h18l-1.6 14a2 2 0 0 1-2 1.8H14.6a2 2 0 0 1-2-1.8z" />
        <path d="M15.5 17v-2.5a4.5 4.5 0 0 1 9 0V17" />
      </>
    ),
  },
  myket: {
    name: 'مایکت',
    color: '#2f6fe4',
    // An arrow down into a tray: something to install.
    glyph: (
      <>
        <path d="M20 9.5v14M14.5 18.5l5.5 5.5 5.5-5.5" />
        <path d="M11 25v4.5a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V25" />
      </>
    ),
  },
};

/** «دریافت از کافه‌بازار»: the accessible name of a store's badge link. */
export function storeBadgeLabel(store: AppStore): string {
  return `دریافت از ${STORES[store].name}`;
}

/**
 * A store badge drawn here: a dark pill with a generic icon in the store's colour and
 * «دریافت از …» in the page's font, linking to the app's page on that store.
 */
export function StoreBadge({ store, href }: { store: AppStore; href: string }) {
  const look = STORES[store];
  return (
    <a className={classes.badge} href={href} target="_blank" rel="noopener noreferrer">
      <VisuallyHidden>{storeBadgeLabel(store)}</VisuallyHidden>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="188"
        height="56"
        viewBox="0 0 188 56"
        aria-hidden="true"
        focusable="false"
      >
        <rect x="0.5" y="0.5" width="187" height="55" rx="12" fill="#111827" stroke="#4b5563" />
        <g transform="translate(136 8)">
          <rect width="40" height="40" rx="10" fill={look.color} />
          <g
            fill="none"
            stroke="#fff"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            {look.glyph}
          </g>
        </g>
        <text x="124" y="24" direction="rtl" textAnchor="start" fontSize="11" fill="#d1d5db">
          دریافت از
        </text>
        <text
          x="124"
          y="45"
          direction="rtl"
          textAnchor="start"
          fontSize="20"
          fontWeight="800"
          fill="#fff"
        >
          {look.name}
        </text>
      </svg>
    </a>
  );
}
