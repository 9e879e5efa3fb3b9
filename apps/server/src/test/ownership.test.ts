import { randomBytes, randomUUID } from 'node:crypto';
import { TICKET_ATTACHMENT_PATH } from '@vitrin/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { hashPassword } from '../modules/accounts/password';
import { startSession } from '../modules/accounts/sessions.service';
import { sealRegistrarCredentials } from '../modules/domains/registrars';
import { freshLiveDomain, giveDomain } from '../modules/live/live-test-kit';
import {
  type Customer,
  createCustomer,
  fillCart,
  grantCredit,
  submitCart,
} from '../modules/orders/checkout-test-kit';
import {
  aLittleWhileAgo,
  cardClaimOf,
  enableTransfers,
  freshReference,
} from '../modules/orders/manual-payments-test-kit';
import { buyService, freshDomain } from '../modules/services/panel-test-kit';
import {
  NEW_TICKET,
  openTicket,
  SAMPLE_FILES,
  uploaded,
} from '../modules/tickets/tickets-test-kit';
import { FakeIrnicServer } from '../providers/registrar/fake-irnic-server';
import { SANDBOX_HOST_STATUS } from '../providers/registrar/sandbox-registrar';
import {
  discountCodes,
  domainContactHandles,
  domainContacts,
  domainHosts,
  domains,
  registrarAccounts,
  sandboxRegistryNames,
  users,
} from '../schema';
import { ok, send } from './api-kit';
import { contractCalls } from './contract-calls';
import { selfSignedCertificate } from './self-signed';
import { createStaff } from './staff-kit';
import { setupTestApp } from './test-app';

// Issue 18 (decisions 0013 "Ownership" and 0017): every call a customer may make that names a
// record by an identifier answers another customer's record as it answers one that does not
// exist, 404 NOT_FOUND, and changes nothing of it. Two calls answer an unknown value without a
// 404 by design (a typed discount code, an idempotent delete); they must answer someone else's
// record exactly as that. The calls are found from the request schemas, so a new id-taking call
// fails here until this file says how to point it at someone's record.

type Response = Awaited<ReturnType<typeof send>>;

const t = setupTestApp({ seedDemoData: true });

/** Request fields that name something: ids and id lists, tokens, codes, slugs, domains. */
const IDENTIFIER_FIELD =
  /^(id|\w+Id|\w+Ids|token|\w*Token|code|slug|\w+Slug|domainName|authority)$/;

interface IdTakingCall {
  path: string;
  access: 'user' | 'public';
  /** The request's identifier fields, sorted. */
  fields: string[];
}

function identifierFields(path: string, schema: unknown): string[] {
  const shape = schema as { type?: string; properties?: Record<string, unknown> };
  // A body that is not one object (a union, say) would hide its fields from this search.
  expect(shape.type, `${path}: the request body is one object`).toBe('object');
  return Object.keys(shape.properties ?? {})
    .filter((name) => IDENTIFIER_FIELD.test(name))
    .sort();
}

/** The customer and visitor calls of the contracts whose request names something. */
function contractIdTakingCalls(): IdTakingCall[] {
  const found: IdTakingCall[] = [];
  for (const call of contractCalls) {
    if (call.access !== 'user' && call.access !== 'public') continue;
    const schema = z.toJSONSchema(call.request, { io: 'input', unrepresentable: 'any' });
    const fields = identifierFields(call.path, schema);
    if (fields.length > 0) found.push({ path: call.path, access: call.access, fields });
  }
  return found;
}

/**
 * Routes outside the contracts (the attachment read-back, the upload), read from the OpenAPI
 * document the server publishes. Staff routes (`/api/admin/`) are the role matrix's concern.
 */
function otherIdTakingRoutes(app: FastifyInstance): IdTakingCall[] {
  const contractPaths = new Set(contractCalls.map((call) => call.path));
  const documented = (
    app.swagger() as {
      paths: Record<
        string,
        { post?: { requestBody?: { content?: Record<string, { schema?: unknown }> } } }
      >;
    }
  ).paths;
  const found: IdTakingCall[] = [];
  for (const [path, methods] of Object.entries(documented)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/admin/') || contractPaths.has(path)) {
      continue;
    }
    const schema = methods.post?.requestBody?.content?.['application/json']?.schema;
    if (!schema) continue; // multipart: the upload names nothing
    const fields = identifierFields(path, schema);
    if (fields.length > 0) found.push({ path, access: 'user', fields });
  }
  return found;
}

