import {
  changeServicePlan,
  getPlanChangeOptions,
  getStaffWork,
  listTaxQueue,
  parseTaxId,
  resendTaxDocument,
  saveTaxSystemSettings,
  TAX_DEADLINE_DAYS,
  taxIdValid,
  taxMonthSummary,
  testTaxSystemConnection,
} from '@vitrin/contracts';
import { toJalaliParts } from '@vitrin/fa';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO_TAX_MEMORY_ID } from '../../demo/seed-tax-system';
import { generateTestCredentials } from '../../providers/tax-system/moadian-client';
import { billingDocuments, taxSubmissions, taxSystemSettings } from '../../schema';
import { ok, refused, type SignedInUser } from '../../test/api-kit';
import { auditRowsOf, createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import {
  chooseAtSandbox,
  createCustomer,
  expectBooksBalanced,
  grantCredit,
  HOSTING_MONTH,
  submitCart,
  useWallet,
} from '../orders/checkout-test-kit';
import { buyService, freshDomain } from '../services/panel-test-kit';
import { TAX_SEND_JOB } from './queue';

// Issue 39: every sales invoice and credit note reaches the tax organisation's سامانه مودیان
// (here its built-in stand-in, with real signatures and encryption), a receipt does not, and
// what the organisation refuses or what comes late waits for staff with the reason in Persian.

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;
let support: SignedInUser;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  support = await createStaff(t.app, 'support');
});

/** A paid order of one hosting month, paid from the wallet; its invoice's id. */
async function paidOrder(customer?: SignedInUser) {
  const who = customer ?? (await createCustomer(t.app));
  const order = await submitCart(t.app, who, [HOSTING_MONTH]);
  await grantCredit(t.app.db, who.id, order.totalRial);
  await useWallet(t.app, who, order.id);
  const [invoice] = await t.app.db
    .select()
    .from(billingDocuments)
    .where(eq(billingDocuments.orderId, order.id));
  if (!invoice) throw new Error('no invoice');
  return { customer: who, order, invoice };
}

async function documentRow(id: string) {
  const [row] = await t.app.db.select().from(billingDocuments).where(eq(billingDocuments.id, id));
  if (!row) throw new Error('no document');
  return row;
}

/** Sends what waits, then asks once the first inquiry is due: the organisation's verdicts. */
async function sendAndHear(now = new Date()) {
  const sent = await t.app.taxSystemRun(now);
  // The stand-in answers IN_PROGRESS to a packet's first inquiry, then its verdict.
  const first = await t.app.taxSystemRun(new Date(now.getTime() + 6_000));
  const second = await t.app.taxSystemRun(new Date(now.getTime() + 20_000));
  return { sent, first, second };
}

/** Runs, a quarter-minute apart from `from`, until the document has its verdict (at most 8). */
async function untilDecided(documentId: string, from: Date) {
  for (let run = 0; run < 8; run += 1) {
    await t.app.taxSystemRun(new Date(from.getTime() + run * 15_000));
    const { status } = (await documentRow(documentId)).taxSystem;
    if (status === 'accepted' || status === 'rejected') return;
  }
}

interface SentPacket {
  header: Record<string, number | string>;
  body: Array<Record<string, number>>;
}

/** The invoice a submission row sent, as written before its request left. */
function packetOf(row: { packet: unknown } | undefined): SentPacket {
  return (row?.packet as { invoice: SentPacket } | undefined)?.invoice ?? { header: {}, body: [] };
}

function submissionsFor(documentIds: string[]) {
  return t.app.db
    .select()
    .from(taxSubmissions)
    .where(inArray(taxSubmissions.documentId, documentIds))
    .orderBy(taxSubmissions.createdAt);
}

