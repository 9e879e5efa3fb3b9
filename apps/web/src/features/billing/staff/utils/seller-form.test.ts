import {
  adminUpdateSeller,
  usePersianValidationMessages as installPersianValidationMessages,
  SELLER_FIELD_MESSAGES,
} from '@vitrin/contracts';
import { expect, test } from 'vitest';
import { ApiRequestError } from '../../../../lib/api-error';
import { type SellerDraft, sellerDraftOf, sellerFormErrors, sellerRequest } from './seller-form';

// The server speaks Persian from its start; so does the contract here. (No React hook, despite
// its name: it sets zod's messages once.)
installPersianValidationMessages();

const valid: SellerDraft = {
  legalName: 'شرکت ویترین پارس',
  nationalId: '۱۰۳۸۰۲۸۴۷۹۰',
  economicNumber: '۴۱۱۱۱۱۱۱۱۱۱۱',
  registrationNumber: '۱۲۳۴۵',
  phone: '۰۲۱۱۲۳۴۵۶۷۸',
  postalCode: '۱۴۱۵۸۹۳۴۷۱',
  address: 'تهران، خیابان آزادی، پلاک ۱۰',
};

/** The answer the server gives a body its contract refuses: each issue under its field's name. */
function refusalOf(input: unknown): ApiRequestError {
  const parsed = adminUpdateSeller.request.safeParse(input);
  if (parsed.success) throw new Error('the contract accepted it');
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return new ApiRequestError(400, { code: 'VALIDATION', message: 'درخواست نامعتبر است', fields });
}

test('what the form sends with Persian digits is what the contract accepts', () => {
  expect(adminUpdateSeller.request.safeParse(sellerRequest(valid)).success).toBe(true);
});

test('each field the server refuses shows its Persian message under that field', () => {
  const errors = sellerFormErrors(
    refusalOf(sellerRequest({ ...valid, nationalId: '۱۰۳۸۰۲۸۴۷۹۱', postalCode: '۰۱۲۳' })),
  );
  expect(errors.fields).toEqual({
    nationalId: SELLER_FIELD_MESSAGES.nationalId,
    postalCode: SELLER_FIELD_MESSAGES.postalCode,
  });
  expect(errors.summary).toBe('ذخیره نشد؛ خطای هر فیلد زیر همان فیلد آمده است.');
});

test('a short legal name and address are refused under their own fields', () => {
  const errors = sellerFormErrors(
    refusalOf(sellerRequest({ ...valid, legalName: 'ا', address: 'تهران' })),
  );
  expect(Object.keys(errors.fields).sort()).toEqual(['address', 'legalName']);
  expect(errors.fields.legalName).toBe('دست‌کم ۲ نویسه لازم است');
});

test('a refusal that names no field of the form is said above the button', () => {
  const forbidden = new ApiRequestError(403, {
    code: 'FORBIDDEN',
    message: 'این کار فقط از مدیران برمی‌آید',
  });
  expect(sellerFormErrors(forbidden)).toEqual({
    fields: {},
    summary: 'ذخیره نشد: این کار فقط از مدیران برمی‌آید',
  });
  expect(sellerFormErrors(null)).toEqual({ fields: {}, summary: null });
});

test('saved details come back into the form in Persian digits', () => {
  const draft = sellerDraftOf({
    legalName: 'ویترین',
    nationalId: '10380284790',
    economicNumber: '411111111111',
    registrationNumber: '12345',
    phone: '02112345678',
    postalCode: '1415893471',
    address: 'تهران، پلاک 10',
    complete: true,
  });
  expect(draft.nationalId).toBe('۱۰۳۸۰۲۸۴۷۹۰');
  expect(draft.phone).toBe('۰۲۱۱۲۳۴۵۶۷۸');
  // Free text is kept as typed.
  expect(draft.address).toBe('تهران، پلاک 10');
});
