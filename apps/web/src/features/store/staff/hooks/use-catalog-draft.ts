import { useState } from 'react';
import { fieldError } from '../../../../lib/field-error';

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

  return { draft, set, errorOf, setLocalErrors };
}
