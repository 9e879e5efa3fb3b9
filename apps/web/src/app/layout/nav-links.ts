import { NOT_SIGNED_IN_RED_DOT } from '@vitrin/contracts';
import { useCartLineCount } from '../../features/checkout/api/get-cart';
import { useSession } from '../../lib/app-session';
import { useRedDots } from '../../lib/red-dots';

export interface NavItem {
  to: string;
  label: string;
  /** Something new waits behind this link (a red dot, spec §3). */
  hasNews?: boolean;
  /** How many things are behind it (the cart's lines), shown beside the text when above 0. */
  count?: number;
}

export const CART_PATH = '/cart';

const pageItems: readonly NavItem[] = [
  { to: '/', label: 'خانه' },
  { to: '/articles', label: 'مقالات' },
  { to: '/store', label: 'فروشگاه' },
];

/** The site's links; the last one is the account's, or the way in while nobody is signed in. */
export function useNavItems(): readonly NavItem[] {
  const signedIn = useSession().status === 'signed-in';
  const cartItem: NavItem = { to: CART_PATH, label: 'سبد خرید', count: useCartLineCount() };
  const hasNews = useRedDots().some((dot) => dot.title !== NOT_SIGNED_IN_RED_DOT && dot.value > 0);
  const accountItem: NavItem = signedIn
    ? { to: '/account', label: 'حساب کاربری', hasNews }
    : { to: '/sign-in', label: 'ورود' };
  return [...pageItems, cartItem, accountItem];
}
