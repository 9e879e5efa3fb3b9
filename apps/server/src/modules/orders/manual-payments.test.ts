import {
  adminConfirmTransfer,
  adminListTransferClaims,
  adminRejectTransfer,
  TICKET_ATTACHMENT_PATH,
  TRANSFER_CLAIM_MESSAGES,
} from '@vitrin/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { OutboxMailSender } from '../../providers/email/outbox-mail';
import type { ConsoleSmsSender } from '../../providers/sms/console-sms';
import { billingDocuments, orders, payments, uploads, users } from '../../schema';
import { createSignedInUser, ok, refused, type SignedInUser, send } from '../../test/api-kit';
import { auditRowsOf, createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { SAMPLE_FILES, uploaded } from '../tickets/tickets-test-kit';
import { readBalance } from '../wallet/wallet.service';
import {
  type Customer,
  createCustomer,
  expectBooksBalanced,
  grantCredit,
  HOSTING_MONTH,
  submitCart,
  useWallet,
} from './checkout-test-kit';
import {
  aLittleWhileAgo,
  cardClaimOf,
  enableTransfers,
  freshReference,
} from './manual-payments-test-kit';
import { expireOrders } from './orders.service';
import { reconcilePayments } from './payments.service';

// Issue 21, decision 0023: paying by card-to-card or bank transfer, confirmed by staff.

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;
let support: SignedInUser;
const anyId = '00000000-0000-4000-8000-000000000000';

const sms = () => t.app.sms as ConsoleSmsSender;
const mail = () => t.app.mail as OutboxMailSender;
const buyerEmail = (customer: Customer) => `buyer${customer.mobile.slice(-7)}@example.com`;
/** What the customer was told about their transfers (a paid plan's own notices aside). */
const transferTexts = (customer: Customer) =>
  sms()
    .sent.filter((entry) => entry.to === customer.mobile && entry.text.startsWith('پرداخت'))
    .map((entry) => entry.text);
const transferMails = (customer: Customer) =>
  mail().sent.filter(
    (entry) => entry.to === buyerEmail(customer) && entry.subject.startsWith('پرداخت'),
  );

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  support = await createStaff(t.app, 'support');
  await enableTransfers(t.app.db, admin.id);
});

function orderOf(customer: Customer, orderId: string) {
  return ok(t.app, '/api/user/orders/order-get-detail', { orderId }, customer.token);
}

function confirm(paymentId: string, who: SignedInUser = admin) {
  return send(t.app, adminConfirmTransfer.path, { paymentId }, who.token);
}

async function paymentsOf(userId: string) {
  return t.app.db.select().from(payments).where(eq(payments.userId, userId));
}

async function pendingOrder(customer?: Customer) {
  const who = customer ?? (await createCustomer(t.app));
  const order = await submitCart(t.app, who, [HOSTING_MONTH]);
  return { customer: who, order };
}

