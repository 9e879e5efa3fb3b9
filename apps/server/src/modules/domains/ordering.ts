import {
  type addDomainToCart,
  type CallParsed,
  domainNameFor,
  parseDomainQuery,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { fieldError } from '../catalog';
import {
  addDomainLineToCart,
  type CartDomainLine,
  type CartOwner,
  type DomainLineTerms,
} from '../orders';
import { hasContact } from './contacts.service';
import { ENDED_STATUSES } from './lifecycle';
import { type RegistrarPool, withinRegistrarTime } from './registrars';
import { domains, domainTlds, registrarAccounts } from './schema';
import { DOMAIN_CHECK_TIMEOUT_MS } from './search.service';

// Buying a domain (issue 38): a line for a name under a TLD on sale, priced by the TLD's terms,
// and only after its registry said the name can be had that way: free to register, or held
// elsewhere to transfer. The cart and the order are the orders module's; this module answers
// its questions about domain lines (orders/events.ts).

type TldRow = typeof domainTlds.$inferSelect;

/** A transfer moves the name with one more year, at the transfer price (RFC 5731 §3.2.4). */
export const TRANSFER_YEARS = 1;

export interface OrderingDeps {
  db: Database;
  registrars: RegistrarPool;
  log: Logger;
}

/**
 * What a line pays before VAT: the per-year price of its action times its years; a transfer its
 * one price; a restore the registry's fee once, with the renewal it needs.
 */
function linePrice(tld: TldRow, action: CartDomainLine['action'], years: number): number {
  switch (action) {
    case 'transfer':
      return tld.transferPriceRial;
    case 'restore':
      return tld.restorePriceRial + tld.renewPriceRial * years;
    case 'renew':
      return tld.renewPriceRial * years;
    case 'register':
      return tld.registerPriceRial * years;
  }
}

function yearsProblem(tld: TldRow, action: CartDomainLine['action'], years: number) {
  if (action === 'transfer') {
    return years === TRANSFER_YEARS ? null : 'انتقال دامنه یک سال به مدت آن می‌افزاید';
  }
  if (tld.years.includes(years)) return null;
  const allowed = tld.years.map((term) => toPersianDigits(term)).join(' یا ');
  return `پسوند .${tld.tld} برای ${allowed} سال ${action === 'register' ? 'ثبت' : 'تمدید'} می‌شود`;
}

export async function addDomain(
  deps: OrderingDeps,
  owner: CartOwner,
  input: CallParsed<typeof addDomainToCart>,
) {
  const tlds = await deps.db
    .select({ tld: domainTlds, account: registrarAccounts })
    .from(domainTlds)
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domainTlds.registrarAccountId))
    .where(eq(domainTlds.enabled, true));
  const parsed = parseDomainQuery(
    input.name,
    tlds.map((row) => row.tld.tld),
  );
  if (!parsed.ok) throw fieldError('name', parsed.reason);
  const found = tlds.find((row) => row.tld.tld === parsed.value.tld);
  if (!found) throw fieldError('name', 'پسوند دامنه را هم بنویسید؛ مانند sara-shop.ir');
  const { tld, account } = found;
  if (!tld.productId) {
    throw new AppError('PRODUCT_UNAVAILABLE', `پسوند .${tld.tld} اکنون فروخته نمی‌شود`);
  }
  const name = domainNameFor(parsed.value.label, {
    tld: tld.tld,
    script: tld.script,
    minLength: tld.minLength,
  });
  if (!name.ok) throw fieldError('name', name.reason);
  const years = input.action === 'transfer' ? TRANSFER_YEARS : input.years;
  const problem = yearsProblem(tld, input.action, input.years);
  if (problem) throw fieldError('years', problem);

  // Someone here already holds it, or is buying it: the registry would say taken, and a
  // transfer from one of our customers to another is not a transfer.
  const [held] = await deps.db
    .select({ id: domains.id })
    .from(domains)
    .where(
      and(eq(domains.ascii, name.value.ascii), notInArray(domains.status, [...ENDED_STATUSES])),
    );
  if (held) {
    throw new AppError('DOMAIN_NOT_AVAILABLE', 'این دامنه در ویترین ثبت شده است', {
      fields: { name: 'این دامنه در ویترین ثبت شده است' },
    });
  }

  if (!account.enabled) {
    throw new AppError('REGISTRY_UNAVAILABLE', `ثبت‌کنندهٔ پسوند .${tld.tld} اکنون کار نمی‌کند`);
  }
  let available: boolean;
  try {
    const [answer] = await withinRegistrarTime(
      deps.registrars.driverFor(account).check([name.value.ascii]),
      DOMAIN_CHECK_TIMEOUT_MS,
    );
    if (!answer) throw new Error('the registry gave no answer for the name');
    available = answer.available;
  } catch (error) {
    deps.log.warn({ err: error, registrar: account.name }, 'domain check before the cart failed');
    throw new AppError('REGISTRY_UNAVAILABLE');
  }
  if (input.action === 'register' && !available) {
    const message = 'این نام پیش‌تر ثبت شده است؛ اگر از آنِ شماست، انتقالش را سفارش دهید';
    throw new AppError('DOMAIN_NOT_AVAILABLE', message, { fields: { name: message } });
  }
  if (input.action === 'transfer' && available) {
    const message = 'این نام هنوز ثبت نشده است؛ می‌توانید آن را ثبت کنید';
    throw new AppError('DOMAIN_NOT_AVAILABLE', message, { fields: { name: message } });
  }
  return addDomainLineToCart(deps.db, owner, {
    productId: tld.productId,
    domainName: name.value.unicode,
    action: input.action,
    years,
  });
}

/** orders' `domainLineTerms`: each line's TLD still sold for its years, at today's price. */
export async function termsOfDomainLines(
  db: Database,
  lines: readonly CartDomainLine[],
): Promise<Map<string, DomainLineTerms>> {
  const rows = await db
    .select()
    .from(domainTlds)
    .where(
      inArray(
        domainTlds.productId,
        lines.map((line) => line.productId),
      ),
    );
  const byProduct = new Map(rows.map((row) => [row.productId, row]));
  const terms = new Map<string, DomainLineTerms>();
  for (const line of lines) {
    const tld = byProduct.get(line.productId);
    if (!tld?.enabled) {
      terms.set(line.id, { ok: false, problem: 'این پسوند دیگر فروخته نمی‌شود' });
      continue;
    }
    const problem = yearsProblem(tld, line.action, line.years);
    terms.set(
      line.id,
      problem
        ? { ok: false, problem }
        : { ok: true, tld: tld.tld, priceRial: linePrice(tld, line.action, line.years) },
    );
  }
  return terms;
}

/** orders' `domainOrderReady`: the holder's details must be on file before money is taken. */
export async function refuseIfHolderMissing(
  tx: Transaction,
  userId: string,
  lines: readonly CartDomainLine[],
): Promise<void> {
  // A renewal (and a restore) keeps the holder the registry already has.
  if (lines.every((line) => line.action === 'renew' || line.action === 'restore')) return;
  if (!(await hasContact(tx, userId))) throw new AppError('DOMAIN_CONTACT_REQUIRED');
}
