// Search box state (SPEC 2.5, 5, 9): typing searches after a 400 ms debounce, only for 2+ characters;
// submitting (Search button, Enter) searches at once. `term` is null while nothing searchable is in the
// box: a box cut to one character (or emptied) clears the old results, and `tooShort` says why.
import { useEffect, useState } from 'react';
import { CUSTOMER_MESSAGES, LIMITS, TIMINGS } from '@dealer/contracts';
import { useDebouncedValue } from './use-debounced-value';

/** Same words as the search API's 400 answer. */
export const SEARCH_TOO_SHORT_TEXT = CUSTOMER_MESSAGES.searchTermTooShort;

export const isSearchable = (term: string) => term.trim().length >= LIMITS.searchTermMin;

export function useSearchTerm(initialTerm = '') {
  const [input, setInput] = useState(initialTerm);
  const [term, setTerm] = useState<string | null>(() => (isSearchable(initialTerm) ? initialTerm.trim() : null));
  const [hasSearched, setHasSearched] = useState(term !== null);
  const [tooShort, setTooShort] = useState(false);
  const debounced = useDebouncedValue(input.trim(), TIMINGS.searchDebounceMs);

  useEffect(() => {
    if (isSearchable(debounced)) {
      setTerm(debounced);
      setHasSearched(true);
    } else {
      setTerm(null);
    }
    setTooShort(debounced !== '' && !isSearchable(debounced));
  }, [debounced]);

  /** Searches the box's text now; answers whether it was the term already shown (the caller may refetch). */
  const submit = (): 'same' | 'new' | 'too-short' => {
    const next = input.trim();
    if (!isSearchable(next)) {
      setTerm(null);
      setTooShort(true);
      return 'too-short';
    }
    setTooShort(false);
    setHasSearched(true);
    if (next === term) return 'same';
    setTerm(next);
    return 'new';
  };

  return { input, setInput, term, submit, hasSearched, tooShort };
}
