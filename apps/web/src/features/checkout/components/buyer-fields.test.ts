import { MantineProvider, SegmentedControl } from '@mantine/core';
import { BUYER_FIELD_MESSAGES } from '@vitrin/contracts';
import { Children, createElement, isValidElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { ApiRequestError } from '../../../lib/api-error';
import {
  type BuyerDraft,
  BuyerFields,
  buyerDraftChanged,
  fromBuyerDraft,
  toBuyerDraft,
} from './buyer-fields';

// The buyer step of the cart as its markup reads: the web project has no DOM, so fields are
// found by their labels in what React renders on the server, and the kind is switched through
// the control's own onChange, as a click on «شخص حقوقی (شرکت)» calls it.

const savedPerson = toBuyerDraft({
  kind: 'person',
  fullName: 'مریم احمدی',
  email: 'maryam@example.ir',
  nationalId: null,
  companyName: 'نمونه سازان',
  legalNationalId: null,
  economicNumber: null,
  registrationNumber: null,
  address: null,
  postalCode: null,
});

function render(value: BuyerDraft, error: unknown = null): string {
  return renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(BuyerFields, { value, onChange: () => {}, error }),
    ),
  );
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The labels of the form's text fields, in order (the «*» of a required one left out). */
function fieldLabels(html: string): string[] {
  return [...html.matchAll(/<label[^>]*\bfor="[^"]+"[^>]*\bid="[^"]+-label"[^>]*>(.*?)<\/label>/g)]
    .map(([, inner]) => textOf(inner ?? '').replace(/\s*\*$/, ''))
    .filter(Boolean);
}

/** The message shown under the field labelled `label`, as its input names it (aria-describedby). */
function errorUnder(html: string, label: string): string | null {
  for (const [, id, inner] of html.matchAll(/<label[^>]*\bfor="([^"]+)"[^>]*>(.*?)<\/label>/g)) {
    if (textOf(inner ?? '').replace(/\s*\*$/, '') !== label) continue;
    const escaped = (id ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const input = new RegExp(`<(?:input|textarea)[^>]*\\bid="${escaped}"[^>]*>`).exec(html)?.[0];
    const describedBy = input && /aria-describedby="([^"]+)"/.exec(input)?.[1];
    if (!describedBy) return null;
    const errorId = describedBy.split(' ').find((part) => part.endsWith('-error'));
    if (!errorId) return null;
    const error = new RegExp(`<p[^>]*\\bid="${errorId}"[^>]*>(.*?)</p>`).exec(html)?.[1];
    return error === undefined ? null : textOf(error);
  }
  throw new Error(`no field labelled «${label}»`);
}

/** Finds the element of `type` in what a component returned, as a click would reach it. */
function findElement(node: ReactNode, type: unknown): { props: Record<string, unknown> } | null {
  let found: { props: Record<string, unknown> } | null = null;
  Children.forEach(node, (child) => {
    if (found || !isValidElement(child)) return;
    const props = child.props as Record<string, unknown>;
    if (child.type === type) found = { props };
    else found = findElement(props.children as ReactNode, type);
  });
  return found;
}

/** Chooses an option of the person/company control by its label, as a person clicks it. */
function choose(value: BuyerDraft, optionLabel: string): BuyerDraft {
  let next = value;
  const tree = BuyerFields({
    value,
    onChange: (changed) => {
      next = changed;
    },
    error: null,
  });
  const control = findElement(tree, SegmentedControl);
  if (!control) throw new Error('no person/company control');
  expect(control.props['aria-label']).toBe('نوع خریدار');
  const options = control.props.data as { value: string; label: string }[];
  const option = options.find((candidate) => candidate.label === optionLabel);
  if (!option) throw new Error(`no option «${optionLabel}»`);
  (control.props.onChange as (value: string) => void)(option.value);
  return next;
}

