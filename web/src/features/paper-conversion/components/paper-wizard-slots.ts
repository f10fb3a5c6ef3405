// What the paper conversion wizard borrows from other features, lent by the route (features do not import each
// other): the location selector, a pack selector, Enter {type} RO #, the redemption refusal of the Coupons panel,
// the Search Customer and Create Customer dialogs, and the chosen customer as the customers feature loads it.
import type { ComponentType, ReactNode, Ref } from 'react';

export interface WizardLocationFieldProps {
  value: number | null;
  onChange: (locationId: number | null) => void;
  onBlur?: () => void;
  name?: string;
  ref?: Ref<HTMLSelectElement>;
  error?: string;
}

export interface WizardPackFieldProps {
  value: string;
  onChange: (packId: string) => void;
  onBlur?: () => void;
  error?: string;
}

export interface WizardRoDialogProps {
  open: boolean;
  /** The '{type}' of 'Enter {type} RO #'. */
  type: string;
  onClose: (result: { roNumber: string; locationId: number } | null) => void;
}

export interface WizardRefusalProps {
  messages: readonly string[];
  onDismiss: () => void;
}

export interface WizardCustomerDialogProps {
  open: boolean;
  /** The customer found or created, or null when cancelled. */
  onClose: (customerId: string | null) => void;
}

/** The chosen customer as the wizard shows it. */
export interface WizardCustomer {
  customerId: string;
  name: string;
  emailAddress: string | null;
  phoneMobile: string | null;
}

export interface WizardCustomerState {
  customer: WizardCustomer | undefined;
  loading: boolean;
  /** The customer could not be loaded (messages to show). */
  errors: readonly string[];
}

export interface PaperWizardSlots {
  LocationSelect: ComponentType<WizardLocationFieldProps>;
  PackSelect: ComponentType<WizardPackFieldProps>;
  renderEnterRo: (props: WizardRoDialogProps) => ReactNode;
  /** Why a redemption was refused, with the Coupon RO Not Found help link when the RO is missing. */
  renderRefusal: (props: WizardRefusalProps) => ReactNode;
  renderSearchCustomer: (props: WizardCustomerDialogProps) => ReactNode;
  renderCreateCustomer: (props: WizardCustomerDialogProps) => ReactNode;
  /** A hook (the same function on every render): the customer of `?customer=`. */
  useChosenCustomer: (customerId: string | null) => WizardCustomerState;
  /** SPEC 2.5's preset: the employee's location if it uses the CRM, otherwise 1 (null while loading). */
  defaultLocationId: number | null;
  /** After a conversion: the customer's coupons elsewhere (Sales page) are read again. */
  onConverted: (customerId: string) => void;
}
