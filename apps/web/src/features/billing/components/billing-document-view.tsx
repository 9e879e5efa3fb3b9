import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { BillingDocument, BuyerParty, SellerParty } from '@vitrin/contracts';
import { formatJalaliDate, toPersianDigits } from '@vitrin/fa';
import { type ReactNode, useId } from 'react';
import { tomanText } from '../../../lib/money';
import { LatinIsolated } from '../../../ui/latin-isolated';
import {
  DOCUMENT_TOTAL_LABELS,
  documentName,
  rialFigure,
  taxSystemLine,
  vatRateText,
} from '../utils/document-text';
import classes from './billing-document-view.module.css';

interface Field {
  label: string;
  value: ReactNode;
  /** Takes a whole row (an address). */
  wide?: boolean;
}

/**
 * An invoice, pro-forma, credit note or receipt drawn as an official Iranian invoice is laid out
 * (decision 0022): title and number, seller and buyer, the lines with their discount and VAT,
 * the totals and the amount in words. Amounts are in Rial, as the PDF of the same object prints
 * them, with the total in Toman beside it. The customer's page and the staff console both show
 * it; printing the page prints the document alone.
 */
export function BillingDocumentView({ document }: { document: BillingDocument }) {
  const totalLabel = DOCUMENT_TOTAL_LABELS[document.kind];
  const facts: Field[] = [
    ...(document.number
      ? [{ label: 'شماره', value: <DocumentNumber number={document.number} /> }]
      : []),
    { label: 'تاریخ', value: formatJalaliDate(document.issuedAt) },
    ...(document.order
      ? [{ label: 'شمارهٔ سفارش', value: toPersianDigits(document.order.number) }]
      : []),
    // Once the tax organisation accepted it (issue 39), as the PDF prints it.
    ...(document.taxId
      ? [{ label: 'شمارهٔ مالیاتی', value: <DocumentNumber number={document.taxId} />, wide: true }]
      : []),
  ];
  const taxSystem = taxSystemLine(document);

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      className={classes.document}
      aria-label={documentName(document)}
    >
      <Stack gap="lg">
        <Stack gap={4} align="center" ta="center">
          <Title order={2} size="h3">
            {document.title}
          </Title>
          {document.refersTo && (
            <Text size="sm">
              عطف به صورتحساب شمارهٔ <DocumentNumber number={document.refersTo.number} />
            </Text>
          )}
        </Stack>
        <Stack gap={4}>
          <FieldList fields={facts} label="مشخصات سند" />
          {taxSystem && (
            <Text size="xs" c="dimmed" px="sm" className={classes.screenOnly}>
              {taxSystem}
            </Text>
          )}
        </Stack>

        <Party title="مشخصات فروشنده" fields={sellerFields(document.seller)} />
        <Party
          title={
            document.buyer.kind === 'company'
              ? 'مشخصات خریدار (شخص حقوقی)'
              : 'مشخصات خریدار (شخص حقیقی)'
          }
          fields={buyerFields(document.buyer)}
        />

        <LinesTable lines={document.lines} />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" className={classes.closing}>
          <Stack gap="xs">
            <Text size="sm">
              <Text span size="sm" fw={700}>
                {`${totalLabel} به حروف: `}
              </Text>
              {document.totalInWords}
            </Text>
            {document.paymentNote && (
              <Text size="sm">
                <Text span size="sm" fw={700}>
                  {'روش پرداخت: '}
                </Text>
                {document.paymentNote}
              </Text>
            )}
            {document.note && (
              <Text size="sm">
                <Text span size="sm" fw={700}>
                  {'توضیحات: '}
                </Text>
                {document.note}
              </Text>
            )}
          </Stack>
          <Totals document={document} totalLabel={totalLabel} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * A document's number as issued (`S1405-000123`), or its tax id: left to right, never broken at
 * its hyphen.
 */
function DocumentNumber({ number }: { number: string }) {
  return (
    <bdi dir="ltr" className={classes.code}>
      {number}
    </bdi>
  );
}

function sellerFields(seller: SellerParty): Field[] {
  return [
    { label: 'نام', value: seller.legalName },
    { label: 'شناسهٔ ملی', value: digits(seller.nationalId) },
    { label: 'کد اقتصادی', value: digits(seller.economicNumber) },
    { label: 'شمارهٔ ثبت', value: digits(seller.registrationNumber) },
    { label: 'کد پستی', value: digits(seller.postalCode) },
    { label: 'تلفن', value: digits(seller.phone) },
    { label: 'نشانی', value: seller.address || null, wide: true },
  ];
}

function buyerFields(buyer: BuyerParty): Field[] {
  const company = buyer.kind === 'company';
  return [
    { label: company ? 'نام شرکت' : 'نام', value: buyer.name },
    { label: 'کد ملی', value: digits(buyer.nationalCode) },
    { label: 'شناسهٔ ملی', value: digits(buyer.nationalId) },
    { label: 'کد اقتصادی', value: digits(buyer.economicNumber) },
    { label: 'شمارهٔ ثبت', value: digits(buyer.registrationNumber) },
    { label: 'کد پستی', value: digits(buyer.postalCode) },
    // A whole row: an address this long would break inside itself in a column.
    { label: 'ایمیل', value: buyer.email ? <bdi dir="ltr">{buyer.email}</bdi> : null, wide: true },
    { label: 'نشانی', value: buyer.address, wide: true },
  ];
}

/** An identifier of digits in Persian digits; nothing when it was not given. */
function digits(value: string | null): string | null {
  return value ? toPersianDigits(value) : null;
}

function Party({ title, fields }: { title: string; fields: Field[] }) {
  return (
    <Stack gap="xs" component="section" className={classes.party}>
      <Title order={3} size="h5" className={classes.band}>
        {title}
      </Title>
      <FieldList fields={fields} label={title} />
    </Stack>
  );
}

/** Labelled facts in as many columns as fit; a field with no value is left out. */
function FieldList({ fields, label }: { fields: Field[]; label: string }) {
  return (
    <dl className={classes.fields} aria-label={label}>
      {fields
        .filter((field) => field.value !== null && field.value !== '')
        .map((field) => (
          <div key={field.label} className={field.wide ? classes.wideField : classes.field}>
            <dt className={classes.label}>{field.label}:</dt>
            <dd className={classes.value}>{field.value}</dd>
          </div>
        ))}
    </dl>
  );
}

const COLUMNS = [
  'ردیف',
  'شرح',
  'تعداد',
  'مبلغ واحد',
  'تخفیف',
  'مبلغ پس از تخفیف',
  'مالیات بر ارزش افزوده',
  'جمع',
] as const;

/** The lines as the invoice's table; on a phone it scrolls sideways inside its own box. */
function LinesTable({ lines }: { lines: BillingDocument['lines'] }) {
  const titleId = useId();
  return (
    <Stack gap={4} component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" className={classes.band} id={titleId}>
        مشخصات کالا یا خدمات
      </Title>
      <Text size="xs" c="dimmed">
        مبلغ‌ها به ریال است.
        <Text span size="xs" hiddenFrom="md" className={classes.scrollHint}>
          {' برای دیدن همهٔ ستون‌ها، جدول را به چپ بکشید.'}
        </Text>
      </Text>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard */}
      <section className={classes.scroll} tabIndex={0} aria-label="جدول ردیف‌ها">
        <Table withTableBorder withColumnBorders className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} className={classes.head}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.position}>
                <Table.Td className={classes.number}>{toPersianDigits(line.position)}</Table.Td>
                <Table.Td className={classes.description}>
                  <LatinIsolated text={line.description} />
                </Table.Td>
                <Table.Td className={classes.number}>{toPersianDigits(line.quantity)}</Table.Td>
                <Table.Td className={classes.number}>{rialFigure(line.unitPriceRial)}</Table.Td>
                <Table.Td className={classes.number}>{rialFigure(line.discountRial)}</Table.Td>
                <Table.Td className={classes.number}>{rialFigure(line.netRial)}</Table.Td>
                <Table.Td className={classes.number}>
                  {rialFigure(line.vatRial)}
                  <Text size="xs" c="dimmed" component="div">
                    {vatRateText(line.vatRatePercent)}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.number} fw={700}>
                  {rialFigure(line.totalRial)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
    </Stack>
  );
}

function Totals({ document, totalLabel }: { document: BillingDocument; totalLabel: string }) {
  const { totals } = document;
  const rows: [string, number][] = [
    ['جمع مبلغ پیش از تخفیف', totals.grossRial],
    ['جمع تخفیف', totals.discountRial],
    ['جمع مبلغ پس از تخفیف', totals.netRial],
    ['جمع مالیات بر ارزش افزوده', totals.vatRial],
  ];
  return (
    <dl className={classes.totals} aria-label="جمع سند">
      {rows.map(([label, rial]) => (
        <div key={label} className={classes.totalRow}>
          <dt>{label}</dt>
          <dd>{`${rialFigure(rial)} ریال`}</dd>
        </div>
      ))}
      <div className={classes.grandTotal}>
        <dt>{totalLabel}</dt>
        <dd>
          <span className={classes.grandRial}>{`${rialFigure(totals.totalRial)} ریال`}</span>
          <span className={classes.grandToman}>{`(${tomanText(totals.totalRial)})`}</span>
        </dd>
      </div>
    </dl>
  );
}