describe('a claim for an order', () => {
  test('waits for staff; confirming it pays the order once, with its sales invoice, and tells the customer', async () => {
    const { customer, order } = await pendingOrder();
    const receipt = await uploaded(t.app, customer, {
      name: 'رسید.png',
      bytes: SAMPLE_FILES.png,
    });
    const claimed = await ok(
      t.app,
      '/api/pay/claim-transfer',
      {
        method: 'card-to-card',
        orderId: order.id,
        // As people type it: Persian digits, grouped with spaces.
        transferReference: '۴۸۱ ۲۳۹ ۷۷۰',
        transferredAt: aLittleWhileAgo(),
        cardLast4: '۶۰۳۷',
        receiptAttachmentId: receipt.id,
      },
      customer.token,
    );
    expect(claimed).toMatchObject({
      method: 'card-to-card',
      purpose: 'order',
      orderId: order.id,
      orderNumber: order.number,
      amountRial: order.payableRial,
      status: 'pending',
      transferReference: '481239770',
      cardLast4: '6037',
      receiptAttachmentId: receipt.id,
      rejectionReason: null,
      reviewedAt: null,
    });

    // Awaiting confirmation: the order shows the claim and is not paid yet.
    const awaiting = await orderOf(customer, order.id);
    expect(awaiting.status).toBe('pending');
    expect(awaiting.invoice).toBeNull();
    expect(awaiting.payments).toEqual([
      expect.objectContaining({ id: claimed.id, gateway: 'card-to-card', status: 'pending' }),
    ]);
    // Held for staff, not cancelled at its deadline: the page says so, and since when.
    expect(awaiting.awaitingConfirmation).toEqual({
      paymentId: claimed.id,
      method: 'card-to-card',
      claimedAt: claimed.createdAt,
    });
    const listed = await ok(t.app, '/api/user/orders/get-user-orders', {}, customer.token);
    expect(listed.items.find((item) => item.id === order.id)?.awaitingConfirmation).toBe(true);
    const mine = await ok(t.app, '/api/user/account/list-transfer-claims', {}, customer.token);
    expect(mine.items.map((item) => [item.id, item.status])).toEqual([[claimed.id, 'pending']]);
    const queue = await ok(t.app, adminListTransferClaims.path, { status: 'pending' }, admin.token);
    expect(queue.items.find((item) => item.id === claimed.id)?.customer.mobile).toBe(
      customer.mobile,
    );

    const confirmed = await confirm(claimed.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      status: 'paid',
      reviewer: { id: admin.id, name: 'علی مدیر' },
    });
    const paid = await orderOf(customer, order.id);
    expect(paid.status).toBe('paid');
    expect(paid.gatewayPaidRial).toBe(order.payableRial);
    // Staff's list names how it was paid: card-to-card, not «درگاه».
    const staffList = await ok(
      t.app,
      '/api/admin/orders/list-orders',
      { query: String(order.number) },
      admin.token,
    );
    expect(staffList.items.find((item) => item.id === order.id)?.paidWith).toEqual([
      'card-to-card',
    ]);
    expect(paid.invoice).not.toBeNull();
    expect(paid.payments).toEqual([
      expect.objectContaining({
        status: 'paid',
        referenceId: '481239770',
        cardPan: '****-****-****-6037',
      }),
    ]);
    const invoice = await ok(
      t.app,
      '/api/user/billing/get-document',
      { documentId: paid.invoice?.id ?? '' },
      customer.token,
    );
    expect(invoice.paymentNote).toContain('کارت به کارت');

    // A second confirmation answers the state as it is and settles nothing again.
    const again = await confirm(claimed.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.status).toBe('paid');
    const audit = await auditRowsOf(t.app, 'payment', claimed.id);
    expect(audit.map((row) => row.action)).toEqual(['billing.transfer.confirm']);
    expect(audit[0]?.actorId).toBe(admin.id);

    await t.app.jobs.drain();
    await t.app.jobs.drain();
    const texts = transferTexts(customer);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('تأیید شد');
    expect(texts[0]).toContain('۴۸۱۲۳۹۷۷۰');
    const mails = transferMails(customer);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('پرداخت کارت به کارت شما تأیید شد');
    await expectBooksBalanced(t.app.db);
  });

  test('its receipt is kept: staff and the customer read it back, and the uploads clean-up a day later leaves it', async () => {
    const { customer, order } = await pendingOrder();
    const receipt = await uploaded(t.app, customer, {
      name: 'receipt.jpg',
      bytes: SAMPLE_FILES.jpeg,
    });
    await ok(
      t.app,
      '/api/pay/claim-transfer',
      cardClaimOf(order.id, { receiptAttachmentId: receipt.id }),
      customer.token,
    );
    for (const who of [admin, customer]) {
      const read = await send(
        t.app,
        TICKET_ATTACHMENT_PATH,
        { attachmentId: receipt.id },
        who.token,
      );
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('image/jpeg');
    }
    await t.app.filesJob.runOnce(new Date(Date.now() + 3 * 24 * 3_600_000));
    const [kept] = await t.app.db.select().from(uploads).where(eq(uploads.id, receipt.id));
    expect(kept?.keptAt).not.toBeNull();
    // Kept by the claim: it cannot be sent with a ticket message as well.
    const reused = await send(
      t.app,
      '/api/user/tickets/submit-ticket',
      {
        department: 'billing',
        priority: 'normal',
        subject: 'پرداخت',
        body: 'رسید پرداخت من',
        attachmentIds: [receipt.id],
      },
      customer.token,
    );
    expect(reused.statusCode, reused.body).toBe(404);
  });

  test('an order awaiting confirmation is not expired by the job and takes no second claim', async () => {
    const { customer, order } = await pendingOrder();
    const first = await ok(t.app, '/api/pay/claim-transfer', cardClaimOf(order.id), customer.token);
    const second = await refused(
      t.app,
      '/api/pay/claim-transfer',
      cardClaimOf(order.id),
      customer.token,
      409,
    );
    expect(second.message).toBe(TRANSFER_CLAIM_MESSAGES.claimPending);

    await t.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.id));
    await expireOrders(t.app.db);
    expect((await orderOf(customer, order.id)).status).toBe('pending');

    expect((await confirm(first.id)).statusCode).toBe(200);
    expect((await orderOf(customer, order.id)).status).toBe('paid');
    await expectBooksBalanced(t.app.db);
  });

  test('a claim older than ten minutes survives the payment reconciliation job', async () => {
    const { customer, order } = await pendingOrder();
    const claimed = await ok(
      t.app,
      '/api/pay/claim-transfer',
      cardClaimOf(order.id),
      customer.token,
    );
    await reconcilePayments(t.app.payments, new Date(Date.now() + 15 * 60_000));
    const [row] = await t.app.db.select().from(payments).where(eq(payments.id, claimed.id));
    expect(row?.status).toBe('pending');
    expect(row?.failureReason).toBeNull();
  });

  test('confirmed after the customer paid part with wallet credit: the transfer goes to the wallet, nothing is lost', async () => {
    const { customer, order } = await pendingOrder();
    const claimed = await ok(
      t.app,
      '/api/pay/claim-transfer',
      cardClaimOf(order.id),
      customer.token,
    );
    await grantCredit(t.app.db, customer.id, 100_000);
    await useWallet(t.app, customer, order.id, 100_000);
    const confirmed = await confirm(claimed.id);
    expect(confirmed.json().data).toMatchObject({ status: 'paid', creditedToWallet: true });
    expect((await orderOf(customer, order.id)).status).toBe('pending');
    expect(await readBalance(t.app.db, customer.id)).toBe(order.payableRial);
    await expectBooksBalanced(t.app.db);
  });
});

