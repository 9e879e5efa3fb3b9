import {
  adminDownloadBillingDocumentPdf,
  adminExportSalesReport,
  adminGetBillingDocument,
  adminGetPaymentSettings,
  adminGetSeller,
  adminListTaxRates,
  adminSalesReport,
  adminScheduleTaxRate,
  adminSearchBillingDocuments,
  adminUpdatePaymentSettings,
  adminUpdateSeller,
  adminWithdrawTaxRate,
  type BillingDocument,
  downloadMyBillingDocumentPdf,
  getMyBillingDocument,
  listMyBillingDocuments,
  ONLINE_GATEWAYS,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { type FileAnswer, registerCall, registerFileCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import { findBillingDocuments, getBillingDocument } from './document-queries';
import { renderBillingDocumentPdf } from './invoice-pdf';
import { getPaymentSettings, updatePaymentSettings } from './payment-methods.service';
import {
  buildSalesReport,
  salesReportCsv,
  salesReportFileName,
  salesReportXlsx,
} from './sales-report.service';
import { getSeller, updateSeller } from './seller.service';
import { listTaxRates, scheduleTaxRate, withdrawTaxRate } from './tax-rates.service';

async function pdfOf(document: BillingDocument): Promise<FileAnswer> {
  const name = document.number ?? `proforma-${document.order?.number ?? document.id}`;
  return {
    contentType: 'application/pdf',
    fileName: `vitrin-${name}.pdf`,
    body: await renderBillingDocumentPdf(document),
  };
}

/** Invoices, credit notes and receipts for their owner and for staff; VAT and seller settings. */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  await withUser(app, async (scope) => {
    registerCall(scope, getMyBillingDocument, async (request, { user }) =>
      getBillingDocument(app.db, request, user.id),
    );
    registerFileCall(scope, downloadMyBillingDocumentPdf, async (request, { user }) =>
      pdfOf(await getBillingDocument(app.db, request, user.id)),
    );
    registerCall(scope, listMyBillingDocuments, async ({ page, pageSize, after }, { user }) =>
      findBillingDocuments(app.db, { userId: user.id }, { page, pageSize, after }),
    );

    registerCall(
      scope,
      adminSearchBillingDocuments,
      async ({ page, pageSize, after, ...filters }) =>
        findBillingDocuments(app.db, filters, { page, pageSize, after }),
    );
    registerCall(scope, adminGetBillingDocument, async (request) =>
      getBillingDocument(app.db, request, null),
    );
    registerFileCall(scope, adminDownloadBillingDocumentPdf, async (request) =>
      pdfOf(await getBillingDocument(app.db, request, null)),
    );

    registerCall(scope, adminSalesReport, async (request) => buildSalesReport(app.db, request));
    registerFileCall(scope, adminExportSalesReport, async ({ format, ...request }) => {
      const report = await buildSalesReport(app.db, request);
      return format === 'xlsx'
        ? {
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            fileName: salesReportFileName(report, 'xlsx'),
            body: await salesReportXlsx(report),
          }
        : {
            contentType: 'text/csv; charset=utf-8',
            fileName: salesReportFileName(report, 'csv'),
            body: salesReportCsv(report),
          };
    });

    registerCall(scope, adminListTaxRates, async () => listTaxRates(app.db));
    registerCall(
      scope,
      adminScheduleTaxRate,
      async (input, { actor }) => scheduleTaxRate(app.db, input, actor),
      { successMessage: 'نرخ تازه ثبت شد' },
    );
    registerCall(
      scope,
      adminWithdrawTaxRate,
      async ({ id }, { actor }) => withdrawTaxRate(app.db, id, actor),
      { successMessage: 'نرخ پس گرفته شد' },
    );
    registerCall(scope, adminGetPaymentSettings, async () =>
      getPaymentSettings(app.db, app.payments.available, ONLINE_GATEWAYS),
    );
    registerCall(
      scope,
      adminUpdatePaymentSettings,
      async (input, { actor }) =>
        updatePaymentSettings(app.db, input, {
          available: app.payments.available,
          known: ONLINE_GATEWAYS,
          actor,
        }),
      { successMessage: 'روش‌های پرداخت ذخیره شد' },
    );
    registerCall(scope, adminGetSeller, async () => getSeller(app.db));
    registerCall(
      scope,
      adminUpdateSeller,
      async (input, { actor }) => updateSeller(app.db, input, actor),
      { successMessage: 'مشخصات فروشنده ذخیره شد' },
    );
  });
}
