import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { type CallOptions, callApi } from '../../../lib/http';

export type Cart = PathResult<'/api/cart/get-cart'>;

/** The calls that answer with the whole cart and take a visitor's cart token. */
export type CartPath =
  | '/api/cart/get-cart'
  | '/api/cart/add-to-cart'
  | '/api/cart/update-cart-product'
  | '/api/cart/delete-cart-products'
  | '/api/cart/apply-discount-code-in-cart';

/** What a cart call needs besides the token, which this module adds itself. */
export type CartInput<P extends CartPath> = Omit<PathInput<P>, 'cartToken'>;

const CART_TOKEN_KEY = 'vitrin.cartToken';

// Storage can be blocked (private windows, strict settings): a visitor then keeps the cart
// until the page closes, through the query cache, and nothing breaks.
export function readCartToken(): string | undefined {
  try {
    return window.localStorage.getItem(CART_TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function writeCartToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(CART_TOKEN_KEY, token);
    else window.localStorage.removeItem(CART_TOKEN_KEY);
  } catch {
    // See readCartToken.
  }
}

/**
 * Forgets the token a call sent when the server has taken its cart over: merged into the
 * account's cart, or submitted as an order. Only that token: one issued meanwhile by another
 * call stays.
 */
export function forgetCartToken(sent: string | undefined): void {
  if (sent !== undefined && readCartToken() === sent) writeCartToken(null);
}

/** The key of the cart shown to `userId`; the visitor's is its own, so signing in refetches. */
export function cartQueryKey(userId: string | null) {
  return ['cart', userId ?? 'visitor'] as const;
}

/**
 * One cart call (docs/decisions/0011): as the signed-in user with their access token, or as a
 * visitor, and in both cases with the visitor's stored cart token. A visitor keeps the token
 * the answer names; a signed-in caller's answer says null once the server has merged the
 * visitor's cart into the account's, and the token is forgotten.
 *
 * `userId` is the person the cart is shown to (from the query key), not read from the session
 * here, so an answer is never stored under someone else's key while the session changes.
 */
export async function callCart<P extends CartPath>(
  path: P,
  input: CartInput<P>,
  userId: string | null,
  options: Omit<CallOptions, 'accessToken'> = {},
): Promise<Cart> {
  const cartToken = readCartToken();
  const body = (cartToken ? { ...input, cartToken } : input) as PathInput<P>;
  const cart: Cart = userId
    ? await callAsUser(path, body, options)
    : await callApi(path, body, options);
  if (cart.cartToken) writeCartToken(cart.cartToken);
  else forgetCartToken(cartToken);
  return cart;
}
