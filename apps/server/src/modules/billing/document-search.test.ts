import { adminSearchBillingDocuments } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { ok, type SignedInUser } from '../../test/api-kit';
import { createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import {
  chooseAtSandbox,
  createCustomer,
  HOSTING_MONTH,
  submitCart,
} from '../orders/checkout-test-kit';

// Decision 0031, "Staff text searches": staff's document search reads the number and the
// buyer's name folded (`billing_documents.search_text`, a generated column) through its
// trigram index, and the national code or id through their own indexes.

const t = setupTestApp({ seedDemoData: true });
let support: SignedInUser;

beforeAll(async () => {
  support = await createStaff(t.app, 'support');
});

const found = async (query: string) =>
  (
    await ok(t.app, adminSearchBillingDocuments.path, { query, pageSize: 100 }, support.token)
  ).items.map((row) => row.id);

/** A paid order's sales invoice, its buyer confirmed as `fullName` with `nationalId`. */
async function invoiceFor(fullName: string, nationalId: string) {
  const customer = await createCustomer(t.app, { buyer: false });
  await ok(
    t.app,
    '/api/cart/update-user',
    { fullName, email: `buyer${customer.mobile.slice(-7)}@example.com`, nationalId },
    customer.token,
  );
  const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
  const started = await ok(t.app, '/api/pay/pay-order', { orderId: order.id }, customer.token);
  const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
  await ok(t.app, '/api/pay/verify-pay-order', { authority: back.authority, status: 'OK' });
  const invoice = await ok(
    t.app,
    '/api/user/billing/get-document',
    { orderId: order.id },
    customer.token,
  );
  return { customer, invoice };
}

describe('document search on the stored folded text', () => {
  test("the buyer's name whatever the letters and half-spaces typed, the number in part, the national code in any digits", async () => {
    const { invoice } = await invoiceFor('كاوه يزدان‌پناه', '0012345679');
    const number = invoice.number ?? '';
    for (const query of [
      'کاوه یزدان‌پناه', // Persian ی/ک for the Arabic ي/ك the buyer typed
      'یزدانپناه', // written together
      'يزدان پناه', // apart: each word in the name
      number,
      number.toLowerCase(),
      toPersianDigits(number.slice(1)), // the year and sequence in Persian digits
      '0012345679',
      toPersianDigits('0012345679'),
    ]) {
      expect(await found(query), query).toContain(invoice.id);
    }
    // Every word in the number or every word in the name, as before: not some in each.
    expect(await found(`${number} کاوه`)).not.toContain(invoice.id);
    expect(await found('کاوه نیکنام')).not.toContain(invoice.id);
    expect(await found('001234567')).not.toContain(invoice.id); // a national code is whole
  });

  test("a document keeps the buyer's name it was issued to when the customer changes theirs", async () => {
    const { customer, invoice } = await invoiceFor('ترانه پیشین', '0012345679');
    await ok(
      t.app,
      '/api/user/update-profile',
      { firstName: 'ترانه', lastName: 'پسین', email: null },
      customer.token,
    );
    await ok(
      t.app,
      '/api/cart/update-user',
      { fullName: 'ترانه پسین', email: 'tarane@example.com' },
      customer.token,
    );
    expect(await found('ترانه پیشین')).toContain(invoice.id);
    expect(await found('ترانه پسین')).not.toContain(invoice.id);
  });

  test('one or two letters still find a name inside its words; separators only, the text as typed', async () => {
    const { invoice } = await invoiceFor('ژاله دو‌حرفی', '0012345679');
    expect(await found('ژا')).toContain(invoice.id);
    expect(await found('ود')).not.toContain(invoice.id);
    expect(await found('هد')).toContain(invoice.id); // across the space, as the name is stored
    // Every number holds a `-`: as before, a query of it finds every document.
    const everything = await ok(t.app, adminSearchBillingDocuments.path, {}, support.token);
    const dashes = await ok(t.app, adminSearchBillingDocuments.path, { query: '-' }, support.token);
    expect(dashes.total).toBe(everything.total);
  });

  test('the number, the name and the national code are read through their indexes', async () => {
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select id from billing_documents where search_text like '%کاوه%' or buyer ->> 'nationalCode' = '0012345679' or buyer ->> 'nationalId' = '0012345679'`,
      );
      return (result as unknown as { rows: Array<Record<string, string>> }).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
    });
    expect(plan).toContain('billing_documents_search_trgm_idx');
    expect(plan).toContain('billing_documents_national_code_idx');
    expect(plan).toContain('billing_documents_national_id_idx');
  });
});
