import { useEffect, useRef } from 'react';

/**
 * Puts the cursor in a step's first field when the step appears: the card's content changes in
 * place, and without this, focus stays on a button that no longer exists.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
