import { toPersianDigits } from '@vitrin/fa';
import { LabeledValue } from '../../../ui/labeled-value';

interface Buyer {
  fullName: string;
  email: string;
  nationalId?: string | null;
  companyName?: string | null;
}

/**
 * The buyer's details an order was billed to, a labelled row each (national id and company only
 * when given): on the customer's order page and on the order's page in the staff console.
 */
export function BuyerDetails({ buyer, labelWidth }: { buyer: Buyer; labelWidth: string }) {
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
