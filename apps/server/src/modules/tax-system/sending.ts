import { randomUUID } from 'node:crypto';
import { TAX_DEADLINE_DAYS, type TaxSystemMessage, type TaxSystemRecord } from '@vitrin/contracts';
import { formatJalaliDate } from '@vitrin/fa';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { describeCertificate, MoadianError } from '../../providers/tax-system/moadian-client';
import type {
  MoadianInquiryResult,
  MoadianInvoice,
  MoadianMessage,
} from '../../providers/tax-system/moadian-types';
import {
  creditNotesOf,
  documentsInTaxStates,
  setTaxSystemRecord,
  type TaxSystemDocument,
  taxSystemDocument,
} from '../billing';
import { buyerOf, type PacketSubject, packetOf, taxIdOfDocument } from './packets';
import { taxSubmissions } from './schema';
import { readTaxSettings, sending, type TaxSettingsRow, type TaxSystemClients } from './settings';

// Sending documents to the tax organisation and hearing its verdicts (issue 39, decision 0039).
// One run at a time in the cluster (the job's stately queue): it takes back what a killed run
// left half done, marks the documents past their deadline, sends what waits in packets of up to
// 1000, and asks about what was sent. A packet is written (`sending`) and committed before its
// request leaves, with the requestTraceId it is sent under: a run that dies between the
// organisation's answer and our record leaves a row the next run asks about by that id, and
// sends again only when the organisation never had it.

export interface TaxSendingDeps {
  db: Database;
  secrets: SecretBox;
  clients: TaxSystemClients;
  log: FastifyBaseLogger;
}

const DAY_MS = 86_400_000;
/** At most this many documents a run sends: the organisation's limit per request. */
export const TAX_PACKET_LIMIT = 1000;
/** First wait before asking about a packet; doubled per IN_PROGRESS answer, up to an hour. */
const FIRST_INQUIRY_MS = 5_000;
const LAST_INQUIRY_GAP_MS = 3_600_000;
/** A `sending` row older than this at a run's start was left by a run that died. */
const ABANDONED_AFTER_MS = 0;
/** Inquiries answered NOT_FOUND before a packet counts as lost and is sent again. */
const LOST_AFTER_INQUIRIES = 4;

export interface TaxRunReport {
  off?: true;
  late: number;
  recovered: number;
  sent: number;
  accepted: number;
  rejected: number;
  /** Why the run stopped early: the organisation could not be reached, or refused us. */
  failure?: string;
  /** The organisation unreachable (a timeout, a dropped connection, a 5xx): worth trying soon. */
  unreachable?: true;
}

export function deadlineOf(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + TAX_DEADLINE_DAYS * DAY_MS);
}

/** Messages as kept and shown: the organisation's own Persian, or its code said in Persian. */
export function messagesOf(messages: readonly MoadianMessage[]): TaxSystemMessage[] {
  return messages.map((message) => ({
    code: message.code,
    message: /[\u0600-\u06FF]/.test(message.message)
      ? message.message
      : `سامانهٔ مودیان این سند را با کد ${message.code} نپذیرفت${message.message ? ` (${message.message})` : ''}`,
  }));
}

function record(
  document: TaxSystemDocument,
  change: Partial<TaxSystemRecord> & Pick<TaxSystemRecord, 'status'>,
  now: Date,
): TaxSystemRecord {
  const { errors: _dropped, ...kept } = document.taxSystem;
  return { ...kept, ...change, at: now.toISOString() };
}

/** One run. Off or not set up: nothing moves, and the report says so. */
export async function runTaxSystem(deps: TaxSendingDeps, now: Date): Promise<TaxRunReport> {
  const report: TaxRunReport = { late: 0, recovered: 0, sent: 0, accepted: 0, rejected: 0 };
  const settings = await readTaxSettings(deps.db);
  if (!sending(settings)) return { ...report, off: true };
  report.late = await markLate(deps.db, now);
  // A certificate past its dates is refused before any packet is written: the documents keep
  // waiting, and the report (and the console's test) says why.
  const unusable = certificateProblem(settings, now);
  if (unusable) return { ...report, failure: unusable };
  try {
    report.recovered = await recoverAbandoned(deps, settings, now);
    report.sent = await sendWaiting(deps, settings, now);
    const verdicts = await inquire(deps, settings, now);
    report.accepted = verdicts.accepted;
    report.rejected = verdicts.rejected;
  } catch (error) {
    if (!(error instanceof MoadianError)) throw error;
    // The organisation unreachable, or refusing our key: nothing is lost, the next run goes on.
    deps.log.warn({ err: error }, 'tax system run stopped');
    report.failure = error.message;
    if (error.kind === 'timeout' || error.kind === 'transport' || error.kind === 'http') {
      report.unreachable = true;
    }
  }
  return report;
}