/** One customer's records: each one another customer must not reach. */
interface Records {
  pendingOrderId: string;
  /** Paid with wallet credit; it made `serviceId`. */
  paidOrderId: string;
  /** The paid order's sales invoice. */
  invoiceId: string;
  serviceId: string;
  /** An active business e-mail service (issue 35 item 3) with its mailbox `owncheck`. */
  mailServiceId: string;
  ticketId: string;
  /** Sent with the ticket's first message. */
  sentAttachmentId: string;
  /** Uploaded, never sent: one to read back, one for each call that attaches. */
  looseAttachmentIds: readonly [string, string, string, string];
  /** A second signed-in device's session (a refresh-token family). */
  otherSessionId: string;
  /** A domain of one of their services, whose live visitors they watch. */
  liveDomain: string;
  cartLineId: string;
  /** A discount code only they may use. */
  personalCode: string;
  /** A domain they hold (issue 38), at the sandbox registry. */
  domainId: string;
  /** A transfer of theirs waiting for its code. */
  transferDomainId: string;
  /** A domain of theirs in redemption, to restore; and a transfer of theirs to call off. */
  redemptionDomainId: string;
  cancellableTransferId: string;
  /** An .ir name of theirs at IRNIC still naming their earlier holder, to change the holder of. */
  holderChange: { domainId: string; name: string };
  /** A plan their service may move to (a downgrade), and the difference they were shown. */
  planChange: { productId: string; differenceRial: number };
}

interface Case {
  /** The identifier field that names the target's record. */
  field: string;
  /** The body: `target`'s record in `field`; `own` is the caller's, for any other field. */
  body(target: Records, own: Records): Record<string, unknown>;
  /**
   * Set (to why) when by design the call answers an unknown value without a 404, and so
   * answers someone else's record exactly as that instead.
   */
  answersAsUnknown?: string;
}

interface OwnedRecordCall {
  cases: Case[];
  /** Identifier fields of the call that name nothing of a customer's, and why. */
  notOwned?: Record<string, string>;
}

const VISITOR_CART_TOKEN =
  "a visitor's cart token is a bearer secret (decision 0011); a signed-in customer's cart has none";

/**
 * Every id-taking call that can name a customer's record, and how to point it at one. Customer
 * A makes these calls in this order at the end, so the calls that change A's records (the cart,
 * a renewal, a reply, a cancellation, a closed ticket, an ended session) come last.
 */
