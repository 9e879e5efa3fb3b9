import { NOT_SIGNED_IN_RED_DOT, STAFF_ROLES } from '@vitrin/contracts';
import { useCartLineCount } from '../../features/checkout/api/get-cart';
import { useSession } from '../../lib/app-session';
import { useRedDots } from '../../lib/red-dots';
import { readTokenRole } from '../../lib/session';

export interface NavItem {
  to: string;
  label: string;
  /** Something new waits behind this link (a red dot, spec §3). */
  hasNews?: boolean;
  /** How many things are behind it (the cart's lines), shown beside the text when above 0. */
  count?: number;
}

export const CART_PATH = '/cart';
/** The staff console (issue 8). Only the address: its code loads on its own route. */
export const STAFF_CONSOLE_PATH = '/admin';

const pageItems: readonly NavItem[] = [
  { to: '/', label: 'خانه' },
  { to: '/articles', label: 'مقالات' },
  { to: '/store', label: 'فروشگاه' },
];

/**
 * The site's links; then the account's, or the way in while nobody is signed in; and for staff
 * (support or admin, by the role their access token was issued with) the way to the staff console.
 */
export function useNavItems(): readonly NavItem[] {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const role = signedIn ? readTokenRole(session.identity.jwtToken) : null;
  const isStaff = (STAFF_ROLES as readonly (string | null)[]).includes(role);
  const cartItem: NavItem = { to: CART_PATH, label: 'سبد خرید', count: useCartLineCount() };
  const hasNews = useRedDots().some((dot) => dot.title !== NOT_SIGNED_IN_RED_DOT && dot.value > 0);
  const accountItem: NavItem = signedIn
    ? { to: '/account', label: 'حساب کاربری', hasNews }
    : { to: '/sign-in', label: 'ورود' };
  const staffItems: NavItem[] = isStaff ? [{ to: STAFF_CONSOLE_PATH, label: 'کنسول کارکنان' }] : [];
  return [...pageItems, cartItem, accountItem, ...staffItems];
}
