import type { DOMAIN_CONTACT_KINDS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import type { DomainContact } from '../api/get-domain-contact';
import type { DomainContactInput } from '../api/save-domain-contact';

export type DomainContactKind = (typeof DOMAIN_CONTACT_KINDS)[number];

/** The holder's details as typed: every field a string, empty when left out. */
export interface ContactDraft {
  kind: DomainContactKind;
  name: string;
  organisation: string;
  nationalCode: string;
  companyId: string;
  registrationNumber: string;
  passportNumber: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  province: string;
  postalCode: string;
  countryCode: string;
}

/** An Iranian holder's country, which the registries require of a person or company here. */
export const IRAN_COUNTRY_CODE = 'IR';

export function emptyContactDraft(prefill: { email?: string; phone?: string } = {}): ContactDraft {
  return {
    kind: 'person',
    name: '',
    organisation: '',
    nationalCode: '',
    companyId: '',
    registrationNumber: '',
    passportNumber: '',
    email: prefill.email ?? '',
    phone: prefill.phone ?? '',
    street: '',
    city: '',
    province: '',
    postalCode: '',
    countryCode: IRAN_COUNTRY_CODE,
  };
}

/**
 * A phone as people write it, from the way registries keep it (`+98.9121234567`, RFC 5733 §2.5):
 * `۰۹۱۲۱۲۳۴۵۶۷` for an Iranian number, `+۴۴۲۰۷۱۲۳۴۵۶۷` for another. The server reads either
 * digits, but not the registry's dot.
 */
export function phoneAsTyped(epp: string): string {
  const iranian = /^\+98\.?(9\d{9})$/.exec(epp);
  return toPersianDigits(iranian ? `0${iranian[1]}` : epp.replace('.', ''));
}

/** A saved holder as the form shows it: numbers in Persian digits, as the site writes them. */
export function toContactDraft(contact: DomainContact): ContactDraft {
  const digits = (value: string | null) => toPersianDigits(value ?? '');
  return {
    kind: contact.kind,
    name: contact.name,
    organisation: contact.organisation ?? '',
    nationalCode: digits(contact.nationalCode),
    companyId: digits(contact.companyId),
    registrationNumber: digits(contact.registrationNumber),
    passportNumber: contact.passportNumber ?? '',
    email: contact.email,
    phone: phoneAsTyped(contact.phone),
    street: contact.street,
    city: contact.city,
    province: contact.province,
    postalCode: digits(contact.postalCode),
    countryCode: contact.countryCode,
  };
}

/**
 * What save-contact takes: only the identity the kind needs (the server keeps no other), and a
 * person's or company's country as Iran, which is the only one the registries accept for them.
 */
export function fromContactDraft(draft: ContactDraft): DomainContactInput {
  const trimmed = (value: string) => value.trim();
  const common = {
    kind: draft.kind,
    name: trimmed(draft.name),
    email: trimmed(draft.email),
    phone: trimmed(draft.phone),
    street: trimmed(draft.street),
    city: trimmed(draft.city),
    province: trimmed(draft.province),
    postalCode: trimmed(draft.postalCode),
    countryCode: draft.kind === 'foreigner' ? trimmed(draft.countryCode) : IRAN_COUNTRY_CODE,
  };
  switch (draft.kind) {
    case 'person':
      return { ...common, nationalCode: trimmed(draft.nationalCode) };
    case 'company':
      return {
        ...common,
        organisation: trimmed(draft.organisation),
        companyId: trimmed(draft.companyId),
        registrationNumber: trimmed(draft.registrationNumber),
      };
    case 'foreigner':
      return { ...common, passportNumber: trimmed(draft.passportNumber) };
  }
}