const OWNED_RECORD_CALLS: Record<string, OwnedRecordCall> = {
  '/api/cart/order-get-detail': {
    cases: [{ field: 'orderId', body: (target) => ({ orderId: target.paidOrderId }) }],
  },
  '/api/user/orders/order-get-detail': {
    cases: [{ field: 'orderId', body: (target) => ({ orderId: target.pendingOrderId }) }],
  },
  '/api/user/billing/get-document': {
    cases: [
      { field: 'documentId', body: (target) => ({ documentId: target.invoiceId }) },
      { field: 'orderId', body: (target) => ({ orderId: target.pendingOrderId }) },
    ],
  },
  '/api/user/billing/download-document-pdf': {
    cases: [
      { field: 'documentId', body: (target) => ({ documentId: target.invoiceId }) },
      { field: 'orderId', body: (target) => ({ orderId: target.paidOrderId }) },
    ],
  },
  '/api/user/orders/get-order-successful-payments': {
    cases: [{ field: 'orderId', body: (target) => ({ orderId: target.paidOrderId }) }],
  },
  '/api/user/services/get-service-detail': {
    cases: [{ field: 'serviceId', body: (target) => ({ serviceId: target.serviceId }) }],
  },
  '/api/user/tickets/get-ticket-detail': {
    cases: [{ field: 'ticketId', body: (target) => ({ ticketId: target.ticketId }) }],
  },
  '/api/user/tickets/get-ticket-replies': {
    cases: [{ field: 'ticketId', body: (target) => ({ ticketId: target.ticketId }) }],
  },
  [TICKET_ATTACHMENT_PATH]: {
    cases: [
      { field: 'attachmentId', body: (target) => ({ attachmentId: target.sentAttachmentId }) },
      {
        field: 'attachmentId',
        body: (target) => ({ attachmentId: target.looseAttachmentIds[0] }),
      },
    ],
  },
  '/api/user/live/get-live-activity': {
    cases: [{ field: 'domainName', body: (target) => ({ domainName: target.liveDomain }) }],
  },
  '/api/user/services/get-service-access': {
    cases: [{ field: 'serviceId', body: (target) => ({ serviceId: target.serviceId }) }],
  },
  '/api/user/services/get-service-delivery': {
    cases: [{ field: 'serviceId', body: (target) => ({ serviceId: target.serviceId }) }],
  },
  '/api/user/services/reveal-delivery-details': {
    cases: [
      {
        field: 'serviceId',
        body: (target) => ({ serviceId: target.serviceId, password: OWN_PASSWORD }),
      },
    ],
  },
  '/api/user/services/list-mailboxes': {
    cases: [{ field: 'serviceId', body: (target) => ({ serviceId: target.mailServiceId }) }],
  },
  '/api/user/services/reset-mailbox-password': {
    cases: [
      {
        field: 'serviceId',
        body: (target) => ({
          serviceId: target.mailServiceId,
          localPart: 'owncheck',
          password: MAILBOX_PASSWORD,
        }),
      },
    ],
  },
  '/api/user/services/set-mailbox-quota': {
    cases: [
      {
        field: 'serviceId',
        body: (target) => ({
          serviceId: target.mailServiceId,
          localPart: 'owncheck',
          quotaMb: 2048,
        }),
      },
    ],
  },
  '/api/user/services/create-mailbox': {
    cases: [
      {
        field: 'serviceId',
        body: (target) => ({
          serviceId: target.mailServiceId,
          localPart: 'second',
          password: MAILBOX_PASSWORD,
          quotaMb: 1024,
        }),
      },
    ],
  },
  '/api/user/services/delete-mailbox': {
    cases: [
      {
        field: 'serviceId',
        body: (target) => ({ serviceId: target.mailServiceId, localPart: 'owncheck' }),
      },
    ],
  },
  '/api/user/services/open-control-panel': {
    cases: [{ field: 'serviceId', body: (target) => ({ serviceId: target.serviceId }) }],
  },
  '/api/user/services/reveal-panel-password': {
    cases: [
      {
        field: 'serviceId',
        body: (target) => ({ serviceId: target.serviceId, password: OWN_PASSWORD }),
      },
    ],
  },
  '/api/user/services/reset-panel-password': {
    cases: [
      {
        field: 'serviceId',
        body: (target) => ({ serviceId: target.serviceId, password: OWN_PASSWORD }),
      },
    ],
  },
  '/api/user/services/request-cancellation': {
    cases: [
      {
        field: 'serviceId',
        // Withdrawing a request that was never made changes nothing of A's.
        body: (target) => ({ serviceId: target.serviceId, cancel: false }),
      },
    ],
  },
  '/api/user/services/get-plan-change-options': {
    cases: [{ field: 'serviceId', body: (target) => ({ serviceId: target.serviceId }) }],
  },
  '/api/user/services/change-plan': {
    cases: [
      {
        field: 'serviceId',
        body: (target, own) => ({
          serviceId: target.serviceId,
          productId: own.planChange.productId,
          expectedDifferenceRial: own.planChange.differenceRial,
        }),
      },
    ],
    notOwned: { productId: 'names a plan of the public catalog the service would move to' },
  },
  '/api/user/domains/get-domain': {
    cases: [{ field: 'id', body: (target) => ({ id: target.domainId }) }],
  },
  '/api/user/domains/get-dns': {
    cases: [{ field: 'id', body: (target) => ({ id: target.domainId }) }],
  },
  '/api/user/domains/save-dns': {
    cases: [
      {
        field: 'id',
        body: (target) => ({
          id: target.domainId,
          records: [{ name: '@', type: 'A', ttl: 3600, content: '192.0.2.10' }],
        }),
      },
    ],
  },
  '/api/user/domains/request-holder-pin': {
    cases: [{ field: 'id', body: (target) => ({ id: target.holderChange.domainId }) }],
  },
  '/api/user/domains/change-holder': {
    cases: [
      {
        field: 'id',
        // The PIN IRNIC sent the holder after request-holder-pin (called first, in this order).
        body: (target) => ({
          id: target.holderChange.domainId,
          pin: irnic.pinOf(target.holderChange.name) ?? '123456789',
        }),
      },
    ],
  },
  '/api/user/domains/set-lock': {
    cases: [{ field: 'id', body: (target) => ({ id: target.domainId, locked: true }) }],
  },
  '/api/user/domains/reveal-auth-code': {
    cases: [{ field: 'id', body: (target) => ({ id: target.domainId, password: OWN_PASSWORD }) }],
  },
  '/api/user/domains/renew-domain': {
    cases: [{ field: 'id', body: (target) => ({ id: target.domainId, years: 1 }) }],
  },
  '/api/user/domains/set-auto-renew': {
    cases: [{ field: 'id', body: (target) => ({ id: target.domainId, autoRenew: false }) }],
  },
  '/api/user/domains/set-nameservers': {
    cases: [
      {
        field: 'id',
        body: (target) => ({ id: target.domainId, nameservers: ['ns1.own.ir', 'ns2.own.ir'] }),
      },
    ],
  },
  '/api/user/domains/save-host': {
    cases: [
      {
        field: 'id',
        body: (target) => ({ id: target.domainId, host: 'ns1', addresses: ['192.0.2.53'] }),
      },
    ],
  },
  // Their child nameserver `ns2`, made with the domain; not one of its nameservers.
  '/api/user/domains/delete-host': {
    cases: [{ field: 'id', body: (target) => ({ id: target.domainId, host: 'ns2' }) }],
  },
  '/api/user/domains/submit-transfer-code': {
    cases: [
      { field: 'id', body: (target) => ({ id: target.transferDomainId, authCode: 'Own-Code#1' }) },
    ],
  },
  '/api/user/domains/restore-domain': {
    cases: [{ field: 'id', body: (target) => ({ id: target.redemptionDomainId, years: 1 }) }],
  },
  '/api/user/domains/cancel-transfer': {
    cases: [{ field: 'id', body: (target) => ({ id: target.cancellableTransferId }) }],
  },
  '/api/user/services/renew-service': {
    cases: [{ field: 'serviceId', body: (target) => ({ serviceId: target.serviceId }) }],
  },
  '/api/user/tickets/submit-ticket': {
    cases: [
      { field: 'serviceId', body: (target) => ({ ...NEW_TICKET, serviceId: target.serviceId }) },
      {
        field: 'attachmentIds',
        body: (target) => ({ ...NEW_TICKET, attachmentIds: [target.looseAttachmentIds[1]] }),
      },
    ],
  },
  '/api/user/tickets/submit-reply': {
    cases: [
      { field: 'ticketId', body: (target) => ({ ticketId: target.ticketId, body: 'پاسخ آزمون' }) },
      {
        field: 'attachmentIds',
        body: (target, own) => ({
          ticketId: own.ticketId,
          body: 'پیوست آزمون',
          attachmentIds: [target.looseAttachmentIds[2]],
        }),
      },
    ],
  },
  '/api/cart/update-cart-product': {
    cases: [
      { field: 'lineId', body: (target) => ({ lineId: target.cartLineId, cycle: 'annual' }) },
    ],
    notOwned: { cartToken: VISITOR_CART_TOKEN },
  },
  '/api/pay/pay-order': {
    cases: [{ field: 'orderId', body: (target) => ({ orderId: target.pendingOrderId }) }],
  },
  '/api/cart/use-wallet-in-order': {
    cases: [
      {
        field: 'orderId',
        body: (target) => ({ orderId: target.pendingOrderId, amountRial: 10_000 }),
      },
    ],
  },
  '/api/pay/claim-transfer': {
    cases: [
      { field: 'orderId', body: (target) => cardClaimOf(target.pendingOrderId) },
      {
        field: 'receiptAttachmentId',
        body: (target) => ({
          method: 'bank-transfer',
          amountRial: 1_000_000,
          transferReference: freshReference(),
          transferredAt: aLittleWhileAgo(),
          receiptAttachmentId: target.looseAttachmentIds[3],
        }),
      },
    ],
  },
  '/api/cart/apply-discount-code-in-cart': {
    cases: [
      {
        field: 'code',
        body: (target) => ({ code: target.personalCode }),
        answersAsUnknown:
          'a code is typed, and one that does not apply is DISCOUNT_INVALID on its field (decision 0012); a personal code of someone else reads as unknown (decision 0017)',
      },
    ],
    notOwned: { cartToken: VISITOR_CART_TOKEN },
  },
  '/api/cart/delete-cart-products': {
    cases: [
      {
        field: 'lineIds',
        body: (target) => ({ lineIds: [target.cartLineId] }),
        answersAsUnknown:
          "deleting is idempotent: lines not in the caller's cart are a no-op, answered with the caller's cart (cart.service.ts)",
      },
    ],
    notOwned: { cartToken: VISITOR_CART_TOKEN },
  },
  '/api/jwt/revoke-user-refresh-token': {
    cases: [{ field: 'id', body: (target) => ({ id: target.otherSessionId }) }],
  },
  '/api/user/orders/cancel-order': {
    cases: [{ field: 'orderId', body: (target) => ({ orderId: target.pendingOrderId }) }],
  },
  '/api/user/tickets/close-ticket': {
    cases: [{ field: 'ticketId', body: (target) => ({ ticketId: target.ticketId }) }],
  },
};

