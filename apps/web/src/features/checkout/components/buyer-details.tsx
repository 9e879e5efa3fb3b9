import type { BuyerKind } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { LabeledValue } from '../../../ui/labeled-value';

interface Buyer {
  kind?: BuyerKind;
  fullName: string;
  email: string;
  nationalId?: string | null;
  companyName?: string | null;
  legalNationalId?: string | null;
  economicNumber?: string | null;
  registrationNumber?: string | null;
  address?: string | null;
  postalCode?: string | null;
}

/**
 * The buyer's details an order was billed to, a labelled row each (optional ones only when
 * given): a person's name, or a company's registered name and legal details with the person to
 * contact. On the customer's order page and on the order's page in the staff console.
 */
export function BuyerDetails({ buyer, labelWidth }: { buyer: Buyer; labelWidth: string }) {
  const digitsRow = (label: string, value: string | null | undefined) =>
    value && (
      <LabeledValue labelWidth={labelWidth} label={label}>
        {toPersianDigits(value)}
      </LabeledValue>
    );

  if (buyer.kind === 'company') {
    return (
      <>
        <LabeledValue labelWidth={labelWidth} label="شرکت">
          {buyer.companyName}
        </LabeledValue>
        {digitsRow('شناسهٔ ملی', buyer.legalNationalId)}
        {digitsRow('کد اقتصادی', buyer.economicNumber)}
        {digitsRow('شمارهٔ ثبت', buyer.registrationNumber)}
        {buyer.address && (
          <LabeledValue labelWidth={labelWidth} label="نشانی">
            {buyer.address}
          </LabeledValue>
        )}
        {digitsRow('کد پستی', buyer.postalCode)}
        <LabeledValue labelWidth={labelWidth} label="رابط">
          {buyer.fullName}
        </LabeledValue>
        <LabeledValue labelWidth={labelWidth} label="ایمیل">
          <bdi dir="ltr">{buyer.email}</bdi>
        </LabeledValue>
      </>
    );
  }

  return (
    <>
      <LabeledValue labelWidth={labelWidth} label="نام">
        {buyer.fullName}
      </LabeledValue>
      <LabeledValue labelWidth={labelWidth} label="ایمیل">
        <bdi dir="ltr">{buyer.email}</bdi>
      </LabeledValue>
      {buyer.nationalId && (
        <LabeledValue labelWidth={labelWidth} label="کد ملی">
          <bdi dir="ltr">{toPersianDigits(buyer.nationalId)}</bdi>
        </LabeledValue>
      )}
      {buyer.companyName && (
        <LabeledValue labelWidth={labelWidth} label="شرکت">
          {buyer.companyName}
        </LabeledValue>
      )}
    </>
  );
}