describe('sending to the tax system', () => {
  test('a sales invoice is sent signed and encrypted, accepted, and shows its tax id to the customer', async () => {
    const { customer, invoice } = await paidOrder();
    expect(invoice.taxSystem.status).toBe('waiting');
    expect(invoice.taxSerial).toBeGreaterThan(0);

    await sendAndHear();
    const after = await documentRow(invoice.id);
    expect(after.taxSystem.status).toBe('accepted');
    const taxId = after.taxSystem.taxId ?? '';
    expect(taxIdValid(taxId)).toBe(true);
    // The tax id is the memory id, the invoice's own day and its serial.
    expect(parseTaxId(taxId)).toEqual({
      memoryId: DEMO_TAX_MEMORY_ID,
      day: Math.floor(invoice.issuedAt.getTime() / DAY_MS),
      serial: invoice.taxSerial,
    });

    const [submission] = await submissionsFor([invoice.id]);
    expect(submission).toMatchObject({ ins: 1, state: 'accepted', taxId });
    const packet = packetOf(submission);
    expect(packet.header).toMatchObject({ taxid: taxId, inp: 1, ins: 1, setm: 1 });
    // A person without a national code is not identified: a type 2 invoice, and why.
    expect(packet.header.inty).toBe(2);
    const line = packet.body[0] ?? {};
    expect(line.vam).toBe(Math.floor((line.adis ?? 0) / 10));
    expect(packet.header.tbill).toBe(invoice.totalRial);

    // The stand-in holds exactly one submission of it.
    const fake = t.app.taxSystem.builtInFake();
    expect(fake.submissions().filter((each) => each.invoice?.header.taxid === taxId)).toHaveLength(
      1,
    );

    const shown = await ok(
      t.app,
      '/api/user/billing/get-document',
      { documentId: invoice.id },
      customer.token,
    );
    expect(shown.taxId).toBe(taxId);
    expect(shown.taxSystem).toEqual({ status: 'accepted', label: 'پذیرفته‌شده' });
  });

  test('a partial refund restates the sale as a correction, the rest cancels it, each referring to the last', async () => {
    const { order, invoice } = await paidOrder();
    await sendAndHear();
    const invoiceTaxId = (await documentRow(invoice.id)).taxSystem.taxId;

    const part = 1_000_001;
    const partly = await ok(
      t.app,
      '/api/admin/orders/refund-order',
      { orderId: order.id, reason: 'جبران قطعی سرویس', amountRial: part },
      admin.token,
    );
    const noteId = partly.creditNotes[0]?.id ?? '';
    await sendAndHear();
    const note = await documentRow(noteId);
    expect(note.taxSystem.status).toBe('accepted');
    const [correction] = await submissionsFor([noteId]);
    const corrected = packetOf(correction);
    expect(corrected.header).toMatchObject({ ins: 2, irtaxid: invoiceTaxId });
    // The sale as it now stands: the invoice's net less the note's, as further discount.
    expect(corrected.header.tadis).toBe(invoice.netRial - note.netRial);
    expect(corrected.header.tdis).toBe(invoice.discountRial + note.netRial);

    const rest = await ok(
      t.app,
      '/api/admin/orders/refund-order',
      { orderId: order.id, reason: 'لغو به درخواست مشتری' },
      admin.token,
    );
    const closingId = rest.creditNotes[1]?.id ?? '';
    await sendAndHear();
    expect((await documentRow(closingId)).taxSystem.status).toBe('accepted');
    const [cancellation] = await submissionsFor([closingId]);
    expect(packetOf(cancellation).header).toMatchObject({
      ins: 3,
      irtaxid: note.taxSystem.taxId,
    });
    await expectBooksBalanced(t.app.db);
  });

  test('a full refund at once cancels the invoice (ins 3)', async () => {
    const { order, invoice } = await paidOrder();
    await sendAndHear();
    const refunded = await ok(
      t.app,
      '/api/admin/orders/refund-order',
      { orderId: order.id, reason: 'لغو' },
      admin.token,
    );
    const noteId = refunded.creditNotes[0]?.id ?? '';
    await sendAndHear();
    const [cancellation] = await submissionsFor([noteId]);
    expect(cancellation).toMatchObject({ ins: 3, state: 'accepted' });
    expect(cancellation?.refersToTaxId).toBe((await documentRow(invoice.id)).taxSystem.taxId);
  });

  test('a credit note waits for its invoice to be accepted first', async () => {
    const { order, invoice } = await paidOrder();
    const refunded = await ok(
      t.app,
      '/api/admin/orders/refund-order',
      { orderId: order.id, reason: 'لغو پیش از ارسال' },
      admin.token,
    );
    const noteId = refunded.creditNotes[0]?.id ?? '';
    await t.app.taxSystemRun(new Date());
    // The invoice went; the note waits for its verdict.
    expect((await documentRow(invoice.id)).taxSystem.status).toBe('sent');
    expect((await documentRow(noteId)).taxSystem.status).toBe('waiting');
    await sendAndHear(new Date(Date.now() + 30_000));
    await sendAndHear(new Date(Date.now() + 60_000));
    expect((await documentRow(noteId)).taxSystem.status).toBe('accepted');
  });

  test('a downgrade’s credit goes as a correction of the invoice that bought the term', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, {
      slug: 'host-linux-20g',
      cycle: 'monthly',
      domain: freshDomain(),
    });
    await sendAndHear();
    const { options } = await ok(
      t.app,
      getPlanChangeOptions.path,
      { serviceId: service.id },
      customer.token,
    );
    const option = options.find((candidate) => candidate.productSlug === 'host-linux-1g');
    if (!option) throw new Error('no 1g option');
    await ok(
      t.app,
      changeServicePlan.path,
      {
        serviceId: service.id,
        productId: option.productId,
        expectedDifferenceRial: option.calculation.differenceRial,
      },
      customer.token,
    );
    const [note] = await t.app.db
      .select()
      .from(billingDocuments)
      .where(
        and(eq(billingDocuments.userId, customer.id), eq(billingDocuments.kind, 'credit-note')),
      );
    if (!note?.refersToId) throw new Error('the downgrade issued no credit note');
    const invoice = await documentRow(note.refersToId);
    expect(invoice.taxSystem.status).toBe('accepted');
    await untilDecided(note.id, new Date());
    expect((await documentRow(note.id)).taxSystem.status).toBe('accepted');
    const [correction] = await submissionsFor([note.id]);
    expect(correction).toMatchObject({ ins: 2, refersToTaxId: invoice.taxSystem.taxId });
    expect(packetOf(correction).header.tadis).toBe(invoice.netRial - note.netRial);
  });

  test('a wallet top-up receipt is no sale and is never sent', async () => {
    const customer = await createCustomer(t.app);
    const started = await ok(
      t.app,
      '/api/user/account/add-credit',
      { amountRial: 5_000_000 },
      customer.token,
    );
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    await ok(t.app, '/api/pay/verify-pay-order', { authority: back.authority, status: 'OK' });
    const [receipt] = await t.app.db
      .select()
      .from(billingDocuments)
      .where(eq(billingDocuments.userId, customer.id));
    if (!receipt) throw new Error('no receipt');
    expect(receipt.kind).toBe('receipt');
    expect(receipt.taxSystem.status).toBe('not-applicable');
    expect(receipt.taxSerial).toBeNull();
    await sendAndHear();
    expect(await submissionsFor([receipt.id])).toHaveLength(0);
  });

  test('an invoice the organisation refuses waits for staff with its error in Persian, and goes again when sent again', async () => {
    const { invoice } = await paidOrder();
    await sendAndHear();
    const fake = t.app.taxSystem.builtInFake();
    fake.rejectNextInvoice('0204501');
    const second = await paidOrder();
    await sendAndHear();
    const refusedRow = await documentRow(second.invoice.id);
    expect(refusedRow.taxSystem.status).toBe('rejected');
    expect(refusedRow.taxSystem.errors?.[0]?.code).toBe('0204501');
    expect(refusedRow.taxSystem.errors?.[0]?.message).toMatch(/[\u0600-\u06FF]/);
    expect((await documentRow(invoice.id)).taxSystem.status).toBe('accepted');

    const queue = await ok(t.app, listTaxQueue.path, { filter: 'attention' }, support.token);
    const item = queue.items.find((each) => each.documentId === second.invoice.id);
    expect(item).toMatchObject({ status: 'rejected', canResend: true, statusLabel: 'ردشده' });

    // Support reads the queue; only billing managers send again.
    await refused(
      t.app,
      resendTaxDocument.path,
      { documentId: second.invoice.id },
      support.token,
      403,
    );
    const again = await ok(
      t.app,
      resendTaxDocument.path,
      { documentId: second.invoice.id },
      admin.token,
    );
    expect(again.status).toBe('waiting');
    expect(await auditRowsOf(t.app, 'billing-document', second.invoice.id)).toHaveLength(1);
    await sendAndHear();
    expect((await documentRow(second.invoice.id)).taxSystem.status).toBe('accepted');
    const sent = await submissionsFor([second.invoice.id]);
    expect(sent.map((row) => row.state)).toEqual(['rejected', 'accepted']);
    // Sent again under the same tax id: a refused invoice does not use its id up.
    expect(sent[0]?.taxId).toBe(sent[1]?.taxId);
  });

  test('past the deadline a document waits for staff, and goes as an Article 9 invoice once confirmed', async () => {
    const { invoice } = await paidOrder();
    // Issued a day past the deadline (the run that would have sent it in time never came).
    const issuedAt = new Date(Date.now() - (TAX_DEADLINE_DAYS + 1) * DAY_MS);
    await t.app.db
      .update(billingDocuments)
      .set({ issuedAt })
      .where(eq(billingDocuments.id, invoice.id));
    const report = await t.app.taxSystemRun(new Date());
    expect(report.late).toBeGreaterThanOrEqual(1);
    expect((await documentRow(invoice.id)).taxSystem.status).toBe('late');
    expect(await submissionsFor([invoice.id])).toHaveLength(0);

    const unconfirmed = await refused(
      t.app,
      resendTaxDocument.path,
      { documentId: invoice.id },
      admin.token,
      409,
    );
    expect(unconfirmed.message).toContain('مادهٔ ۹');
    await ok(
      t.app,
      resendTaxDocument.path,
      { documentId: invoice.id, confirmLate: true },
      admin.token,
    );
    const audit = await auditRowsOf(t.app, 'billing-document', invoice.id);
    expect(audit.map((row) => row.action)).toEqual(['tax-document.confirm-late']);
    const sentAt = new Date();
    await untilDecided(invoice.id, sentAt);
    expect((await documentRow(invoice.id)).taxSystem.status).toBe('accepted');
    const [submission] = await submissionsFor([invoice.id]);
    expect(submission?.late).toBe(true);
    const header = packetOf(submission).header;
    expect(header.insr).toBe(1);
    expect(header.indati2m).toBe(sentAt.getTime());
    expect(header.indatim).toBe(issuedAt.getTime());
  });

  test('a packet sent but not recorded (the node died) is asked about, not sent twice', async () => {
    const { invoice } = await paidOrder();
    await t.app.taxSystemRun(new Date());
    const [sent] = await submissionsFor([invoice.id]);
    expect(sent?.state).toBe('sent');
    // As a run killed between the organisation's answer and our record leaves it.
    await t.app.db
      .update(taxSubmissions)
      .set({ state: 'sending', referenceNumber: null, uid: null, sentAt: null })
      .where(eq(taxSubmissions.id, sent?.id ?? ''));
    await sendAndHear(new Date(Date.now() + 10_000));
    expect((await documentRow(invoice.id)).taxSystem.status).toBe('accepted');
    const fake = t.app.taxSystem.builtInFake();
    const taxId = sent?.taxId;
    expect(fake.submissions().filter((each) => each.invoice?.header.taxid === taxId)).toHaveLength(
      1,
    );
    expect(await submissionsFor([invoice.id])).toHaveLength(1);
  });

  test('unreachable, the job itself is tried again with backoff; refused, it is not', async () => {
    const { invoice } = await paidOrder();
    const fake = t.app.taxSystem.builtInFake();
    fake.failNext(1, 503);
    // The payment queued the run in its transaction; it fails, and is retried after a delay.
    expect(await t.app.jobs.drain([TAX_SEND_JOB])).toEqual({ completed: 0, failed: 1 });
    expect(await t.app.jobs.drain([TAX_SEND_JOB], { includeDelayed: true })).toMatchObject({
      completed: 1,
    });
    await untilDecided(invoice.id, new Date(Date.now() + 10_000));
    expect((await documentRow(invoice.id)).taxSystem.status).toBe('accepted');
  });

  test('the organisation unreachable: the run says why, nothing is lost, the next run finishes it', async () => {
    const { invoice } = await paidOrder();
    const fake = t.app.taxSystem.builtInFake();
    fake.failNext(1, 503);
    const failed = await t.app.taxSystemRun(new Date());
    expect(failed.failure).toMatch(/[\u0600-\u06FF]/);
    await untilDecided(invoice.id, new Date(Date.now() + 10_000));
    expect((await documentRow(invoice.id)).taxSystem.status).toBe('accepted');
    const taxId = (await documentRow(invoice.id)).taxSystem.taxId;
    expect(fake.submissions().filter((each) => each.invoice?.header.taxid === taxId)).toHaveLength(
      1,
    );
  });
});

