import { NativeSelect, SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import { DOMAIN_CONTACT_KIND_LABELS, DOMAIN_CONTACT_KINDS } from '@vitrin/contracts';
import { fieldError } from '../../../lib/field-error';
import type { ContactDraft, DomainContactKind } from '../utils/contact-draft';

type TextField = Exclude<keyof ContactDraft, 'kind'>;

const KIND_OPTIONS = DOMAIN_CONTACT_KINDS.map((kind) => ({
  value: kind,
  label: DOMAIN_CONTACT_KIND_LABELS[kind],
}));

/** Registries publish the holder in Latin letters (RFC 5733's "int" form): said under each. */
function latinHint(example: string) {
  return (
    <>
      با حروف لاتین؛ مانند <bdi dir="ltr">{example}</bdi>
    </>
  );
}

interface DomainContactFieldsProps {
  value: ContactDraft;
  onChange: (next: ContactDraft) => void;
  /** The last save's failure: its field messages show on the fields. */
  error: unknown;
}

/**
 * The domain holder's details: the kind first, then what that kind proves itself with (a کد ملی,
 * a company's شناسهٔ ملی and registration number, or a passport), and the address and contact
 * the registries publish, in Latin letters. Digits may be typed in Persian: the server folds them.
 */
export function DomainContactFields({ value, onChange, error }: DomainContactFieldsProps) {
  const field = (
    name: TextField,
    label: string,
    props: TextInputProps & { latin?: string; digits?: boolean } = {},
  ) => {
    const { latin, digits = false, ...rest } = props;
    return (
      <TextInput
        label={label}
        description={latin ? latinHint(latin) : undefined}
        dir={latin || digits ? 'ltr' : undefined}
        inputMode={digits ? 'numeric' : undefined}
        autoComplete="off"
        required
        value={value[name]}
        onChange={(event) => onChange({ ...value, [name]: event.currentTarget.value })}
        error={fieldError(error, name)}
        {...rest}
      />
    );
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <NativeSelect
        label="نوع دارنده"
        data={KIND_OPTIONS}
        value={value.kind}
        onChange={(event) =>
          onChange({ ...value, kind: event.currentTarget.value as DomainContactKind })
        }
        error={fieldError(error, 'kind')}
      />
      {value.kind === 'company'
        ? field('organisation', 'نام شرکت', {
            latin: 'Vitrin Co.',
            maxLength: 120,
            autoComplete: 'organization',
          })
        : field('name', 'نام و نام خانوادگی', {
            latin: 'Sara Mohammadi',
            maxLength: 100,
            autoComplete: 'name',
          })}
      {value.kind === 'person' && field('nationalCode', 'کد ملی', { digits: true, maxLength: 20 })}
      {value.kind === 'company' && (
        <>
          {field('name', 'نام رابط شرکت', {
            latin: 'Sara Mohammadi',
            maxLength: 100,
            autoComplete: 'name',
          })}
          {field('companyId', 'شناسهٔ ملی شرکت', { digits: true, maxLength: 21 })}
          {field('registrationNumber', 'شمارهٔ ثبت شرکت', { digits: true, maxLength: 20 })}
        </>
      )}
      {value.kind === 'foreigner' && (
        <>
          {field('passportNumber', 'شمارهٔ گذرنامه', { latin: 'X12345678', maxLength: 20 })}
          {field('countryCode', 'کد کشور', {
            latin: 'DE',
            maxLength: 2,
            autoComplete: 'country',
          })}
        </>
      )}
      {field('email', 'ایمیل', {
        dir: 'ltr',
        type: 'email',
        maxLength: 254,
        autoComplete: 'email',
      })}
      {field('phone', 'تلفن همراه', {
        digits: true,
        type: 'tel',
        placeholder: '۰۹۱۲۱۲۳۴۵۶۷',
        maxLength: 30,
        autoComplete: 'tel',
      })}
      {field('postalCode', 'کد پستی', {
        digits: true,
        maxLength: 20,
        autoComplete: 'postal-code',
      })}
      {field('street', 'نشانی', {
        latin: 'No. 12, Azadi St.',
        maxLength: 200,
        autoComplete: 'street-address',
        style: { gridColumn: '1 / -1' },
      })}
      {field('city', 'شهر', {
        latin: 'Tehran',
        maxLength: 60,
        autoComplete: 'address-level2',
      })}
      {field('province', 'استان', {
        latin: 'Tehran',
        maxLength: 60,
        autoComplete: 'address-level1',
      })}
    </SimpleGrid>
  );
}
