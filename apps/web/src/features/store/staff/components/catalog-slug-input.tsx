import { TextInput } from '@mantine/core';

interface CatalogSlugInputProps {
  value: string;
  onChange: (slug: string) => void;
  error: string | undefined;
  description?: string;
}

/** «نامک»: the record's name in the store's addresses, written left to right. */
export function CatalogSlugInput({
  value,
  onChange,
  error,
  description = 'حروف کوچک لاتین، رقم و خط تیره',
}: CatalogSlugInputProps) {
  return (
    <TextInput
      label="نامک"
      description={description}
      required
      dir="ltr"
      maxLength={80}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