function certificateProblem(settings: TaxSettingsRow, now: Date): string | null {
  try {
    const { notBefore, notAfter } = describeCertificate(settings.certificatePem);
    if (now.getTime() > notAfter.getTime()) {
      return `گواهی امضای سامانهٔ مودیان در ${formatJalaliDate(notAfter)} منقضی شده است؛ گواهی تازه را در تنظیمات ذخیره کنید. سندها در صف می‌مانند.`;
    }
    if (now.getTime() < notBefore.getTime()) {
      return `گواهی امضای سامانهٔ مودیان از ${formatJalaliDate(notBefore)} معتبر می‌شود؛ سندها تا آن روز در صف می‌مانند.`;
    }
    return null;
  } catch {
    return 'گواهی امضای سامانهٔ مودیان خوانده نشد؛ گواهی را دوباره در تنظیمات ذخیره کنید.';
  }
}

/** Documents waiting past their deadline become late: sent only once staff confirm them. */
async function markLate(db: Database, now: Date): Promise<number> {
  const past = new Date(now.getTime() - TAX_DEADLINE_DAYS * DAY_MS);
  const due = await documentsInTaxStates(db, ['waiting'], {
    limit: TAX_PACKET_LIMIT,
    issuedBefore: past,
  });
  let late = 0;
  for (const document of due) {
    if (document.taxSystem.lateConfirmedAt) continue;
    await setTaxSystemRecord(db, document.id, record(document, { status: 'late' }, now));
    late += 1;
  }
  return late;
}

/** The chain a credit note continues: what its packet is, or null while it must wait. */
async function subjectOf(
  db: Database,
  document: TaxSystemDocument,
): Promise<{ subject: PacketSubject; refersToTaxId: string | null } | null> {
  if (document.kind === 'sales') return { subject: { ins: 1 }, refersToTaxId: null };
  if (!document.refersToId) return null;
  const invoice = await taxSystemDocument(db, document.refersToId);
  if (!invoice) return null;
  const notes = await creditNotesOf(db, invoice.id);
  const before = notes.filter(
    (note) =>
      note.taxSerial !== null && document.taxSerial !== null && note.taxSerial < document.taxSerial,
  );
  // The chain moves one accepted packet at a time: the invoice and each note before this one.
  const chain = [invoice, ...before];
  if (chain.some((link) => link.taxSystem.status !== 'accepted')) return null;
  const latest = chain[chain.length - 1] as TaxSystemDocument;
  const creditedNet = [...before, document].reduce((sum, note) => sum + note.netRial, 0);
  const creditedTotal = [...before, document].reduce((sum, note) => sum + note.totalRial, 0);
  const refersToTaxId = latest.taxSystem.taxId;
  // Everything handed back: the sale is cancelled; a part: the sale restated with less.
  if (creditedTotal >= invoice.totalRial) return { subject: { ins: 3, invoice }, refersToTaxId };
  return { subject: { ins: 2, invoice, creditedNetRial: creditedNet }, refersToTaxId };
}

interface Prepared {
  document: TaxSystemDocument;
  submissionId: string;
  requestTraceId: string;
  invoice: MoadianInvoice;
}

