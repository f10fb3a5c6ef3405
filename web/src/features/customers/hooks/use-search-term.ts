// Search box state (SPEC 2.5, 5, 9): typing searches after a 400 ms debounce, only for 2+ characters;
// submitting (Search button, Enter) searches at once. `term` is null until a first search ran.
import { useEffect, useState } from 'react';
import { LIMITS, TIMINGS } from '@dealer/contracts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';

export const isSearchable = (term: string) => term.trim().length >= LIMITS.searchTermMin;

export function useSearchTerm(initialTerm = '') {
  const [input, setInput] = useState(initialTerm);
  const [term, setTerm] = useState<string | null>(() => (isSearchable(initialTerm) ? initialTerm.trim() : null));
  const debounced = useDebouncedValue(input.trim(), TIMINGS.searchDebounceMs);

  useEffect(() => {
    if (isSearchable(debounced)) setTerm(debounced);
  }, [debounced]);

  /** Searches the box's text now; answers whether it was the term already shown (the caller may refetch). */
  const submit = (): 'same' | 'new' | 'too-short' => {
    const next = input.trim();
    if (!isSearchable(next)) return 'too-short';
    if (next === term) return 'same';
    setTerm(next);
    return 'new';
  };

  return { input, setInput, term, submit, hasSearched: term !== null };
}
