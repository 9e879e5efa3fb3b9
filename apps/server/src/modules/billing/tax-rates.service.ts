import { ratePercent } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { asc, desc, eq, lte } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit';
import { taxRates } from './schema';

// The VAT rate by date (issue 21, decision 0022). A rate is in force from its date until the
// next one's; only a rate not yet in force can be withdrawn, so nothing already sold changes.

/** The rate in force at `at`, in basis points; 0 before the first rate. */
export async function vatRateAt(db: Database | Transaction, at: Date): Promise<number> {
  const [row] = await db
    .select({ rateBp: taxRates.rateBp })
    .from(taxRates)
    .where(lte(taxRates.effectiveFrom, at))
    .orderBy(desc(taxRates.effectiveFrom))
    .limit(1);
  return row?.rateBp ?? 0;
}

export async function listTaxRates(db: Database, now: Date = new Date()) {
  const rows = await db.select().from(taxRates).orderBy(asc(taxRates.effectiveFrom));
  const inForce = rows.filter((row) => row.effectiveFrom <= now).at(-1);
  return {
    items: rows
      .map((row) => ({
        id: row.id,
        ratePercent: ratePercent(row.rateBp),
        effectiveFrom: row.effectiveFrom.toISOString(),
        note: row.note,
        current: row.id === inForce?.id,
        scheduled: row.effectiveFrom > now,
      }))
      .reverse(),
  };
}

export async function scheduleTaxRate(
  db: Database,
  input: { ratePercent: number; effectiveFrom: string; note?: string | null | undefined },
  actor: Actor,
  now: Date = new Date(),
) {
  const effectiveFrom = new Date(input.effectiveFrom);
  if (effectiveFrom <= now) {
    const message = 'تاریخ اجرای نرخ تازه باید در آینده باشد؛ نرخ سفارش‌های گذشته تغییر نمی‌کند';
    throw new AppError('VALIDATION', message, { fields: { effectiveFrom: message } });
  }
  const rateBp = Math.round(input.ratePercent * 100);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(taxRates)
      .values({ rateBp, effectiveFrom, note: input.note ?? null, createdBy: actor.id })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new AppError(
        'CONFLICT',
        `برای همین لحظه نرخی ثبت شده است؛ نخست آن را پس بگیرید (${toPersianDigits(input.effectiveFrom.slice(0, 10))})`,
      );
    }
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'tax-rate.schedule',
      entityType: 'tax-rate',
      entityId: row.id,
      after: { rateBp, effectiveFrom, note: row.note },
      ipAddress: actor.ipAddress,
    });
  });
  return listTaxRates(db, now);
}

export async function withdrawTaxRate(
  db: Database,
  id: string,
  actor: Actor,
  now: Date = new Date(),
) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(taxRates).where(eq(taxRates.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', 'این نرخ پیدا نشد');
    if (row.effectiveFrom <= now) {
      throw new AppError(
        'CONFLICT',
        'این نرخ اجرا شده است و پس گرفته نمی‌شود؛ برای تغییر، نرخ تازه‌ای از تاریخی در آینده بگذارید',
      );
    }
    await tx.delete(taxRates).where(eq(taxRates.id, id));
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'tax-rate.withdraw',
      entityType: 'tax-rate',
      entityId: id,
      before: { rateBp: row.rateBp, effectiveFrom: row.effectiveFrom },
      ipAddress: actor.ipAddress,
    });
  });
  return listTaxRates(db, now);
}