/** Id-taking calls whose identifiers name nothing that belongs to a customer, and why. */
const NOT_USER_OWNED: Record<string, string> = {
  '/api/cart/add-to-cart':
    'productId and themeId name the public catalog, domainName the domain wanted for a new service; cartToken: a visitor cart is a bearer secret (decision 0011)',
  '/api/cart/add-domain-to-cart':
    'name is the domain wanted, asked of its registry; cartToken: a visitor cart is a bearer secret (decision 0011)',
  '/api/user/domains/save-contact':
    "companyId is the holder company's national id typed for the registry, not a record",
  '/api/cart/get-cart':
    "cartToken: a visitor's cart is a bearer secret (decision 0011); a customer's cart is found by the account",
  '/api/cart/submit-order':
    'cartToken: a visitor cart is a bearer secret, merged into the caller’s own cart (decision 0011)',
  '/api/store/get-product': 'id and slug name a published product of the public catalog',
  '/api/store/get-product-themes': 'productId and productSlug name a product of the public catalog',
  '/api/information/get-information': 'slug names a published article',
  '/api/jwt/refresh-token':
    'the refresh token is the credential itself: presenting it is signing in',
  '/api/jwt/revoke-token':
    'the refresh token is the credential itself: presenting it is signing in',
  '/api/jwt/reset-password': 'code is the one-time code sent by SMS to the number, not a record',
  '/api/jwt/verify-temporary-code': 'code is the one-time code sent by SMS, not a record',
  '/api/cart/update-user':
    "nationalId is the buyer's national code typed for the invoice, not a record",
  '/api/pay/verify-pay-order':
    "authority is the gateway's unguessable id of an attempt, the callback's capability: the payer may be signed out (decision 0012)",
};

