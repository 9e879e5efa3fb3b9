import {
  type CallParsed,
  type listTaxQueue,
  type resendTaxDocument,
  TAX_DEADLINE_DAYS,
  TAX_NOTICE_DAYS,
  TAX_SYSTEM_STATUS_LABELS,
  type TaxQueueItem,
  type TaxSystemStatus,
  type taxMonthSummary,
} from '@vitrin/contracts';
import { parseDateText } from '@vitrin/fa';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { MoadianError } from '../../providers/tax-system/moadian-client';
import { writeAudit } from '../audit';
import {
  countDocumentsInTaxStates,
  documentsInTaxStates,
  setTaxSystemRecord,
  type TaxSystemDocument,
  taxSystemDocument,
  taxSystemTotals,
} from '../billing';
import { deadlineOf } from './sending';
import { readTaxSettings, sending, type TaxSystemClients } from './settings';

// Staff's side of the tax system (issue 39): what needs a person, sending again, confirming a
// late document as an Article 9 invoice, testing the connection, and a month's summary.

const DAY_MS = 86_400_000;
const OPEN_STATES: TaxSystemStatus[] = ['waiting', 'sent', 'rejected', 'late'];
const QUEUE_SHOWN = 200;

function queueItemOf(document: TaxSystemDocument, now: Date): TaxQueueItem {
  const deadline = deadlineOf(document.issuedAt);
  const status = document.taxSystem.status;
  return {
    documentId: document.id,
    number: document.number,
    kind: document.kind,
    issuedAt: document.issuedAt.toISOString(),
    totalRial: document.totalRial,
    buyerName: document.buyer.name,
    status,
    statusLabel: TAX_SYSTEM_STATUS_LABELS[status],
    taxId: document.taxSystem.taxId,
    errors: document.taxSystem.errors ?? [],
    deadlineAt: deadline.toISOString(),
    // Whole days: a day and an hour past the deadline is one day past, not two.
    daysLeft: Math.trunc((deadline.getTime() - now.getTime()) / DAY_MS),
    canResend: status === 'rejected',
    needsLateConfirmation: status === 'late',
  };
}

/** Whether a document needs a person now: refused, late, or close to its deadline unsent. */
function needsAttention(item: TaxQueueItem): boolean {
  return (
    item.status === 'rejected' ||
    item.status === 'late' ||
    item.daysLeft <= TAX_DEADLINE_DAYS - TAX_NOTICE_DAYS
  );
}

export async function listQueue(
  db: Database,
  input: CallParsed<typeof listTaxQueue>,
  now = new Date(),
) {
  const open = await documentsInTaxStates(db, OPEN_STATES, { limit: 10_000 });
  const items = open
    .map((document) => queueItemOf(document, now))
    .filter((item) => input.filter === 'open' || needsAttention(item))
    // Nearest deadline first: what is late or about to be comes to the top.
    .sort((a, b) => a.deadlineAt.localeCompare(b.deadlineAt));
  return {
    items: items.slice(0, QUEUE_SHOWN),
    openCount: open.length,
    sending: sending(await readTaxSettings(db)),
  };
}

/** Documents not accepted this many days after issue: the deadline guard's count. */
export async function overdueCount(db: Database, now: Date): Promise<number> {
  // Read with the rest of staff work every few seconds: a count, not the rows.
  return countDocumentsInTaxStates(
    db,
    OPEN_STATES,
    new Date(now.getTime() - TAX_NOTICE_DAYS * DAY_MS),
  );
}

/**
 * A refused document goes back to waiting, to be sent at the next run with a new packet; a late
 * one, confirmed by staff, is sent as an Article 9 invoice. Audited either way.
 */