describe('who claimed it, in the staff queue', () => {
  // Issue 35: a person who signed up and paid at once has no account name yet; the queue showed
  // their E.164 number as the name («989155550102+» laid out right to left).
  test('the name given at checkout when the account has none, else none (the mobile shows)', async () => {
    const buyer = await createSignedInUser(t.app, { firstName: null, lastName: null });
    await ok(
      t.app,
      '/api/cart/update-user',
      { fullName: 'نرگس پرداختی', email: `buyer${buyer.mobile.slice(-7)}@example.com` },
      buyer.token,
    );
    const order = await submitCart(t.app, buyer, [HOSTING_MONTH]);
    // As an account that paid before checkout saved its name to the profile.
    await t.app.db
      .update(users)
      .set({ firstName: null, lastName: null })
      .where(eq(users.id, buyer.id));
    const forOrder = await ok(t.app, '/api/pay/claim-transfer', cardClaimOf(order.id), buyer.token);

    const nameless = await createSignedInUser(t.app, { firstName: null, lastName: null });
    const topUp = await ok(
      t.app,
      '/api/pay/claim-transfer',
      {
        method: 'bank-transfer',
        amountRial: 2_000_000,
        transferReference: freshReference(),
        transferredAt: aLittleWhileAgo(),
      },
      nameless.token,
    );

    const queue = await ok(t.app, adminListTransferClaims.path, { status: 'pending' }, admin.token);
    const customerOf = (id: string) => queue.items.find((item) => item.id === id)?.customer;
    expect(customerOf(forOrder.id)).toEqual({
      id: buyer.id,
      name: 'نرگس پرداختی',
      mobile: buyer.mobile,
    });
    expect(customerOf(topUp.id)).toEqual({ id: nameless.id, name: null, mobile: nameless.mobile });
  });
});