// ---------------------------------------------------------------------------------------------
// Customers and their records

let personalCodeCounter = 0;

/** Gives `who` one of each record a customer owns, through the API where one exists. */
/** Every test customer's own password: secrets of a service are shown only after it. */
const OWN_PASSWORD = 'ownership-test-password-1405';
const MAILBOX_PASSWORD = 'Kavir-Dasht-9317-Mahtab';

const IRNIC_CREDENTIALS = {
  token: 'ownership-token',
  depositCode: '1234567890123456',
  resellerHandle: 'vi100-irnic',
};
let irnic: FakeIrnicServer;
let irnicAccountId = '';

/** The IRNIC fake and a registrar account at it, for the holder-change calls. */
async function startIrnic(app: FastifyInstance) {
  const pair = await selfSignedCertificate();
  irnic = new FakeIrnicServer({ ...pair, ...IRNIC_CREDENTIALS });
  const endpoint = await irnic.start();
  const [account] = await app.db
    .insert(registrarAccounts)
    .values({
      name: 'irnic-ownership',
      kind: 'irnic',
      endpoint,
      credentials: sealRegistrarCredentials(app.secrets, 'irnic', {
        ...IRNIC_CREDENTIALS,
        ca: pair.cert,
      }),
    })
    .returning({ id: registrarAccounts.id });
  irnicAccountId = account?.id ?? '';
}

/**
 * An .ir name of theirs at IRNIC that names the holder they were before they changed their
 * e-mail: their current details are another IRNIC contact.
 */
async function irnicNameWithEarlierHolder(app: FastifyInstance, who: Customer) {
  const email = `${who.id}@example.com`;
  await ok(
    app,
    '/api/user/domains/save-contact',
    {
      kind: 'person',
      name: 'Owner Test',
      nationalCode: '0012345679',
      email,
      phone: '09120000004',
      street: 'No. 1, Test St.',
      city: 'Tehran',
      province: 'Tehran',
      postalCode: '1458765432',
      countryCode: 'IR',
    },
    who.token,
  );
  const [contact] = await app.db
    .select()
    .from(domainContacts)
    .where(eq(domainContacts.userId, who.id));
  const earlier = irnic.addContact({ email: `earlier-${email}` });
  const current = irnic.addContact({ email });
  await app.db.insert(domainContactHandles).values({
    contactId: contact?.id ?? '',
    registrarAccountId: irnicAccountId,
    handle: current,
    version: contact?.version ?? 1,
  });
  const name = freshDomain();
  const held = irnic.addDomain({
    name,
    holder: earlier,
    reseller: IRNIC_CREDENTIALS.resellerHandle,
  });
  const [row] = await app.db
    .insert(domains)
    .values({
      userId: who.id,
      name,
      ascii: name,
      tld: 'ir',
      registrarAccountId: irnicAccountId,
      status: 'active',
      origin: 'import',
      years: 1,
      expiresAt: held.expiresAt,
      nameservers: held.nameservers,
      holderHandle: earlier,
    })
    .returning({ id: domains.id });
  return { domainId: row?.id ?? '', name };
}