export async function resendDocument(
  deps: { db: Database; wake: () => Promise<void> },
  actor: Actor,
  input: CallParsed<typeof resendTaxDocument>,
  now = new Date(),
): Promise<TaxQueueItem> {
  const document = await taxSystemDocument(deps.db, input.documentId);
  if (!document || document.taxSerial === null) {
    throw new AppError('NOT_FOUND', 'این سند پیدا نشد یا به سامانهٔ مودیان فرستاده نمی‌شود');
  }
  const status = document.taxSystem.status;
  if (status === 'late' && !input.confirmLate) {
    throw new AppError(
      'CONFLICT',
      'مهلت ارسال این سند گذشته است؛ برای ارسال آن به‌عنوان صورتحساب مادهٔ ۹، ارسال دیرکرد را تأیید کنید',
    );
  }
  if (status !== 'rejected' && status !== 'late') {
    throw new AppError(
      'CONFLICT',
      `این سند «${TAX_SYSTEM_STATUS_LABELS[status]}» است و ارسال دوباره لازم ندارد`,
    );
  }
  const late = status === 'late' || deadlineOf(document.issuedAt).getTime() < now.getTime();
  const updated = {
    ...document.taxSystem,
    status: 'waiting' as const,
    errors: [],
    at: now.toISOString(),
    ...(late ? { lateConfirmedAt: now.toISOString() } : {}),
  };
  await deps.db.transaction(async (tx) => {
    await setTaxSystemRecord(tx, document.id, updated);
    await writeAudit(tx, {
      actorId: actor.id,
      action: late ? 'tax-document.confirm-late' : 'tax-document.resend',
      entityType: 'billing-document',
      entityId: document.id,
      after: { number: document.number, status: 'waiting' },
      reason: late ? 'ارسال به‌عنوان صورتحساب مادهٔ ۹' : null,
      ipAddress: actor.ipAddress,
    });
  });
  await deps.wake();
  return queueItemOf({ ...document, taxSystem: updated }, now);
}

/** Server information and the memory id's fiscal file: the connection works end to end. */
export async function testConnection(deps: { db: Database; clients: TaxSystemClients }) {
  const started = performance.now();
  const millis = () => Math.round(performance.now() - started);
  const settings = await readTaxSettings(deps.db);
  if (!settings) {
    return {
      ok: false,
      message: 'سامانهٔ مودیان هنوز تنظیم نشده است: شناسهٔ حافظه، کلید و گواهی را ذخیره کنید',
      serverTime: null,
      fiscal: null,
      millis: millis(),
    };
  }
  try {
    const client = await deps.clients.clientFor(settings);
    const info = await client.serverInformation();
    const fiscal = await client.fiscalInformation();
    return {
      ok: true,
      message: `سامانهٔ مودیان پاسخ داد: پروندهٔ «${fiscal.nameTrade}» با وضعیت ${fiscal.fiscalStatus}`,
      serverTime: new Date(info.serverTime).toISOString(),
      fiscal: {
        nameTrade: fiscal.nameTrade,
        fiscalStatus: fiscal.fiscalStatus,
        economicCode: fiscal.economicCode,
      },
      millis: millis(),
    };
  } catch (error) {
    if (!(error instanceof MoadianError)) throw error;
    return { ok: false, message: error.message, serverTime: null, fiscal: null, millis: millis() };
  }
}

/** A Jalali month's documents by kind and tax-system state, with the VAT report's figure. */
export async function monthSummary(db: Database, input: CallParsed<typeof taxMonthSummary>) {
  const pad = (value: number) => String(value).padStart(2, '0');
  const from = parseDateText(`${input.year}/${pad(input.month)}/01`);
  const next =
    input.month === 12
      ? { year: input.year + 1, month: 1 }
      : { year: input.year, month: input.month + 1 };
  const to = parseDateText(`${next.year}/${pad(next.month)}/01`);
  const rows = await taxSystemTotals(db, from, to);
  const signed = (row: (typeof rows)[number]) =>
    row.kind === 'credit-note' ? -row.vatRial : row.vatRial;
  return {
    year: input.year,
    month: input.month,
    rows: rows.map((row) => {
      const status = row.status as TaxSystemStatus;
      return {
        kind: row.kind,
        status,
        statusLabel: TAX_SYSTEM_STATUS_LABELS[status],
        documents: row.documents,
        netRial: row.netRial,
        vatRial: row.vatRial,
        totalRial: row.totalRial,
      };
    }),
    vatRial: rows.reduce((sum, row) => sum + signed(row), 0),
    acceptedVatRial: rows
      .filter((row) => row.status === 'accepted')
      .reduce((sum, row) => sum + signed(row), 0),
  };
}
