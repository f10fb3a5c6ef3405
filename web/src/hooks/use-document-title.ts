// Sets the browser title: page parts joined with ' | ' and ending with the product name (SPEC 2.3).
import { useEffect } from 'react';

export const PRODUCT_NAME = 'Dealer Coupons';

export function pageTitle(...parts: string[]): string {
  return [...parts.filter(Boolean), PRODUCT_NAME].join(' | ');
}

export function useDocumentTitle(...parts: string[]): void {
  const title = pageTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
