import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ApiRequestError, type CallOptions, callApi, showApiErrorToast } from '../../../lib/http';

export type Cart = PathResult<'/api/cart/get-cart'>;

/** The calls that answer with the whole cart and take a visitor's cart token. */
export type CartPath =
  | '/api/cart/get-cart'
  | '/api/cart/add-to-cart'
  | '/api/cart/add-domain-to-cart'
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
  const send = (token: string | undefined, silent: boolean): Promise<Cart> => {
    const body = (token ? { ...input, cartToken: token } : input) as PathInput<P>;
    const callOptions = { ...options, silent };
    return userId ? callAsUser(path, body, callOptions) : callApi(path, body, callOptions);
  };
  let cart: Cart;
  try {
    cart = await send(cartToken, true);
  } catch (error) {
    // A stored token the server cannot read (altered by hand, or from an older build) would
    // fail every cart call from now on: it names no cart, so it goes, and the call is made
    // once more without it.
    if (error instanceof ApiRequestError && error.fields?.cartToken) {
      forgetCartToken(cartToken);
      cart = await send(undefined, options.silent ?? false);
    } else {
      if (!options.silent) showApiErrorToast(error);
      throw error;
    }
  }
  if (cart.cartToken) writeCartToken(cart.cartToken);
  else forgetCartToken(cartToken);
  return cart;
}
