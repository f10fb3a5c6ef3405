// The employee's selected customer id, persisted under EMPLOYEE_CUSTOMER_ID (SPEC 3 browser storage).
import { useCallback, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

export function useSelectedCustomerId(): [string | null, (customerId: string | null) => void] {
  const [customerId, setCustomerId] = useState(() => readStorage(STORAGE_KEYS.employeeCustomerId));
  const select = useCallback((next: string | null) => {
    writeStorage(STORAGE_KEYS.employeeCustomerId, next);
    setCustomerId(next);
  }, []);
  return [customerId, select];
}