/** Sends the waiting documents, oldest serial first, in one packet of at most 1000. */
async function sendWaiting(deps: TaxSendingDeps, settings: TaxSettingsRow, now: Date) {
  const waiting = await documentsInTaxStates(deps.db, ['waiting'], { limit: TAX_PACKET_LIMIT });
  const prepared: Prepared[] = [];
  for (const document of waiting) {
    const chain = await subjectOf(deps.db, document);
    if (!chain) continue;
    const late =
      document.taxSystem.lateConfirmedAt !== undefined ||
      deadlineOf(document.issuedAt).getTime() < now.getTime();
    const invoice = packetOf(document, chain.subject, {
      memoryId: settings.memoryId,
      defaultServiceId: settings.defaultServiceId,
      refersToTaxId: chain.refersToTaxId,
      late,
      now,
    });
    const requestTraceId = randomUUID();
    const submissionId = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(taxSubmissions)
        .values({
          documentId: document.id,
          ins: invoice.header.ins,
          taxId: invoice.header.taxid,
          refersToTaxId: invoice.header.irtaxid ?? null,
          requestTraceId,
          state: 'sending',
          late,
          packet: { invoice, buyerType: buyerOf(document.buyer).why },
        })
        .returning({ id: taxSubmissions.id });
      if (!row) throw new Error('tax submission not written');
      await setTaxSystemRecord(
        tx,
        document.id,
        record(
          document,
          { status: 'sent', taxId: invoice.header.taxid, referenceNumber: null },
          now,
        ),
      );
      return row.id;
    });
    prepared.push({ document, submissionId, requestTraceId, invoice });
  }
  if (prepared.length === 0) return 0;
  await sendPrepared(deps, settings, prepared, now);
  return prepared.length;
}

/** Sends written packets and records each answer; a transport failure leaves them to recovery. */
async function sendPrepared(
  deps: TaxSendingDeps,
  settings: TaxSettingsRow,
  prepared: readonly Prepared[],
  now: Date,
) {
  const client = await deps.clients.clientFor(settings);
  const results = await client.sendInvoices(
    prepared.map((item) => ({ requestTraceId: item.requestTraceId, invoice: item.invoice })),
  );
  const byTrace = new Map(results.map((result) => [result.requestTraceId, result]));
  for (const item of prepared) {
    const result = byTrace.get(item.requestTraceId);
    if (!result) continue;
    if (result.referenceNumber === null && result.errors.length > 0) {
      await decide(deps.db, item.submissionId, item.document, 'rejected', result.errors, [], now);
      continue;
    }
    await deps.db
      .update(taxSubmissions)
      .set({
        state: 'sent',
        uid: result.uid,
        referenceNumber: result.referenceNumber,
        sentAt: now,
        nextInquiryAt: new Date(now.getTime() + FIRST_INQUIRY_MS),
      })
      .where(eq(taxSubmissions.id, item.submissionId));
    await setTaxSystemRecord(
      deps.db,
      item.document.id,
      record(
        item.document,
        {
          status: 'sent',
          taxId: item.invoice.header.taxid,
          referenceNumber: result.referenceNumber,
        },
        now,
      ),
    );
  }
}

/**
 * Packets a dead run wrote and may or may not have sent: asked about by their requestTraceId.
 * Known to the organisation: recorded as sent. Unknown: sent again under the same id, which the
 * organisation answers with the first submission if it had it after all.
 */