describe('a claim for a top-up', () => {
  test('by bank transfer credits the wallet once confirmed, with a numbered receipt', async () => {
    const customer = await createCustomer(t.app);
    const claimed = await ok(
      t.app,
      '/api/pay/claim-transfer',
      {
        method: 'bank-transfer',
        amountRial: 2_000_000,
        transferReference: 'paya 140508 ۱۲',
        transferredAt: aLittleWhileAgo(),
      },
      customer.token,
    );
    expect(claimed).toMatchObject({
      purpose: 'top-up',
      orderId: null,
      amountRial: 2_000_000,
      status: 'pending',
      transferReference: 'PAYA14050812',
      cardLast4: null,
    });
    expect(await readBalance(t.app.db, customer.id)).toBe(0);

    expect((await confirm(claimed.id)).statusCode).toBe(200);
    expect(await readBalance(t.app.db, customer.id)).toBe(2_000_000);
    const documents = await ok(t.app, '/api/user/billing/list-documents', {}, customer.token);
    expect(documents.items.map((item) => [item.kind, item.totalRial])).toEqual([
      ['receipt', 2_000_000],
    ]);
    const receipts = await t.app.db
      .select()
      .from(billingDocuments)
      .where(eq(billingDocuments.paymentId, claimed.id));
    expect(receipts).toHaveLength(1);

    await t.app.jobs.drain();
    expect(transferTexts(customer)).toEqual([
      expect.stringContaining('اعتبار کیف پول شما افزایش یافت'),
    ]);
    await expectBooksBalanced(t.app.db);
  });
});

describe('rejecting a claim', () => {
  test('leaves the order pending, tells the customer why, and frees the tracking number', async () => {
    const { customer, order } = await pendingOrder();
    const claimed = await ok(
      t.app,
      '/api/pay/claim-transfer',
      cardClaimOf(order.id),
      customer.token,
    );
    // The order's window ran out while staff looked: rejecting gives a fresh one.
    await t.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.id));
    const reason = 'مبلغی با این کد پیگیری به حساب شرکت نرسیده است';
    const rejected = await ok(
      t.app,
      adminRejectTransfer.path,
      { paymentId: claimed.id, reason },
      admin.token,
    );
    expect(rejected).toMatchObject({ status: 'failed', rejectionReason: reason });

    const after = await orderOf(customer, order.id);
    expect(after.status).toBe('pending');
    expect(after.awaitingConfirmation).toBeNull();
    expect(Date.parse(after.expiresAt)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(after.payments).toEqual([expect.objectContaining({ id: claimed.id, status: 'failed' })]);
    await expireOrders(t.app.db);
    expect((await orderOf(customer, order.id)).status).toBe('pending');

    const mine = await ok(t.app, '/api/user/account/list-transfer-claims', {}, customer.token);
    expect(mine.items).toEqual([
      expect.objectContaining({ id: claimed.id, status: 'failed', rejectionReason: reason }),
    ]);
    const audit = await auditRowsOf(t.app, 'payment', claimed.id);
    expect(audit.map((row) => [row.action, row.reason])).toEqual([
      ['billing.transfer.reject', reason],
    ]);

    await t.app.jobs.drain();
    const texts = transferTexts(customer);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(reason);
    const mails = transferMails(customer);
    expect(mails.map((entry) => entry.subject)).toEqual(['پرداخت کارت به کارت شما تأیید نشد']);
    expect(mails[0]?.text).toContain(reason);

    // A rejected claim is never confirmed later.
    const late = await refused(
      t.app,
      adminConfirmTransfer.path,
      { paymentId: claimed.id },
      admin.token,
      409,
    );
    expect(late.code).toBe('CONFLICT');
    // Its tracking number is free again: the customer may claim with it once more.
    const retried = await ok(
      t.app,
      '/api/pay/claim-transfer',
      cardClaimOf(order.id, { transferReference: claimed.transferReference }),
      customer.token,
    );
    expect(retried.status).toBe('pending');
    await expectBooksBalanced(t.app.db);
  });

  test('needs a reason', async () => {
    const error = await refused(
      t.app,
      adminRejectTransfer.path,
      { paymentId: anyId, reason: ' ' },
      admin.token,
      400,
    );
    expect(error.fields?.reason).toBe(TRANSFER_CLAIM_MESSAGES.reason);
  });
});

