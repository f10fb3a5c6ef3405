// Dialogs of other features that the customer dialogs open (Enter RO #, Change Email / Change Phone, Enter Code,
// Erase personal data, Coupon reminders).
// Features do not import each other: the route fills these slots in, and a missing slot hides its buttons.
import { createContext, useContext, type ReactNode } from 'react';
import type { CustomerRecord } from '../api/get-customer';

export interface EnterRoSlotProps {
  open: boolean;
  /** The '{type}' of 'Enter {type} RO #'. */
  type?: string;
  onClose: (result: { roNumber: string; locationId: number } | null) => void;
}

export interface ContactChangeSlotProps {
  open: boolean;
  kind: 'email' | 'phone';
  customer: CustomerRecord;
  audience: 'employee' | 'customer';
  /** True once a verification was sent, null when cancelled. */
  onClose: (result: true | null) => void;
}

export interface ContactCodeSlotProps {
  open: boolean;
  customer: CustomerRecord;
  /** The pending new number, formatted for display. */
  pendingPhoneLabel?: string;
  /** True once the phone change is confirmed, null when cancelled. */
  onClose: (result: true | null) => void;
}

export interface ErasureSlotProps {
  open: boolean;
  customer: CustomerRecord;
  /** True once the personal data is erased, null when cancelled. */
  onClose: (result: true | null) => void;
}

export interface MarketingConsentSlotProps {
  open: boolean;
  customer: CustomerRecord;
  onClose: () => void;
  /** After each saved change: the customer is read again. */
  onSaved: () => void;
}

export interface CustomerDialogSlots {
  renderEnterRo?: (props: EnterRoSlotProps) => ReactNode;
  renderContactChange?: (props: ContactChangeSlotProps) => ReactNode;
  /** Enter Code: staff type the phone-change code the customer reads out. */
  renderContactCode?: (props: ContactCodeSlotProps) => ReactNode;
  /** Erase personal data (admins). */
  renderErasure?: (props: ErasureSlotProps) => ReactNode;
  /** Coupon reminders (issue 24): staff record the customer's consent. */
  renderMarketingConsent?: (props: MarketingConsentSlotProps) => ReactNode;
}

const SlotsContext = createContext<CustomerDialogSlots>({});

export function CustomerDialogSlotsProvider({ value, children }: { value: CustomerDialogSlots; children: ReactNode }) {
  return <SlotsContext.Provider value={value}>{children}</SlotsContext.Provider>;
}

export function useCustomerDialogSlots(): CustomerDialogSlots {
  return useContext(SlotsContext);
}
