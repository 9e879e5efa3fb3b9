import { type ChangeEvent, useState } from 'react';
import { fieldError } from '../../../../lib/field-error';

/** The draft's fields that hold a value of type V. */
type FieldOf<D, V> = { [K in keyof D]: D[K] extends V ? K : never }[keyof D] & string;

/**
 * A catalog form's draft and the message under each field: the form's own check first, then
 * the server's refusal of the last save. Any change clears the form's own messages.
 */
export function useCatalogDraft<D>(initial: () => D, saveError: unknown) {
  const [draft, setDraft] = useState<D>(initial);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});

  const set = (changes: Partial<D>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setLocalErrors({});
  };
  const errorOf = (field: string) => localErrors[field] ?? fieldError(saveError, field);

  /** A text field's value, change and message, bound to the draft field of the same name. */
  const textField = (field: FieldOf<D, string>) => ({
    value: draft[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set({ [field]: event.currentTarget.value } as Partial<D>),
    error: errorOf(field),
  });

  /** A control's value, change and message, for a control that hands over the value itself. */
  const valueField = <K extends keyof D & string>(field: K) => ({
    value: draft[field],
    onChange: (value: D[K]) => set({ [field]: value } as unknown as Partial<D>),
    error: errorOf(field),
  });

  /** A checkbox's state, change and message, bound to the draft field of the same name. */
  const checkboxField = (field: FieldOf<D, boolean>) => ({
    checked: draft[field] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      set({ [field]: event.currentTarget.checked } as Partial<D>),
    error: errorOf(field),
  });

  return { draft, set, errorOf, setLocalErrors, textField, valueField, checkboxField };
}
