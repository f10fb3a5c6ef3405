// Search box state (SPEC 2.5): typing searches after a 400 ms debounce for 2+ characters; Search runs at once.
import { useEffect, useState } from 'react';
import { LIMITS, TIMINGS } from '@dealer/contracts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useSearchCustomers } from '../api/search-customers';

export function useCustomerSearch() {
  const [input, setInput] = useState('');
  const [searchTerm, setSearchTerm] = useState<string | null>(null);
  const debounced = useDebouncedValue(input.trim(), TIMINGS.searchDebounceMs);
  const query = useSearchCustomers(searchTerm);

  useEffect(() => {
    if (debounced.length >= LIMITS.searchTermMin) setSearchTerm(debounced);
  }, [debounced]);

  const submit = () => {
    const term = input.trim();
    if (!term) return;
    if (term === searchTerm) void query.refetch();
    else setSearchTerm(term);
  };

  return { input, setInput, submit, searchTerm, hasSearched: searchTerm !== null, query };
}