describe('bad input is refused with a Persian message on its field, and nothing is written', () => {
  async function expectRefused(
    customer: Customer,
    body: unknown,
    status: number,
    field: string,
    message?: string,
  ) {
    const before = await paymentsOf(customer.id);
    const error = await refused(t.app, '/api/pay/claim-transfer', body, customer.token, status);
    expect(error.fields?.[field], JSON.stringify(error)).toBeDefined();
    expect(error.fields?.[field]).toMatch(/[\u0600-\u06FF]/);
    if (message) expect(error.fields?.[field]).toBe(message);
    expect(await paymentsOf(customer.id)).toEqual(before);
    return error;
  }

  test('a method staff have switched off', async () => {
    const { customer, order } = await pendingOrder();
    await enableTransfers(t.app.db, admin.id, { bankTransfer: false });
    try {
      await expectRefused(
        customer,
        { ...cardClaimOf(order.id), method: 'bank-transfer' },
        400,
        'method',
        TRANSFER_CLAIM_MESSAGES.methodDisabled,
      );
    } finally {
      await enableTransfers(t.app.db, admin.id);
    }
  });

  test('a tracking number already claimed on another order, in whatever digits it is typed', async () => {
    const { customer, order } = await pendingOrder();
    const other = await pendingOrder();
    await ok(
      t.app,
      '/api/pay/claim-transfer',
      cardClaimOf(order.id, { transferReference: '7731900415' }),
      customer.token,
    );
    const error = await expectRefused(
      other.customer,
      cardClaimOf(other.order.id, { transferReference: '۷۷۳۱ ۹۰۰ ۴۱۵' }),
      409,
      'transferReference',
      'این کد پیگیری پیش‌تر برای پرداخت دیگری ثبت شده است',
    );
    expect(error.code).toBe('CONFLICT');
    expect((await orderOf(other.customer, other.order.id)).payments).toEqual([]);
  });

  test('a receipt that is not an image', async () => {
    const { customer, order } = await pendingOrder();
    const pdf = await uploaded(t.app, customer, { name: 'receipt.pdf', bytes: SAMPLE_FILES.pdf });
    await expectRefused(
      customer,
      cardClaimOf(order.id, { receiptAttachmentId: pdf.id }),
      400,
      'receiptAttachmentId',
      TRANSFER_CLAIM_MESSAGES.receiptNotImage,
    );
    // Not kept: the upload is still the customer's to send with a message.
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.id, pdf.id));
    expect(row?.keptAt).toBeNull();
  });

  test('a transfer time in the future, too long ago, or not a date', async () => {
    const { customer, order } = await pendingOrder();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    await expectRefused(
      customer,
      cardClaimOf(order.id, { transferredAt: inAnHour }),
      400,
      'transferredAt',
      TRANSFER_CLAIM_MESSAGES.transferredInFuture,
    );
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3_600_000).toISOString();
    await expectRefused(
      customer,
      cardClaimOf(order.id, { transferredAt: eightDaysAgo }),
      400,
      'transferredAt',
      TRANSFER_CLAIM_MESSAGES.transferredTooLongAgo,
    );
    await expectRefused(
      customer,
      cardClaimOf(order.id, { transferredAt: 'دیروز' }),
      400,
      'transferredAt',
      TRANSFER_CLAIM_MESSAGES.transferredAt,
    );
  });

  test('card digits that are not four, or none for card-to-card', async () => {
    const { customer, order } = await pendingOrder();
    for (const cardLast4 of ['123', '12345', '12a4', '۱۲۳']) {
      await expectRefused(
        customer,
        cardClaimOf(order.id, { cardLast4 }),
        400,
        'cardLast4',
        TRANSFER_CLAIM_MESSAGES.cardLast4,
      );
    }
    const { cardLast4: _none, ...withoutCard } = cardClaimOf(order.id);
    await expectRefused(customer, withoutCard, 400, 'cardLast4', TRANSFER_CLAIM_MESSAGES.cardLast4);
  });

  test('an amount that is not what is left of the order, or a top-up out of bounds', async () => {
    const { customer, order } = await pendingOrder();
    const error = await expectRefused(
      customer,
      cardClaimOf(order.id, { amountRial: order.payableRial - 10_000 }),
      400,
      'amountRial',
    );
    expect(error.message).toContain('دقیقاً برابر باقی‌ماندهٔ سفارش');
    const topUp = { ...cardClaimOf(anyId), orderId: undefined };
    await expectRefused(customer, topUp, 400, 'amountRial', TRANSFER_CLAIM_MESSAGES.target);
    await expectRefused(
      customer,
      { ...topUp, amountRial: 50_000 },
      400,
      'amountRial',
      TRANSFER_CLAIM_MESSAGES.topUpMin,
    );
    await expectRefused(
      customer,
      { ...topUp, amountRial: 600_000_000 },
      400,
      'amountRial',
      TRANSFER_CLAIM_MESSAGES.topUpMax,
    );
  });

  test('a tracking number too short or with other characters', async () => {
    const { customer, order } = await pendingOrder();
    for (const transferReference of ['12', 'AB-1234', '', 'x'.repeat(41)]) {
      await expectRefused(
        customer,
        cardClaimOf(order.id, { transferReference }),
        400,
        'transferReference',
        TRANSFER_CLAIM_MESSAGES.transferReference,
      );
    }
  });
});