describe('the settings', () => {
  test('an expired certificate or a key that is not its own is refused in Persian; nothing changes', async () => {
    const before = await ok(t.app, '/api/admin/tax-system/get-settings', {}, admin.token);
    const expired = await generateTestCredentials('ABC123', {
      notBefore: new Date(Date.now() - 400 * DAY_MS),
      notAfter: new Date(Date.now() - DAY_MS),
    });
    const body = {
      enabled: true,
      environment: 'built-in' as const,
      memoryId: 'ABC123',
      defaultServiceId: '2720000114542',
    };
    const old = await refused(
      t.app,
      saveTaxSystemSettings.path,
      { ...body, ...expired },
      admin.token,
      400,
    );
    expect(old.fields?.certificatePem).toContain('منقضی');
    const other = await generateTestCredentials('ABC123');
    const mine = await generateTestCredentials('ABC123');
    const mismatched = await refused(
      t.app,
      saveTaxSystemSettings.path,
      { ...body, privateKeyPem: other.privateKeyPem, certificatePem: mine.certificatePem },
      admin.token,
      400,
    );
    expect(mismatched.fields?.privateKeyPem).toContain('جور نیست');
    expect(await ok(t.app, '/api/admin/tax-system/get-settings', {}, admin.token)).toEqual(before);
    await refused(t.app, saveTaxSystemSettings.path, { ...body, ...mine }, support.token, 403);
  });

  test('a certificate that expired in use: sending stops with the reason in Persian, nothing is lost, and resumes once a new one is saved', async () => {
    const [saved] = await t.app.db.select().from(taxSystemSettings);
    if (!saved) throw new Error('no settings');
    const expired = await generateTestCredentials(saved.memoryId, {
      notBefore: new Date(Date.now() - 400 * DAY_MS),
      notAfter: new Date(Date.now() - DAY_MS),
    });
    // As time leaves a saved certificate behind (saving refuses an expired one).
    await t.app.db.update(taxSystemSettings).set({
      certificatePem: expired.certificatePem,
      privateKeySealed: t.app.secrets.seal(expired.privateKeyPem),
      updatedAt: new Date(),
    });
    const { invoice } = await paidOrder();
    const stopped = await t.app.taxSystemRun(new Date());
    expect(stopped.failure).toContain('منقضی');
    // Nothing was sent: the document still waits, and no packet was written for it.
    expect((await documentRow(invoice.id)).taxSystem.status).toBe('waiting');
    expect(await submissionsFor([invoice.id])).toHaveLength(0);
    const test = await ok(t.app, testTaxSystemConnection.path, {}, admin.token);
    expect(test).toMatchObject({ ok: false });
    expect(test.message).toContain('منقضی');

    const fresh = await generateTestCredentials(saved.memoryId);
    await ok(
      t.app,
      saveTaxSystemSettings.path,
      {
        enabled: true,
        environment: 'built-in',
        memoryId: saved.memoryId,
        defaultServiceId: saved.defaultServiceId,
        privateKeyPem: fresh.privateKeyPem,
        certificatePem: fresh.certificatePem,
      },
      admin.token,
    );
    await untilDecided(invoice.id, new Date());
    expect((await documentRow(invoice.id)).taxSystem.status).toBe('accepted');
  });

  test('the test connection reads the organisation’s keys and the memory id’s file', async () => {
    const answer = await ok(t.app, testTaxSystemConnection.path, {}, admin.token);
    expect(answer).toMatchObject({ ok: true, fiscal: { fiscalStatus: 'ACTIVE' } });
    expect(answer.message).toMatch(/[\u0600-\u06FF]/);
  });

  test('switched off, nothing is sent and the queue says so', async () => {
    await t.app.db.update(taxSystemSettings).set({ enabled: false });
    try {
      const { invoice } = await paidOrder();
      expect((await t.app.taxSystemRun(new Date())).off).toBe(true);
      expect((await documentRow(invoice.id)).taxSystem.status).toBe('waiting');
      const queue = await ok(t.app, listTaxQueue.path, { filter: 'open' }, admin.token);
      expect(queue.sending).toBe(false);
      expect(queue.items.some((item) => item.documentId === invoice.id)).toBe(true);
    } finally {
      await t.app.db.update(taxSystemSettings).set({ enabled: true });
    }
    await sendAndHear();
  });
});

describe('what staff are told', () => {
  test('a document not accepted a week after issue is counted on the console', async () => {
    await sendAndHear();
    const before = await ok(t.app, getStaffWork.path, {}, admin.token);
    const { invoice } = await paidOrder();
    await t.app.db
      .update(billingDocuments)
      .set({ issuedAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(billingDocuments.id, invoice.id));
    const after = await ok(t.app, getStaffWork.path, {}, admin.token);
    expect(after.taxDocumentsOverdue).toBe(before.taxDocumentsOverdue + 1);
    await sendAndHear();
  });

  test('a month’s summary counts by state and gives the VAT the report counts', async () => {
    await sendAndHear();
    const { year, month } = toJalaliParts(new Date());
    const summary = await ok(t.app, taxMonthSummary.path, { year, month }, support.token);
    const accepted = summary.rows.filter((row) => row.status === 'accepted');
    expect(accepted.length).toBeGreaterThan(0);
    const report = await ok(
      t.app,
      '/api/admin/billing/sales-report',
      { year, by: 'month' },
      support.token,
    );
    const reported = report.periods.find((each) => each.period === month);
    expect(summary.vatRial).toBe(reported?.balanceVatRial);
  });
});
