// What the pack-sales screens borrow from other features, supplied by the route (features do not import each
// other): the location selector, the Enter {type} RO # dialog, and the locations with their tax rates.
import type { ComponentType, ReactNode, Ref } from 'react';

export interface SaleLocationFieldProps {
  value: number | null;
  onChange: (locationId: number | null) => void;
  onBlur?: () => void;
  name?: string;
  ref?: Ref<HTMLSelectElement>;
  error?: string;
  /** The pack is pending: locked, with SPEC 2.5's tooltip. */
  pending?: boolean;
  disabled?: boolean;
  allowedIds?: readonly number[];
  label?: string;
}

export interface SaleRoDialogProps {
  open: boolean;
  type: string;
  initial?: { locationId?: number | null; roNumber?: string };
  locationLocked?: boolean;
  /** The coupon's pack is still pending (issue 12's Redeem): SPEC 2.5's warning, location locked. */
  pending?: boolean;
  onClose: (result: { roNumber: string; locationId: number } | null) => void;
}

/** A location as the sale needs it: name, CRM flag and tax rate (basis points; absent on an older server). */
export interface SaleLocation {
  locationId: number;
  locationName: string;
  isUsingCrm: boolean;
  salesTaxRateBasisPoints?: number | null;
}

export interface PackSaleSlots {
  LocationSelect: ComponentType<SaleLocationFieldProps>;
  renderEnterRo: (props: SaleRoDialogProps) => ReactNode;
  /** The RO dialog's type for a sale ('Sale'). */
  saleRoType: string;
  locations: readonly SaleLocation[] | undefined;
  /** SPEC 2.5's preset: the employee's location if it uses the CRM, otherwise 1 (null while loading). */
  defaultLocationId: number | null;
}