async function furnish(app: FastifyInstance, who: Customer): Promise<Records> {
  await app.db
    .update(users)
    .set({ passwordHash: await hashPassword(OWN_PASSWORD) })
    .where(eq(users.id, who.id));
  const service = await buyService(app, who, {
    slug: 'host-linux-5g',
    cycle: 'monthly',
    domain: freshDomain(),
  });
  if (!service.orderId) throw new Error('the bought service names no order');
  const mailService = await buyService(app, who, {
    slug: 'email-team',
    cycle: 'monthly',
    domain: freshDomain(),
  });
  await ok(
    app,
    '/api/user/services/create-mailbox',
    { serviceId: mailService.id, localPart: 'owncheck', password: MAILBOX_PASSWORD, quotaMb: 1024 },
    who.token,
  );
  const pending = await submitCart(app, who, [{ slug: 'vps-2core', cycle: 'monthly' }]);
  const cart = await fillCart(app, { token: who.token }, [
    { slug: 'email-team', cycle: 'monthly', domain: freshDomain() },
  ]);
  const cartLineId = cart.lines[0]?.id;
  if (!cartLineId) throw new Error('the cart has no line');

  const upload = () => uploaded(app, who, { name: 'screenshot.png', bytes: SAMPLE_FILES.png });
  const sent = await upload();
  const ticket = await openTicket(app, who, { serviceId: service.id, attachmentIds: [sent.id] });
  const looseAttachmentIds = [
    (await upload()).id,
    (await upload()).id,
    (await upload()).id,
    (await upload()).id,
  ] as const;

  const liveDomain = freshLiveDomain();
  await giveDomain(app, who.id, liveDomain);
  const otherSession = await startSession(app.db, who.id, {
    userAgent: 'a second device',
    ipAddress: undefined,
  });
  personalCodeCounter += 1;
  const personalCode = `MINE${personalCodeCounter}P${process.pid}`;
  await app.db.insert(discountCodes).values({
    code: personalCode,
    title: 'کد شخصی آزمون',
    kind: 'percent',
    value: 10,
    userId: who.id,
  });
  const options = await ok(
    app,
    '/api/user/services/get-plan-change-options',
    { serviceId: service.id },
    who.token,
  );
  const downgrade = options.options.find((option) => option.productSlug === 'host-linux-1g');
  if (!downgrade) throw new Error('the service offers no downgrade');
  await grantCredit(app.db, who.id, 100_000);
  const paid = await ok(
    app,
    '/api/user/orders/order-get-detail',
    { orderId: service.orderId },
    who.token,
  );
  if (!paid.invoice) throw new Error('the paid order has no invoice');
  const [registrar] = await app.db.select({ id: registrarAccounts.id }).from(registrarAccounts);
  // A .com name: it has a transfer code to reveal.
  const [ownName, movingName] = [freshDomain('com'), freshDomain()];
  const expiresAt = new Date(Date.now() + 300 * 86_400_000);
  await app.db
    .insert(sandboxRegistryNames)
    .values({ name: ownName, sponsor: registrar?.id ?? '', expiresAt });
  const [domain, moving] = await app.db
    .insert(domains)
    .values(
      [
        {
          name: ownName,
          tld: 'com',
          status: 'active' as const,
          origin: 'import' as const,
          expiresAt,
        },
        {
          name: movingName,
          tld: 'ir',
          status: 'pending-transfer' as const,
          origin: 'transfer' as const,
        },
      ].map((row) => ({
        ...row,
        userId: who.id,
        ascii: row.name,
        registrarAccountId: registrar?.id ?? '',
        years: 1,
      })),
    )
    .returning({ id: domains.id });
  if (!domain || !moving) throw new Error('no domains');
  // A child nameserver of the name, here and at the sandbox, for the host calls to find.
  await app.db
    .insert(domainHosts)
    .values({ domainId: domain.id, name: `ns2.${ownName}`, addresses: ['192.0.2.54'] });
  await app.db.insert(sandboxRegistryNames).values({
    name: `ns2.${ownName}`,
    sponsor: registrar?.id ?? '',
    expiresAt,
    nameservers: ['192.0.2.54'],
    statuses: [SANDBOX_HOST_STATUS],
  });
  // A .com name 40 days past its expiry, in redemption at the sandbox too.
  const lapsedName = freshDomain('com');
  const lapsedAt = new Date(Date.now() - 40 * 86_400_000);
  await app.db.insert(sandboxRegistryNames).values({
    name: lapsedName,
    sponsor: registrar?.id ?? '',
    expiresAt: lapsedAt,
    statuses: ['pendingDelete', 'redemptionPeriod'],
  });
  const [lapsed, calledOff] = await app.db
    .insert(domains)
    .values(
      [
        { name: lapsedName, tld: 'com', status: 'redemption' as const, expiresAt: lapsedAt },
        { name: freshDomain(), tld: 'ir', status: 'pending-transfer' as const },
      ].map((row) => ({
        ...row,
        origin: row.status === 'redemption' ? ('import' as const) : ('transfer' as const),
        userId: who.id,
        ascii: row.name,
        registrarAccountId: registrar?.id ?? '',
        years: 1,
      })),
    )
    .returning({ id: domains.id });
  if (!lapsed || !calledOff) throw new Error('no domains to restore or call off');
  return {
    domainId: domain.id,
    transferDomainId: moving.id,
    redemptionDomainId: lapsed.id,
    cancellableTransferId: calledOff.id,
    holderChange: await irnicNameWithEarlierHolder(app, who),
    invoiceId: paid.invoice.id,
    planChange: {
      productId: downgrade.productId,
      differenceRial: downgrade.calculation.differenceRial,
    },
    pendingOrderId: pending.id,
    paidOrderId: service.orderId,
    serviceId: service.id,
    mailServiceId: mailService.id,
    ticketId: ticket.id,
    sentAttachmentId: sent.id,
    looseAttachmentIds,
    otherSessionId: otherSession.sessionId,
    liveDomain,
    cartLineId,
    personalCode,
  };
}

