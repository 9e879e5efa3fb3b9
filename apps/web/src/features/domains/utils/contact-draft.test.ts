import { domainContactInput } from '@vitrin/contracts';
import { describe, expect, test } from 'vitest';
import type { DomainContact } from '../api/get-domain-contact';
import {
  type ContactDraft,
  emptyContactDraft,
  fromContactDraft,
  phoneAsTyped,
  toContactDraft,
} from './contact-draft';

// The holder form's draft against the contract the server checks it with: what the form sends
// for each kind passes, and a saved holder opened for editing can be saved again untouched.

const saved: DomainContact = {
  kind: 'person',
  name: 'Sara Mohammadi',
  organisation: null,
  nationalCode: '0012345679',
  companyId: null,
  registrationNumber: null,
  passportNumber: null,
  email: 'sara@example.com',
  // As registries keep a phone (RFC 5733 §2.5), and as get-contact answers it.
  phone: '+98.9121234567',
  street: 'No. 12, Azadi St.',
  city: 'Tehran',
  province: 'Tehran',
  postalCode: '1458765432',
  countryCode: 'IR',
};

const address = {
  email: 'holder@example.com',
  phone: '۰۹۱۲۱۲۳۴۵۶۷',
  street: 'No. 5, Enghelab St.',
  city: 'Tehran',
  province: 'Tehran',
  postalCode: '۱۴۵۸۷۶۵۴۳۲',
};

describe('the domain holder form', () => {
  test('a phone kept as EPP writes it is shown as people type it', () => {
    expect(phoneAsTyped('+98.9121234567')).toBe('۰۹۱۲۱۲۳۴۵۶۷');
    expect(phoneAsTyped('+989121234567')).toBe('۰۹۱۲۱۲۳۴۵۶۷');
    expect(phoneAsTyped('+44.2071234567')).toBe('+۴۴۲۰۷۱۲۳۴۵۶۷');
  });

  test('a saved holder opened for editing passes the contract unchanged', () => {
    const parsed = domainContactInput.safeParse(fromContactDraft(toContactDraft(saved)));
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  test('a person, a company and a foreigner each send what their kind needs and pass', () => {
    const person: ContactDraft = {
      ...emptyContactDraft(),
      ...address,
      name: 'Sara Mohammadi',
      nationalCode: '۰۰۱۲۳۴۵۶۷۹',
      // Typed for another kind before switching: not sent.
      passportNumber: 'X1234567',
    };
    const company: ContactDraft = {
      ...emptyContactDraft(),
      ...address,
      kind: 'company',
      name: 'Sara Mohammadi',
      organisation: 'Vitrin Co.',
      companyId: '۱۰۳۸۰۲۸۴۷۹۰',
      registrationNumber: '12345',
    };
    const foreigner: ContactDraft = {
      ...emptyContactDraft(),
      ...address,
      kind: 'foreigner',
      name: 'Anna Schmidt',
      passportNumber: 'C01X00T47',
      countryCode: 'de',
    };
    expect(fromContactDraft(person)).not.toHaveProperty('passportNumber');
    expect(fromContactDraft(company).countryCode).toBe('IR');
    for (const draft of [person, company, foreigner]) {
      const parsed = domainContactInput.safeParse(fromContactDraft(draft));
      expect(parsed.error?.issues ?? [], draft.kind).toEqual([]);
    }
  });

  test('a person without a کد ملی is refused on that field', () => {
    const parsed = domainContactInput.safeParse(
      fromContactDraft({ ...emptyContactDraft(), ...address, name: 'Sara Mohammadi' }),
    );
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain('nationalCode');
  });
});