describe('ownership and authorization', () => {
  test('another customer’s order or receipt answers as one that does not exist', async () => {
    const { customer, order } = await pendingOrder();
    const stranger = await createCustomer(t.app);
    const theirs = await refused(
      t.app,
      '/api/pay/claim-transfer',
      cardClaimOf(order.id),
      stranger.token,
      404,
    );
    const nobodys = await refused(
      t.app,
      '/api/pay/claim-transfer',
      cardClaimOf(anyId),
      stranger.token,
      404,
    );
    expect(theirs.message).toBe(nobodys.message);
    const receipt = await uploaded(t.app, customer, { name: 'r.png', bytes: SAMPLE_FILES.png });
    const topUp = {
      method: 'bank-transfer',
      amountRial: 1_000_000,
      transferReference: freshReference(),
      transferredAt: aLittleWhileAgo(),
    } as const;
    const theirReceipt = await refused(
      t.app,
      '/api/pay/claim-transfer',
      { ...topUp, receiptAttachmentId: receipt.id },
      stranger.token,
      404,
    );
    expect(theirReceipt.fields?.receiptAttachmentId).toBe(TRANSFER_CLAIM_MESSAGES.receiptNotFound);
    expect(await paymentsOf(stranger.id)).toEqual([]);
    expect((await orderOf(customer, order.id)).payments).toEqual([]);
  });

  test('staff calls: the queue is billing.read, confirming and rejecting billing.manage', async () => {
    await expectStaffOnly(t.app, adminListTransferClaims, {});
    await expectStaffOnly(t.app, adminConfirmTransfer, { paymentId: anyId });
    await expectStaffOnly(t.app, adminRejectTransfer, { paymentId: anyId, reason: 'پیدا نشد' });
    const supportQueue = await send(t.app, adminListTransferClaims.path, {}, support.token);
    expect(supportQueue.statusCode).toBe(200);
  });

  test('neither the customer nor support can confirm a real claim; it stays pending', async () => {
    const { customer, order } = await pendingOrder();
    const claimed = await ok(
      t.app,
      '/api/pay/claim-transfer',
      cardClaimOf(order.id),
      customer.token,
    );
    for (const who of [customer, support]) {
      const error = await refused(
        t.app,
        adminConfirmTransfer.path,
        { paymentId: claimed.id },
        who.token,
        403,
      );
      expect(error.code).toBe('FORBIDDEN');
    }
    const [row] = await t.app.db.select().from(payments).where(eq(payments.id, claimed.id));
    expect(row?.status).toBe('pending');
    expect((await orderOf(customer, order.id)).status).toBe('pending');
  });

  test('a gateway payment is not a claim: staff cannot confirm it here', async () => {
    const { customer, order } = await pendingOrder();
    const started = await ok(t.app, '/api/pay/pay-order', { orderId: order.id }, customer.token);
    await refused(
      t.app,
      adminConfirmTransfer.path,
      { paymentId: started.paymentId },
      admin.token,
      404,
    );
  });
});