describe('the buyer step: a person or a company', () => {
  test('a person gives a name, an e-mail, and optionally کد ملی and a company', () => {
    const html = render(savedPerson);
    expect(textOf(html)).toContain('شخص حقیقی');
    expect(textOf(html)).toContain('شخص حقوقی (شرکت)');
    expect(fieldLabels(html)).toEqual([
      'نام و نام خانوادگی',
      'ایمیل',
      'کد ملی (اختیاری)',
      'نام شرکت (اختیاری)',
    ]);
  });

  test("switching to «شخص حقوقی (شرکت)» shows the company's legal fields and its contact", () => {
    const company = choose(savedPerson, 'شخص حقوقی (شرکت)');
    expect(company.kind).toBe('company');
    expect(fieldLabels(render(company))).toEqual([
      'نام ثبت‌شدهٔ شرکت',
      'شناسهٔ ملی شرکت',
      'کد اقتصادی',
      'شمارهٔ ثبت',
      'نشانی شرکت',
      'کد پستی',
      'نام و نام خانوادگی رابط',
      'ایمیل',
    ]);
    // What was typed stays: the company a person named is the company's name to start from.
    expect(company.companyName).toBe('نمونه سازان');
    expect(choose(company, 'شخص حقیقی').kind).toBe('person');
  });

  test("the server's message for each field shows under that field", () => {
    const company: BuyerDraft = { ...savedPerson, kind: 'company', legalNationalId: '۱۲۳' };
    const refusal = new ApiRequestError(400, {
      code: 'VALIDATION',
      message: 'مشخصات خریدار کامل نیست',
      fields: {
        legalNationalId: BUYER_FIELD_MESSAGES.legalNationalId,
        postalCode: BUYER_FIELD_MESSAGES.postalCode,
        address: BUYER_FIELD_MESSAGES.address,
      },
    });
    const html = render(company, refusal);
    expect(errorUnder(html, 'شناسهٔ ملی شرکت')).toBe(BUYER_FIELD_MESSAGES.legalNationalId);
    expect(errorUnder(html, 'کد پستی')).toBe(BUYER_FIELD_MESSAGES.postalCode);
    expect(errorUnder(html, 'نشانی شرکت')).toBe(BUYER_FIELD_MESSAGES.address);
    expect(errorUnder(html, 'کد اقتصادی')).toBeNull();
    expect(errorUnder(html, 'نام ثبت‌شدهٔ شرکت')).toBeNull();
  });
});

describe('what the buyer step saves', () => {
  test('a person sends no legal details', () => {
    expect(fromBuyerDraft({ ...savedPerson, legalNationalId: '10101234567' })).toEqual({
      kind: 'person',
      fullName: 'مریم احمدی',
      email: 'maryam@example.ir',
      nationalId: null,
      companyName: 'نمونه سازان',
    });
  });

  test('a company sends every legal detail as typed (Persian digits too), empty ones as null', () => {
    const company: BuyerDraft = {
      ...savedPerson,
      kind: 'company',
      nationalId: '0012345679',
      legalNationalId: ' ۱۰۱۰۱۲۳۴۵۶۷ ',
      economicNumber: '',
      registrationNumber: '98765',
      address: 'اصفهان، خیابان چهارباغ',
      postalCode: '۸۱۳۴۵۶۷۸۹۰',
    };
    expect(fromBuyerDraft(company)).toEqual({
      kind: 'company',
      fullName: 'مریم احمدی',
      email: 'maryam@example.ir',
      nationalId: null,
      companyName: 'نمونه سازان',
      legalNationalId: '۱۰۱۰۱۲۳۴۵۶۷',
      economicNumber: null,
      registrationNumber: '98765',
      address: 'اصفهان، خیابان چهارباغ',
      postalCode: '۸۱۳۴۵۶۷۸۹۰',
    });
  });

  test('switching kind is a change to save; a company field typed as a person is not', () => {
    expect(buyerDraftChanged(savedPerson, { ...savedPerson, kind: 'company' })).toBe(true);
    expect(buyerDraftChanged(savedPerson, { ...savedPerson, postalCode: '8134567890' })).toBe(
      false,
    );
    expect(buyerDraftChanged(savedPerson, { ...savedPerson, fullName: ' مریم احمدی ' })).toBe(
      false,
    );
  });
});