async function recoverAbandoned(deps: TaxSendingDeps, settings: TaxSettingsRow, now: Date) {
  const rows = await deps.db
    .select()
    .from(taxSubmissions)
    .where(
      and(
        eq(taxSubmissions.state, 'sending'),
        lte(taxSubmissions.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
      ),
    )
    .orderBy(asc(taxSubmissions.createdAt))
    .limit(TAX_PACKET_LIMIT);
  if (rows.length === 0) return 0;
  const client = await deps.clients.clientFor(settings);
  const oldest = rows[0]?.createdAt ?? now;
  const known = await client.inquireByUids(
    rows.map((row) => row.requestTraceId),
    new Date(oldest.getTime() - 60_000),
    now,
  );
  const byUid = new Map(known.map((result) => [result.uid, result]));
  const again: Prepared[] = [];
  for (const row of rows) {
    const document = await taxSystemDocument(deps.db, row.documentId);
    if (!document) continue;
    const found = byUid.get(row.requestTraceId);
    if (found && found.status !== 'NOT_FOUND' && found.referenceNumber) {
      await deps.db
        .update(taxSubmissions)
        .set({
          state: 'sent',
          uid: found.uid,
          referenceNumber: found.referenceNumber,
          sentAt: row.sentAt ?? now,
          nextInquiryAt: now,
        })
        .where(eq(taxSubmissions.id, row.id));
      continue;
    }
    again.push({
      document,
      submissionId: row.id,
      requestTraceId: row.requestTraceId,
      invoice: (row.packet as { invoice: MoadianInvoice }).invoice,
    });
  }
  if (again.length > 0) await sendPrepared(deps, settings, again, now);
  return rows.length;
}

/** Asks about sent packets whose time has come; records each final verdict. */
async function inquire(deps: TaxSendingDeps, settings: TaxSettingsRow, now: Date) {
  const rows = await deps.db
    .select()
    .from(taxSubmissions)
    .where(and(eq(taxSubmissions.state, 'sent'), lte(taxSubmissions.nextInquiryAt, now)))
    .orderBy(asc(taxSubmissions.nextInquiryAt))
    .limit(TAX_PACKET_LIMIT);
  const verdicts = { accepted: 0, rejected: 0 };
  const withReference = rows.filter((row) => row.referenceNumber);
  if (withReference.length === 0) return verdicts;
  const client = await deps.clients.clientFor(settings);
  // The organisation searches a window of at most a week; older packets are asked by the day
  // they were sent (the oldest first).
  const oldest = withReference.reduce(
    (min, row) => Math.min(min, (row.sentAt ?? row.createdAt).getTime()),
    now.getTime(),
  );
  const start = new Date(Math.max(oldest - 60_000, now.getTime() - 7 * DAY_MS + 60_000));
  const results = await client.inquireByReferenceIds(
    withReference.map((row) => row.referenceNumber as string),
    start,
    now,
  );
  const byReference = new Map<string, MoadianInquiryResult>();
  for (const result of results)
    if (result.referenceNumber) byReference.set(result.referenceNumber, result);
  for (const row of withReference) {
    const result = byReference.get(row.referenceNumber as string);
    const document = await taxSystemDocument(deps.db, row.documentId);
    if (!document) continue;
    if (result?.status === 'SUCCESS') {
      await decide(deps.db, row.id, document, 'accepted', [], result.warnings, now);
      verdicts.accepted += 1;
    } else if (result?.status === 'FAILED') {
      await decide(deps.db, row.id, document, 'rejected', result.errors, result.warnings, now);
      verdicts.rejected += 1;
    } else if (
      (!result || result.status === 'NOT_FOUND') &&
      row.inquiries + 1 >= LOST_AFTER_INQUIRIES
    ) {
      // Asked again and again and still unknown: the organisation lost it (or the built-in
      // stand-in restarted). Sent again under the same requestTraceId by the next run's recovery.
      await deps.db
        .update(taxSubmissions)
        .set({ state: 'sending', inquiries: 0, nextInquiryAt: null })
        .where(eq(taxSubmissions.id, row.id));
    } else {
      // IN_PROGRESS, TIMEOUT or not listed yet: asked again later, less often each time.
      const gap = Math.min(FIRST_INQUIRY_MS * 2 ** (row.inquiries + 1), LAST_INQUIRY_GAP_MS);
      await deps.db
        .update(taxSubmissions)
        .set({
          inquiries: sql`${taxSubmissions.inquiries} + 1`,
          nextInquiryAt: new Date(now.getTime() + gap),
        })
        .where(eq(taxSubmissions.id, row.id));
    }
  }
  return verdicts;
}

async function decide(
  db: Database,
  submissionId: string,
  document: TaxSystemDocument,
  state: 'accepted' | 'rejected',
  errors: readonly MoadianMessage[],
  warnings: readonly MoadianMessage[],
  now: Date,
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(taxSubmissions)
      .set({
        state,
        errors: messagesOf(errors),
        warnings: messagesOf(warnings),
        decidedAt: now,
        nextInquiryAt: null,
      })
      .where(eq(taxSubmissions.id, submissionId))
      .returning({ taxId: taxSubmissions.taxId, referenceNumber: taxSubmissions.referenceNumber });
    await setTaxSystemRecord(tx, document.id, {
      ...record(
        document,
        {
          status: state,
          taxId: row?.taxId ?? document.taxSystem.taxId,
          referenceNumber: row?.referenceNumber ?? document.taxSystem.referenceNumber,
        },
        now,
      ),
      ...(state === 'rejected' ? { errors: messagesOf(errors) } : {}),
    });
  });
}

/** The packets sent for one document, newest first: what staff read on its row. */
export async function submissionsOf(db: Database, documentIds: readonly string[]) {
  if (documentIds.length === 0) return [];
  return db
    .select()
    .from(taxSubmissions)
    .where(inArray(taxSubmissions.documentId, [...documentIds]))
    .orderBy(asc(taxSubmissions.createdAt));
}

export { taxIdOfDocument };
