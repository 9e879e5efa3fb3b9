import {
  PAGES,
  RED_DOT_EXPIRING_SERVICES,
  RED_DOT_PROFILE_INCOMPLETE,
  RED_DOT_UNPAID_ORDERS,
  RED_DOT_UNREAD_TICKETS,
} from '@vitrin/contracts';
import type { ComponentType } from 'react';
import {
  CREDIT_PATH,
  DISCOUNTS_PATH,
  DOCUMENTS_PATH,
  LIVE_PATH,
  ORDERS_PATH,
  PANEL_PATH,
  PROFILE_PATH,
  SERVICES_PATH,
  TICKETS_PATH,
} from '../../lib/panel-paths';
import { useRedDots } from '../../lib/red-dots';
import {
  ActivityIcon,
  BagIcon,
  DiscountIcon,
  FileTextIcon,
  GlobeIcon,
  GridIcon,
  HeadsetIcon,
  ServerIcon,
  UserIcon,
  WalletIcon,
} from '../../ui/icons';
import type { NavItem } from './nav-links';

export interface PanelNavItem extends NavItem {
  icon: ComponentType<{ size?: number }>;
  /** Active only on its own address, not on the pages under it. */
  end?: boolean;
}

interface PanelLink {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
  /** The spec §3 red dot that marks news behind this link. */
  redDot?: string;
  end?: boolean;
}

const panelLinks: readonly PanelLink[] = [
  { to: PANEL_PATH, label: 'پیشخوان', icon: GridIcon, end: true },
  { to: SERVICES_PATH, label: 'سرویس‌ها', icon: ServerIcon, redDot: RED_DOT_EXPIRING_SERVICES },
  { to: PAGES.myDomains, label: 'دامنه‌ها', icon: GlobeIcon },
  { to: LIVE_PATH, label: 'بازدیدکنندگان زنده', icon: ActivityIcon },
  { to: ORDERS_PATH, label: 'سفارش‌ها', icon: BagIcon, redDot: RED_DOT_UNPAID_ORDERS },
  { to: DOCUMENTS_PATH, label: 'صورتحساب‌ها', icon: FileTextIcon },
  { to: DISCOUNTS_PATH, label: 'تخفیف‌ها', icon: DiscountIcon },
  { to: CREDIT_PATH, label: 'کیف پول', icon: WalletIcon },
  {
    to: TICKETS_PATH,
    label: 'تیکت‌های پشتیبانی',
    icon: HeadsetIcon,
    redDot: RED_DOT_UNREAD_TICKETS,
  },
  { to: PROFILE_PATH, label: 'حساب کاربری', icon: UserIcon, redDot: RED_DOT_PROFILE_INCOMPLETE },
];

/** The customer panel's sections, each with its red dot when the server reports news there. */
export function usePanelNavItems(): readonly PanelNavItem[] {
  const redDots = useRedDots();
  return panelLinks.map(({ redDot, ...link }) => ({
    ...link,
    hasNews: redDot !== undefined && redDots.some((dot) => dot.title === redDot && dot.value > 0),
  }));
}
