// The Sales page's inline search: the shared search-box rules over GET /api/customer-search.
import { useSearchCustomers } from '../api/search-customers';
import { useSearchTerm } from '../../../hooks/use-search-term';

export function useCustomerSearch() {
  const box = useSearchTerm();
  const query = useSearchCustomers(box.term);
  const submit = () => {
    if (box.submit() === 'same') void query.refetch();
  };
  return { input: box.input, setInput: box.setInput, submit, searchTerm: box.term, hasSearched: box.hasSearched, tooShort: box.tooShort, query };
}