describe('the staff queue', () => {
  test('lists waiting claims first, oldest first, and filters by status', async () => {
    const { customer, order } = await pendingOrder();
    const older = await ok(t.app, '/api/pay/claim-transfer', cardClaimOf(order.id), customer.token);
    const other = await pendingOrder();
    const newer = await ok(
      t.app,
      '/api/pay/claim-transfer',
      cardClaimOf(other.order.id),
      other.customer.token,
    );
    const queue = await ok(t.app, adminListTransferClaims.path, { pageSize: 100 }, admin.token);
    const statuses = queue.items.map((item) => item.status);
    const firstReviewed = statuses.findIndex((status) => status !== 'pending');
    expect(firstReviewed).toBeGreaterThan(0);
    expect(statuses.slice(firstReviewed).every((status) => status !== 'pending')).toBe(true);
    const ids = queue.items.map((item) => item.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(queue.total).toBe(
      Number(
        (
          (await t.app.db.execute(
            sql`select count(*) as n from payments where transfer_reference is not null`,
          )) as unknown as { rows: Array<{ n: string }> }
        ).rows[0]?.n,
      ),
    );

    const rejectedOnly = await ok(
      t.app,
      adminListTransferClaims.path,
      { status: 'failed' },
      admin.token,
    );
    expect(rejectedOnly.items.every((item) => item.status === 'failed')).toBe(true);
    const [pendingCount] = await t.app.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(payments)
      .where(and(eq(payments.status, 'pending'), sql`${payments.transferReference} is not null`));
    const pendingOnly = await ok(
      t.app,
      adminListTransferClaims.path,
      { status: 'pending', pageSize: 100 },
      admin.token,
    );
    expect(pendingOnly.total).toBe(pendingCount?.n);
  });
});

describe('the staff queue, page after page', () => {
  /**
   * Fifteen bank-transfer top-ups of one new customer, three at each instant (to the
   * microsecond): seven waiting, then paid and rejected ones. Answers their ids in the queue's
   * order: waiting oldest first, then reviewed latest first, the id breaking ties.
   */
  async function queueOfFifteen() {
    const customer = await createCustomer(t.app);
    const reference = freshReference();
    const inserted = (await t.app.db.execute(sql`
      insert into payments (user_id, purpose, amount_rial, gateway, status, transfer_reference,
        transferred_at, reviewed_at, created_at)
      select ${customer.id}::uuid, 'top-up', 1000000, 'bank-transfer',
        case when n <= 7 then 'pending' when n % 2 = 0 then 'paid' else 'failed' end,
        ${reference} || '-' || n, now(), case when n > 7 then now() end,
        timestamptz '2026-02-01 08:00:00.654321+00' + ((n - 1) / 3) * interval '1.000001 second'
      from generate_series(1, 15) n
      returning id, status, created_at`)) as unknown as {
      rows: Array<{ id: string; status: string; created_at: string | Date }>;
    };
    const rows = inserted.rows.map((row) => ({
      id: row.id,
      status: row.status,
      at: new Date(row.created_at).getTime(),
    }));
    const byTimeThenId = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
      a.at - b.at || (a.id < b.id ? -1 : 1);
    const waiting = rows.filter((row) => row.status === 'pending').sort(byTimeThenId);
    const reviewed = rows
      .filter((row) => row.status !== 'pending')
      .sort(byTimeThenId)
      .reverse();
    return { customer, order: [...waiting, ...reviewed].map((row) => row.id), rows };
  }

  async function everyPage(body: Record<string, unknown>, pageSize: number) {
    const byNumber: string[] = [];
    const first = await ok(t.app, adminListTransferClaims.path, { ...body, pageSize }, admin.token);
    const pages = Math.ceil(first.total / pageSize);
    for (let page = 1; page <= pages; page += 1) {
      const answer = await ok(
        t.app,
        adminListTransferClaims.path,
        { ...body, page, pageSize },
        admin.token,
      );
      byNumber.push(...answer.items.map((item) => item.id));
    }
    const byCursor: string[] = [];
    let after: string | undefined;
    for (let step = 0; step <= pages; step += 1) {
      const answer = await ok(
        t.app,
        adminListTransferClaims.path,
        { ...body, pageSize, ...(after ? { after } : {}) },
        admin.token,
      );
      expect(answer).toMatchObject({ total: first.total, totalIsEstimate: false });
      byCursor.push(...answer.items.map((item) => item.id));
      if (!answer.nextCursor) break;
      after = answer.nextCursor;
    }
    return { byNumber, byCursor, total: first.total };
  }

  test('pages by cursor give the claims pages by number give, across the waiting and reviewed parts, ties included', async () => {
    const { order } = await queueOfFifteen();
    const mine = new Set(order);
    for (const body of [{}, { method: 'bank-transfer' }]) {
      const { byNumber, byCursor, total } = await everyPage(body, 4);
      expect(byNumber).toHaveLength(total);
      expect(new Set(byNumber).size).toBe(total);
      expect(byCursor).toEqual(byNumber);
      expect(byNumber.filter((id) => mine.has(id))).toEqual(order);
    }
    for (const status of ['pending', 'paid', 'failed'] as const) {
      const { byNumber, byCursor, total } = await everyPage({ status }, 3);
      expect(new Set(byNumber).size).toBe(total);
      expect(byCursor).toEqual(byNumber);
      const listed = await t.app.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.status, status), sql`${payments.transferReference} is not null`));
      expect(new Set(byNumber)).toEqual(new Set(listed.map((row) => row.id)));
    }
  });

  test('the customer’s own claims page in the same order, a page past the end still counts them', async () => {
    const { customer, order } = await queueOfFifteen();
    const byNumber: string[] = [];
    for (let page = 1; page <= 6; page += 1) {
      const answer = await ok(
        t.app,
        '/api/user/account/list-transfer-claims',
        { page, pageSize: 3 },
        customer.token,
      );
      expect(answer).toMatchObject({ total: 15, page, pageSize: 3 });
      byNumber.push(...answer.items.map((item) => item.id));
    }
    expect(byNumber).toEqual(order);
    const reviewedOnly = await ok(
      t.app,
      '/api/user/account/list-transfer-claims',
      { status: 'paid', page: 2, pageSize: 2 },
      customer.token,
    );
    expect(reviewedOnly.total).toBe(4);
    expect(reviewedOnly.items.map((item) => item.status)).toEqual(['paid', 'paid']);
  });

  test('a cursor that is not one the queue gave is a field error', async () => {
    const foreign = Buffer.from(JSON.stringify(['2026-02-01 08:00:00+00', '12345'])).toString(
      'base64url',
    );
    for (const after of ['not-a-cursor', foreign]) {
      const error = await refused(t.app, adminListTransferClaims.path, { after }, admin.token, 400);
      expect(error.fields).toHaveProperty('after');
    }
  });
});
