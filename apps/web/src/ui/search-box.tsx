import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { SEARCH_QUERY_MAX_LENGTH } from '@vitrin/contracts';
import { useEffect, useState } from 'react';
import { SearchIcon } from './icons';

const SEARCH_DELAY_MS = 300;

interface SearchBoxProps {
  /** The search in effect (from the address). */
  value: string;
  /** Called once typing pauses, or at once on Enter, with the trimmed text. */
  onSearch: (text: string) => void;
  label: string;
  placeholder: string;
}

/** A search field that searches as a person types, after a short pause. */
export function SearchBox({ value, onSearch, label, placeholder }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const search = useDebouncedCallback((next: string) => {
    if (next.trim() !== value) onSearch(next.trim());
  }, SEARCH_DELAY_MS);

  // The search changed elsewhere (back, forward, "clear filters"): show it, and drop typing
  // that would otherwise bring the old search back a moment later.
  useEffect(() => {
    search.cancel();
    setText(value);
  }, [value, search]);

  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={SEARCH_QUERY_MAX_LENGTH}
      leftSection={<SearchIcon size={18} />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="پاک کردن جست‌وجو"
            onClick={() => {
              search.cancel();
              setText('');
              if (value !== '') onSearch('');
            }}
          />
        ) : null
      }
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') search.flush();
      }}
    />
  );
}
