import type { CallPath, PathInput, PathResult } from '@vitrin/contracts';
import { expect, test } from 'vitest';
import { postJson, setupTestApp } from '../../test/test-app';
import { walletsOutOfBalance } from '../wallet/wallet.service';
import { checkoutInvariantViolations } from './invariants';

const t = setupTestApp({ seedDemoData: true });

async function call<P extends CallPath>(
  path: P,
  body: PathInput<P>,
  token?: string,
): Promise<PathResult<P>> {
  const response = await postJson(
    t.app,
    path,
    body,
    token ? { authorization: `Bearer ${token}` } : {},
  );
  expect(response.statusCode, `${path} ${response.body}`).toBe(200);
  return response.json().data as PathResult<P>;
}

test('a visitor fills a cart, signs in, buys with a code through the sandbox gateway', async () => {
  const product = await call('/api/store/get-product', { slug: 'builder-business' });
  const themes = await call('/api/store/get-product-themes', { productSlug: 'builder-business' });
  const visitorCart = await call('/api/cart/add-to-cart', {
    productId: product.id,
    cycle: 'annual',
    themeId: themes.items[0]?.id,
    domainName: 'WWW.My-Shop.IR',
  });
  expect(visitorCart.cartToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(visitorCart.lines[0]?.domainName).toBe('my-shop.ir');
  const withCode = await call('/api/cart/apply-discount-code-in-cart', {
    cartToken: visitorCart.cartToken ?? undefined,
    code: 'vitrin10',
  });
  expect(withCode.discount?.valid).toBe(true);
  expect(withCode.discountRial).toBe(Math.floor(withCode.subtotalRial / 10));

  const identity = await call('/api/jwt/authenticate', {
    username: '09121234567',
    password: 'vitrin-demo-1405',
  });
  const merged = await call(
    '/api/cart/get-cart',
    { cartToken: visitorCart.cartToken ?? undefined },
    identity.jwtToken,
  );
  expect(merged.cartToken).toBeNull();
  expect(merged.lines.map((line) => line.domainName)).toEqual(['my-shop.ir']);
  expect(merged.totalRial).toBe(withCode.totalRial);

  const order = await call('/api/cart/submit-order', {}, identity.jwtToken);
  expect(order.status).toBe('pending');
  expect(order.totalRial).toBe(withCode.totalRial);
  expect(order.discountCode).toBe('VITRIN10');

  const started = await call('/api/pay/pay-order', { orderId: order.id }, identity.jwtToken);
  expect(started.amountRial).toBe(order.totalRial);
  const pagePath = new URL(started.redirectUrl).pathname;
  const gatewayPage = await t.app.inject({ method: 'GET', url: pagePath });
  expect(gatewayPage.statusCode).toBe(200);
  expect(gatewayPage.body).toContain('پرداخت موفق');
  const chosen = await t.app.inject({
    method: 'POST',
    url: pagePath,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'choice=pay',
  });
  expect(chosen.statusCode).toBe(303);
  const back = new URL(chosen.headers.location as string);
  expect(back.pathname).toBe('/pay/callback');
  expect(back.searchParams.get('Status')).toBe('OK');

  const authority = back.searchParams.get('Authority') ?? '';
  const verified = await call('/api/pay/verify-pay-order', { authority, status: 'OK' });
  expect(verified).toMatchObject({ status: 'paid', orderId: order.id, creditedToWallet: false });
  const again = await call('/api/pay/verify-pay-order', { authority, status: 'OK' });
  expect(again.status).toBe('paid');

  const detail = await call(
    '/api/user/orders/order-get-detail',
    { orderId: order.id },
    identity.jwtToken,
  );
  expect(detail.status).toBe('paid');
  expect(detail.gatewayPaidRial).toBe(order.totalRial);
  expect(detail.payments).toHaveLength(1);
  const info = await call('/api/user/get-user-info', {}, identity.jwtToken);
  // The seed's five services (website, domain, hosting, an expired hosting plan, business
  // e-mail) and this one.
  expect(info.servicesCount).toBe(6);
  expect(await walletsOutOfBalance(t.app.db)).toEqual([]);
  expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  expect(await t.app.checkoutJob.runOnce()).toBe(true);
});