/** Ids of the same shapes that name nothing. */
const nobody: Records = {
  pendingOrderId: randomUUID(),
  paidOrderId: randomUUID(),
  invoiceId: randomUUID(),
  serviceId: randomUUID(),
  mailServiceId: randomUUID(),
  ticketId: randomUUID(),
  sentAttachmentId: randomUUID(),
  looseAttachmentIds: [randomUUID(), randomUUID(), randomUUID(), randomUUID()],
  otherSessionId: randomUUID(),
  liveDomain: freshLiveDomain(),
  cartLineId: randomUUID(),
  personalCode: `NOBODY${randomBytes(4).toString('hex').toUpperCase()}`,
  domainId: randomUUID(),
  transferDomainId: randomUUID(),
  redemptionDomainId: randomUUID(),
  cancellableTransferId: randomUUID(),
  holderChange: { domainId: randomUUID(), name: 'nobody.ir' },
  planChange: { productId: randomUUID(), differenceRial: 0 },
};

/** A customer's rows in every table a customer call may change (`r` is the row). */
const ROWS_OF: Record<string, (userId: string) => SQL> = {
  users: (id) => sql`users r where r.id = ${id}`,
  buyer_profiles: (id) => sql`buyer_profiles r where r.user_id = ${id}`,
  refresh_tokens: (id) => sql`refresh_tokens r where r.user_id = ${id}`,
  wallets: (id) => sql`wallets r where r.user_id = ${id}`,
  wallet_transactions: (id) => sql`wallet_transactions r where r.user_id = ${id}`,
  carts: (id) => sql`carts r where r.user_id = ${id}`,
  cart_lines: (id) => sql`cart_lines r join carts c on c.id = r.cart_id where c.user_id = ${id}`,
  discount_codes: (id) => sql`discount_codes r where r.user_id = ${id}`,
  orders: (id) => sql`orders r where r.user_id = ${id}`,
  order_lines: (id) =>
    sql`order_lines r join orders o on o.id = r.order_id where o.user_id = ${id}`,
  payments: (id) => sql`payments r where r.user_id = ${id}`,
  billing_documents: (id) => sql`billing_documents r where r.user_id = ${id}`,
  services: (id) => sql`services r where r.user_id = ${id}`,
  domains: (id) => sql`domains r where r.user_id = ${id}`,
  domain_events: (id) =>
    sql`domain_events r join domains d on d.id = r.domain_id where d.user_id = ${id}`,
  domain_contacts: (id) => sql`domain_contacts r where r.user_id = ${id}`,
  domain_hosts: (id) =>
    sql`domain_hosts r join domains d on d.id = r.domain_id where d.user_id = ${id}`,
  tickets: (id) => sql`tickets r where r.user_id = ${id}`,
  ticket_messages: (id) =>
    sql`ticket_messages r join tickets k on k.id = r.ticket_id where k.user_id = ${id}`,
  uploads: (id) => sql`uploads r where r.uploaded_by = ${id}`,
  ticket_message_files: (id) =>
    sql`ticket_message_files r join uploads u on u.id = r.upload_id where u.uploaded_by = ${id}`,
};

/** A checksum of each of those tables' rows of one customer: a change shows which table. */
async function rowChecksums(userId: string): Promise<Record<string, string>> {
  const parts = Object.entries(ROWS_OF).map(
    ([table, rows]) =>
      sql`select ${table}::text as table, (select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from ${rows(userId)}) as sum`,
  );
  const result = (await t.app.db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: Array<{ table: string; sum: string }>;
  };
  return Object.fromEntries(result.rows.map((row) => [row.table, row.sum]));
}

/** What a caller sees: the status and the body (parsed when JSON), without the request id. */
function answerOf(response: Response) {
  let body: unknown = response.body;
  if (String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    const parsed = response.json() as { error?: { requestId?: string } };
    if (parsed.error) delete parsed.error.requestId;
    body = parsed;
  }
  return { status: response.statusCode, body };
}

function errorOf(response: Response) {
  const { code, message, fields } = (
    response.json() as { error: { code: string; message: string; fields?: unknown } }
  ).error;
  return { code, message, fields };
}

// ---------------------------------------------------------------------------------------------

let a: Customer;
let b: Customer;
let aRecords: Records;
let bRecords: Records;
let idTaking: IdTakingCall[];

