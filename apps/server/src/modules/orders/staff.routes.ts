import {
  adminCancelOrder,
  adminCreateDiscountCode,
  adminExportOrdersCsv,
  adminGetDiscountCode,
  adminGetOrder,
  adminListDiscountCodes,
  adminListOrders,
  adminRefundOrder,
  adminSetDiscountCodeActive,
  adminUpdateDiscountCode,
  ORDERS_CSV_MAX_ROWS,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall, registerFileCall } from '../../lib/register-call';
import { tehranDay } from '../../lib/tehran-days';
import { withUser } from '../../plugins/auth';
import {
  createDiscountCode,
  getDiscountCodeView,
  listDiscountCodes,
  setDiscountCodeActive,
  updateDiscountCode,
} from './discount-codes.service';
import { ordersCsv, ordersCsvFileName } from './orders-csv';
import {
  cancelOrderAsStaff,
  findOrders,
  getStaffOrderDetail,
  refundOrder,
} from './staff-orders.service';

/** The staff console's orders, discount codes and dashboard (issue 8). */
export async function staffOrdersRoutes(app: FastifyInstance): Promise<void> {
  await withUser(app, async (scope) => {
    registerCall(scope, adminListOrders, async ({ page, pageSize, after, ...filters }) => {
      const found = await findOrders(app.db, filters, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
        after,
      });
      return { ...found, page, pageSize };
    });

    registerCall(scope, adminGetOrder, async ({ orderId }) => getStaffOrderDetail(app.db, orderId));

    registerCall(
      scope,
      adminCancelOrder,
      async ({ orderId, reason }, { actor }) => {
        await cancelOrderAsStaff(app.db, orderId, { ...actor, reason });
        return getStaffOrderDetail(app.db, orderId);
      },
      { successMessage: 'سفارش لغو شد' },
    );

    registerCall(
      scope,
      adminRefundOrder,
      async ({ orderId, reason, amountRial }, { actor }) => {
        await refundOrder(app.db, orderId, { ...actor, reason, amountRial });
        return getStaffOrderDetail(app.db, orderId);
      },
      { successMessage: 'مبلغ سفارش به کیف پول مشتری برگشت' },
    );

    registerFileCall(scope, adminExportOrdersCsv, async (filters) => {
      const { items } = await findOrders(app.db, filters, {
        limit: ORDERS_CSV_MAX_ROWS,
        offset: 0,
      });
      return {
        contentType: 'text/csv; charset=utf-8',
        fileName: ordersCsvFileName(tehranDay(new Date())),
        body: ordersCsv(items),
      };
    });

    registerCall(scope, adminListDiscountCodes, async ({ page, pageSize, ...filters }) => {
      const found = await listDiscountCodes(app.db, filters, { page, pageSize });
      return { ...found, page, pageSize };
    });

    registerCall(scope, adminGetDiscountCode, async ({ id }) => getDiscountCodeView(app.db, id));

    registerCall(
      scope,
      adminCreateDiscountCode,
      async (input, { actor }) => createDiscountCode(app.db, input, actor),
      { successMessage: 'کد تخفیف ساخته شد' },
    );

    registerCall(
      scope,
      adminUpdateDiscountCode,
      async ({ id, ...input }, { actor }) => updateDiscountCode(app.db, id, input, actor),
      { successMessage: 'کد تخفیف ذخیره شد' },
    );

    registerCall(scope, adminSetDiscountCodeActive, async ({ id, active }, { actor }) =>
      setDiscountCodeActive(app.db, id, active, actor),
    );
  });
}
