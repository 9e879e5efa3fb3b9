import { type BillingDocumentLine, type BillingDocumentPayment, taxIdOf } from '@vitrin/contracts';
import type {
  MoadianInvoice,
  MoadianInvoiceHeader,
  MoadianInvoiceLine,
  MoadianInvoicePayment,
  MoadianInvoiceSubject,
  MoadianPaymentMethod,
} from '../../providers/tax-system/moadian-types';
import type { TaxSystemDocument } from '../billing';

// A document as the tax organisation's invoice packet (issue 39, decision 0039): pattern 1
// (sale), its subject by what it does to the sale, amounts by the organisation's rules.

/** What a packet needs besides its document: the company's ids and the chain it continues. */
export interface PacketContext {
  memoryId: string;
  /** The goods-and-services id of a line whose product had none. */
  defaultServiceId: string;
  /** For ins 2–4: the tax id of the chain's latest accepted packet. */
  refersToTaxId: string | null;
  /** An Article 9 invoice: sent past the deadline with staff's confirmation, at `now`. */
  late: boolean;
  now: Date;
}

/** The subject of a packet, and for a correction the net taken off the invoice so far. */
export type PacketSubject =
  | { ins: 1 }
  | { ins: 2; invoice: TaxSystemDocument; creditedNetRial: number }
  | { ins: 3; invoice: TaxSystemDocument };

/** The organisation's VAT on a line: cut to the Rial, never rounded (its FAQ 9-4; 0204501). */
export function organisationVat(adisRial: number, vatRatePercent: number): number {
  // The rate as basis points keeps 9.5% exact in integers.
  const rateBp = BigInt(Math.round(vatRatePercent * 100));
  return Number((BigInt(adisRial) * rateBp) / 10_000n);
}

const PAYMENT_METHODS: Record<BillingDocumentPayment['method'], MoadianPaymentMethod> = {
  gateway: 5,
  'card-to-card': 6,
  'bank-transfer': 7,
  wallet: 8,
};

/**
 * The buyer's part of the header. Type 1 (نوع اول) when the buyer is identified: a company with
 * its national id and economic number, a person with a national code and a postal code; type 2
 * otherwise, with no buyer fields. Decided from the buyer frozen on the document.
 */
export function buyerOf(buyer: TaxSystemDocument['buyer']): {
  inty: 1 | 2;
  why: string;
  fields: Pick<MoadianInvoiceHeader, 'tob' | 'bid' | 'tinb' | 'bpc'>;
} {
  if (buyer.kind === 'company' && buyer.nationalId && buyer.economicNumber) {
    return {
      inty: 1,
      why: 'خریدار حقوقی با شناسه ملی و کد اقتصادی',
      fields: {
        tob: 2,
        bid: buyer.nationalId,
        tinb: buyer.economicNumber,
        ...(buyer.postalCode ? { bpc: buyer.postalCode } : {}),
      },
    };
  }
  if (buyer.kind === 'person' && buyer.nationalCode && buyer.postalCode) {
    return {
      inty: 1,
      why: 'خریدار حقیقی با کد ملی و کد پستی',
      fields: { tob: 1, bid: buyer.nationalCode, bpc: buyer.postalCode },
    };
  }
  return {
    inty: 2,
    why:
      buyer.kind === 'company'
        ? 'خریدار حقوقی بدون شناسه ملی یا کد اقتصادی'
        : 'خریدار حقیقی بدون کد ملی یا کد پستی',
    fields: {},
  };
}

function lineOf(line: BillingDocumentLine, defaultServiceId: string): MoadianInvoiceLine {
  const vam = organisationVat(line.netRial, line.vatRatePercent);
  return {
    sstid: line.taxServiceId ?? defaultServiceId,
    sstt: line.description.slice(0, 400),
    am: line.quantity,
    fee: line.unitPriceRial,
    prdis: line.grossRial,
    dis: line.discountRial,
    adis: line.netRial,
    vra: line.vatRatePercent,
    vam,
    tsstam: line.netRial + vam,
  };
}

/**
 * An invoice's lines with `creditedNetRial` taken off as further discount, from the last line
 * back: a correction (ins 2) restates the sale as it now stands after partial refunds.
 */
export function linesAfterCredit(
  lines: readonly BillingDocumentLine[],
  creditedNetRial: number,
): BillingDocumentLine[] {
  let left = creditedNetRial;
  const result = lines.map((line) => ({ ...line }));
  for (let index = result.length - 1; index >= 0 && left > 0; index -= 1) {
    const line = result[index] as BillingDocumentLine;
    const taken = Math.min(left, line.netRial);
    line.discountRial += taken;
    line.netRial -= taken;
    left -= taken;
  }
  return result;
}

function totalsOf(body: readonly MoadianInvoiceLine[]) {
  const sum = (pick: (line: MoadianInvoiceLine) => number) =>
    body.reduce((total, line) => total + pick(line), 0);
  const tadis = sum((line) => line.adis);
  const tvam = sum((line) => line.vam);
  return {
    tprdis: sum((line) => line.prdis),
    tdis: sum((line) => line.dis),
    tadis,
    tvam,
    todam: 0,
    tbill: tadis + tvam,
  };
}

/** The tax id of a document: the memory id, its issue day and its serial. */
export function taxIdOfDocument(document: TaxSystemDocument, memoryId: string): string {
  if (document.taxSerial === null) throw new Error(`document ${document.number} has no serial`);
  return taxIdOf({ memoryId, issuedAt: document.issuedAt, serial: document.taxSerial });
}

/** The packet for `document` with `subject`, its tax id from its own serial and issue day. */
export function packetOf(
  document: TaxSystemDocument,
  subject: PacketSubject,
  context: PacketContext,
): MoadianInvoice {
  const taxid = taxIdOfDocument(document, context.memoryId);
  const source = subject.ins === 1 ? document : subject.invoice;
  const buyer = buyerOf(source.buyer);
  const ins: MoadianInvoiceSubject = subject.ins;
  const header: MoadianInvoiceHeader = {
    taxid,
    indatim: document.issuedAt.getTime(),
    inty: buyer.inty,
    // The serial inside the tax id, as ten hex digits (the guide's own example).
    inno: (document.taxSerial ?? 0).toString(16).toUpperCase().padStart(10, '0'),
    inp: 1,
    ins,
    tins: source.seller.economicNumber,
    ...buyer.fields,
    ...(subject.ins !== 1 && context.refersToTaxId ? { irtaxid: context.refersToTaxId } : {}),
    ...(context.late ? { insr: 1, indati2m: context.now.getTime() } : {}),
  };
  if (subject.ins === 3) {
    // A cancellation: the organisation reads the body and totals off the invoice it cancels.
    return { header, body: [], payments: [] };
  }
  const lines =
    subject.ins === 2
      ? linesAfterCredit(subject.invoice.lines, subject.creditedNetRial)
      : document.lines;
  const body = lines.map((line) => lineOf(line, context.defaultServiceId));
  const totals = totalsOf(body);
  // Every invoice is issued paid in full: settled in cash (setm 1), its payments listed.
  const payments: MoadianInvoicePayment[] =
    subject.ins === 1
      ? document.payments.map((payment) => ({
          pmt: PAYMENT_METHODS[payment.method],
          pv: payment.amountRial,
          pdt: new Date(payment.paidAt).getTime(),
          ...(payment.referenceId ? { trn: payment.referenceId } : {}),
        }))
      : [];
  return { header: { ...header, ...totals, setm: 1, cap: totals.tbill }, body, payments };
}
