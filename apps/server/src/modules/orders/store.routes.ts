import {
  addCredit,
  addToCart,
  applyDiscountCodeInCart,
  cancelOrder,
  cartOrderGetDetail,
  deleteCartProducts,
  getCart,
  getCartUser,
  getCreditTransactions,
  getPaymentMethods,
  payOrder,
  RED_DOT_UNPAID_ORDERS,
  submitOrder,
  TOAST_SUCCESS,
  updateCartProduct,
  updateCartUser,
  userOrderGetDetail,
  useWalletInOrder,
  verifyPayOrder,
} from '@vitrin/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { registerCall } from '../../lib/register-call';
import { readOptionalUser, withUser } from '../../plugins/auth';
import { paymentMethodsFor } from '../billing';
import { listTransactions, readBalance } from '../wallet';
import * as cart from './cart.service';
import { deleteStaleVisitorCarts } from './checkout.jobs';
import * as ordersService from './orders.service';
import * as paymentsService from './payments.service';

/** Cart calls serve visitors and signed-in people alike (decision 0011). */
async function cartOwner(
  app: FastifyInstance,
  request: FastifyRequest,
  cartToken: string | undefined,
): Promise<cart.CartOwner> {
  const user = await readOptionalUser(app, request);
  return { userId: user?.id ?? null, cartToken };
}

/** Registered with fastify-plugin so that `app.checkoutJob` is visible to the whole app. */
export const checkoutRoutes = fp(registerCheckout, {
  name: 'checkout',
  dependencies: ['payments', 'red-dots', 'auth'],
});

async function registerCheckout(app: FastifyInstance) {
  const cartLimit = { max: 60, timeWindowMs: 60_000 };

  registerCall(app, getCart, async (input, { request }) =>
    cart.getCartView(app.db, await cartOwner(app, request, input.cartToken)),
  );
  registerCall(
    app,
    addToCart,
    async ({ cartToken, ...line }, { request }) =>
      cart.addToCart(app.db, await cartOwner(app, request, cartToken), line),
    { successMessage: 'به سبد خرید افزوده شد', rateLimit: cartLimit },
  );
  registerCall(
    app,
    updateCartProduct,
    async ({ cartToken, ...change }, { request }) =>
      cart.updateCartLine(app.db, await cartOwner(app, request, cartToken), change),
    { rateLimit: cartLimit },
  );
  registerCall(
    app,
    deleteCartProducts,
    async ({ cartToken, lineIds }, { request }) =>
      cart.deleteCartLines(app.db, await cartOwner(app, request, cartToken), lineIds),
    { successMessage: TOAST_SUCCESS, rateLimit: cartLimit },
  );
  registerCall(
    app,
    applyDiscountCodeInCart,
    async ({ cartToken, code }, { request }) =>
      cart.applyDiscountCode(app.db, await cartOwner(app, request, cartToken), code),
    // Guessing codes is the abuse here: few tries per address.
    { successMessage: TOAST_SUCCESS, rateLimit: { max: 10, timeWindowMs: 60_000 } },
  );

  registerCall(
    app,
    verifyPayOrder,
    ({ authority }) => paymentsService.verifyPayment(app.payments, authority),
    { rateLimit: { max: 30, timeWindowMs: 60_000 } },
  );

  await withUser(app, async (scope) => {
    registerCall(scope, getCartUser, (_input, { user }) =>
      ordersService.getBuyerDetails(app.db, user.id),
    );
    registerCall(
      scope,
      updateCartUser,
      (details, { user }) => ordersService.updateBuyerDetails(app.db, user.id, details),
      { successMessage: TOAST_SUCCESS },
    );
    registerCall(
      scope,
      submitOrder,
      ({ cartToken }, { user }) =>
        ordersService.submitOrder(app.db, { userId: user.id, cartToken }),
      { successMessage: 'سفارش شما ثبت شد', rateLimit: { max: 20, timeWindowMs: 60_000 } },
    );
    const orderDetail = ({ orderId }: { orderId: string }, { user }: { user: { id: string } }) =>
      ordersService.getOrderDetail(app.db, user.id, orderId);
    registerCall(scope, cartOrderGetDetail, orderDetail);
    registerCall(scope, userOrderGetDetail, orderDetail);
    registerCall(
      scope,
      cancelOrder,
      ({ orderId }, { user }) => ordersService.cancelOrder(app.db, user.id, orderId),
      { successMessage: 'سفارش لغو شد' },
    );
    registerCall(
      scope,
      useWalletInOrder,
      (input, { user }) => ordersService.useWalletInOrder(app.db, user.id, input),
      { successMessage: TOAST_SUCCESS, rateLimit: { max: 20, timeWindowMs: 60_000 } },
    );
    registerCall(
      scope,
      payOrder,
      ({ orderId, gateway }, { user }) =>
        paymentsService.startOrderPayment(app.payments, user.id, orderId, new Date(), gateway),
      { rateLimit: { max: 20, timeWindowMs: 60_000 } },
    );

    registerCall(scope, getPaymentMethods, () => paymentMethodsFor(app.db, app.payments.available));

    registerCall(
      scope,
      addCredit,
      ({ amountRial, gateway }, { user }) =>
        paymentsService.startTopUp(app.payments, user.id, amountRial, gateway),
      { rateLimit: { max: 20, timeWindowMs: 60_000 } },
    );
    registerCall(scope, getCreditTransactions, async (paging, { user }) => {
      const [page, balanceRial] = await Promise.all([
        listTransactions(app.db, user.id, paging),
        readBalance(app.db, user.id),
      ]);
      return {
        items: page.items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })),
        total: page.total,
        ...(page.totalIsEstimate ? { totalIsEstimate: true } : {}),
        page: paging.page,
        pageSize: paging.pageSize,
        nextCursor: page.nextCursor,
        balanceRial,
      };
    });
  });

  app.redDots.addSource(async (db, user) => [
    { title: RED_DOT_UNPAID_ORDERS, value: await ordersService.countUnpaidOrders(db, user.id) },
  ]);

  const checkoutJob = app.jobs.periodic('orders.checkout', app.config.jobsIntervalMs, async () => {
    await ordersService.expireOrders(app.db);
    await paymentsService.reconcilePayments(app.payments);
    await deleteStaleVisitorCarts(app.db);
  });
  app.decorate('checkoutJob', checkoutJob);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The checkout's background work, run once by hand (tests, an operator). */
    checkoutJob: { runOnce(): Promise<boolean> };
  }
}