beforeAll(async () => {
  // Transfer claims name an order or a receipt upload (issue 21): the shop takes them.
  await enableTransfers(t.app.db, (await createStaff(t.app, 'admin')).id);
  await startIrnic(t.app);
  a = await createCustomer(t.app);
  b = await createCustomer(t.app);
  aRecords = await furnish(t.app, a);
  bRecords = await furnish(t.app, b);
  idTaking = [...contractIdTakingCalls(), ...otherIdTakingRoutes(t.app)].sort((x, y) =>
    x.path.localeCompare(y.path),
  );
  console.info(
    [
      `ownership: ${idTaking.length} id-taking calls found`,
      ...idTaking.map((call) => {
        const owned = OWNED_RECORD_CALLS[call.path];
        const kind = owned
          ? `a customer's record (${owned.cases.length} ${owned.cases.length === 1 ? 'body' : 'bodies'})`
          : call.path in NOT_USER_OWNED
            ? 'not user-owned'
            : 'NOT IN THE TABLE';
        return `  ${call.path} [${call.access}] ${call.fields.join(', ')}: ${kind}`;
      }),
    ].join('\n'),
  );
});

afterAll(async () => {
  await irnic?.stop();
});

function cases(): Array<{ path: string; index: number; case: Case }> {
  return Object.entries(OWNED_RECORD_CALLS).flatMap(([path, entry]) =>
    entry.cases.map((c, index) => ({ path, index, case: c })),
  );
}

test('every id-taking call says how to point it at a customer’s record, or why its ids name none', () => {
  const found = new Map(idTaking.map((call) => [call.path, call]));
  expect(found.has(TICKET_ATTACHMENT_PATH), 'the attachment read-back is found').toBe(true);
  const listed = [...Object.keys(OWNED_RECORD_CALLS), ...Object.keys(NOT_USER_OWNED)];
  expect(
    [...found.keys()].filter((path) => !listed.includes(path)),
    'id-taking calls in neither table',
  ).toEqual([]);
  expect(
    listed.filter((path) => !found.has(path)),
    'table entries naming no id-taking call',
  ).toEqual([]);
  expect(
    Object.keys(OWNED_RECORD_CALLS).filter((path) => path in NOT_USER_OWNED),
    'calls in both tables',
  ).toEqual([]);
  for (const [path, entry] of Object.entries(OWNED_RECORD_CALLS)) {
    // Each identifier field is pointed at a record by some body, or said to name none.
    const covered = new Set([
      ...entry.cases.map((c) => c.field),
      ...Object.keys(entry.notOwned ?? {}),
    ]);
    expect([...covered].sort(), `${path}: identifier fields covered`).toEqual(
      found.get(path)?.fields,
    );
  }
});

test('customer B naming customer A’s records gets 404, as for ids that do not exist, and nothing of A’s changes', async () => {
  const before = await rowChecksums(a.id);
  for (const { path, index, case: c } of cases()) {
    const what = `${path} #${index + 1} (${c.field})`;
    const theirs = await send(t.app, path, c.body(aRecords, bRecords), b.token);
    const unknown = await send(t.app, path, c.body(nobody, bRecords), b.token);
    if (c.answersAsUnknown) {
      expect
        .soft(answerOf(theirs), `${what}: answered as an unknown value`)
        .toEqual(answerOf(unknown));
    } else {
      expect.soft(theirs.statusCode, `${what}: ${theirs.body}`).toBe(404);
      expect.soft(unknown.statusCode, `${what} with an unknown id: ${unknown.body}`).toBe(404);
      if (theirs.statusCode === 404 && unknown.statusCode === 404) {
        expect.soft(errorOf(theirs).code, what).toBe('NOT_FOUND');
        expect
          .soft(errorOf(theirs), `${what}: answered as an unknown id`)
          .toEqual(errorOf(unknown));
      }
    }
    expect.soft(await rowChecksums(a.id), `${what}: A's rows changed`).toEqual(before);
  }
});

test('customer A’s own call finds each of those records, so each body did name one', async () => {
  // In the table's order: the calls that change A's records come last.
  for (const { path, index, case: c } of cases()) {
    const what = `${path} #${index + 1} (${c.field})`;
    const unknown = await send(t.app, path, c.body(nobody, aRecords), a.token);
    const own = await send(t.app, path, c.body(aRecords, aRecords), a.token);
    expect.soft(own.statusCode, `${what}: ${own.body}`).toBe(200);
    expect
      .soft(answerOf(own), `${what}: answered as an unknown value`)
      .not.toEqual(answerOf(unknown));
  }
  const owned = Object.values(OWNED_RECORD_CALLS);
  const bodies = owned.reduce((sum, entry) => sum + entry.cases.length, 0);
  console.info(
    `ownership: ${idTaking.length} id-taking calls × 2 customers checked: ${owned.length} calls in ${bodies} bodies naming A's records (B answered as for an unknown id, A's rows unchanged; A's own call found each), ${Object.keys(NOT_USER_OWNED).length} not user-owned`,
  );
});
