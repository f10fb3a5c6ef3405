// /employee/paper-conversion and its wizard steps (SPEC 2.1, 2.2; issue 12). Features meet here: the wizard
// (paper-conversion) gets the location selector (locations), a pack selector over GET /api/packs (packs), Enter
// Redemption RO # (repair-orders), the Coupons panel's refusal alert (pack-sales), and the Search Customer and
// Create Customer dialogs with the chosen customer (customers); a conversion refreshes that customer's coupons.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { CATALOGUE_PAGE, fullName } from '@dealer/contracts';
import { SelectField } from '../../../components/ui/form/select-field';
import { paths, PAPER_CONVERSION_STEPS } from '../../../config/paths';
import { useCustomer } from '../../../features/customers/api/get-customer';
import { CustomerDialogSlotsProvider } from '../../../features/customers/components/customer-dialog-slots';
import { CustomerProfileDialog } from '../../../features/customers/components/customer-profile-dialog';
import { SearchCustomerDialog } from '../../../features/customers/components/search-customer-dialog';
import { LocationSelect } from '../../../features/locations/components/location-select';
import { useDefaultLocationId } from '../../../features/locations/hooks/use-default-location-id';
import { packSaleKeys } from '../../../features/pack-sales/api/pack-sale-keys';
import { RedemptionRefusal } from '../../../features/pack-sales/components/redemption-refusal';
import { usePacks } from '../../../features/packs/api/get-packs';
import { PaperWizard } from '../../../features/paper-conversion/components/paper-wizard';
import type { PaperWizardSlots, WizardCustomerState, WizardPackFieldProps } from '../../../features/paper-conversion/components/paper-wizard-slots';
import { PAPER_TEXTS } from '../../../features/paper-conversion/components/paper-conversion-texts';
import { PaperDraftProvider } from '../../../features/paper-conversion/components/paper-draft';
import { EnterRoDialog } from '../../../features/repair-orders/components/enter-ro-dialog';
import { messagesOf } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/auth/use-session';
import { useFilledCustomerDialogSlots } from './sales';

type Step = (typeof PAPER_CONVERSION_STEPS)[number][0];

/** The pack printed on the book: every pack of the catalogue (a book may be from a pack no longer sold). */
function PackSelect({ value, onChange, onBlur, error }: WizardPackFieldProps) {
  const packs = usePacks({ search: '', status: 'all', offset: 0, limit: CATALOGUE_PAGE.maxLimit });
  const options = (packs.data?.packs ?? []).map((p) => ({ value: p.packId, label: p.name }));
  return (
    <SelectField
      label={PAPER_TEXTS.pack}
      placeholder={packs.isPending ? PAPER_TEXTS.packsLoading : PAPER_TEXTS.packPlaceholder}
      options={options}
      value={value}
      disabled={packs.isPending}
      error={error ?? (packs.isError ? packs.error.message : undefined)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
    />
  );
}

/** The customer of `?customer=` as the wizard shows it (a hook, lent as a slot). */
function useChosenCustomer(customerId: string | null): WizardCustomerState {
  const customer = useCustomer(customerId);
  const data = customer.data;
  return {
    customer: data
      ? { customerId: data.customerId, name: fullName(data) || data.customerId, emailAddress: data.emailAddress ?? null, phoneMobile: data.phoneMobile ?? null }
      : undefined,
    loading: customerId !== null && customer.isPending,
    errors: customer.isError ? messagesOf(customer.error) : [],
  };
}

function usePaperWizardSlots(): PaperWizardSlots {
  const queryClient = useQueryClient();
  const defaultLocationId = useDefaultLocationId(useCurrentUser()?.locationId ?? null);
  const onConverted = useCallback(
    (customerId: string) => void queryClient.invalidateQueries({ queryKey: packSaleKeys.customer(customerId) }),
    [queryClient],
  );
  return useMemo(
    () => ({
      LocationSelect,
      PackSelect,
      renderEnterRo: (props) => <EnterRoDialog {...props} defaultLocationId={defaultLocationId} LocationSelect={LocationSelect} />,
      renderRefusal: (props) => <RedemptionRefusal {...props} verificationNeeded={false} />,
      renderSearchCustomer: ({ open, onClose }) => <SearchCustomerDialog open={open} onClose={(customer) => onClose(customer?.customerId ?? null)} />,
      renderCreateCustomer: ({ open, onClose }) => (
        <CustomerProfileDialog open={open} customer={null} onOpenChange={(next) => (next ? undefined : onClose(null))} onSaved={(customerId) => onClose(customerId)} />
      ),
      useChosenCustomer,
      defaultLocationId,
      onConverted,
    }),
    [defaultLocationId, onConverted],
  );
}

function PaperConversionStep({ step }: { step: Step }) {
  const slots = usePaperWizardSlots();
  // The customer dialogs' own slots (Populate from RO asks for the RO through Enter RO #).
  const customerSlots = useFilledCustomerDialogSlots();
  return (
    <CustomerDialogSlotsProvider value={customerSlots}>
      <PaperWizard step={step} slots={slots} />
    </CustomerDialogSlotsProvider>
  );
}

/** Around the wizard's steps: its draft lives while the person is in the wizard (a step change keeps it). */
export function PaperConversionLayout() {
  return (
    <PaperDraftProvider>
      <Outlet />
    </PaperDraftProvider>
  );
}

/** /employee/paper-conversion starts at the book number (keeping a `?book=` it was given). */
export function PaperConversionIndexRoute() {
  const { search } = useLocation();
  return <Navigate to={`${paths.employee.paperConversion}/book-number${search}`} replace />;
}

export const PAPER_CONVERSION_ROUTES = Object.fromEntries(
  PAPER_CONVERSION_STEPS.map(([step]) => [step, () => <PaperConversionStep step={step} />]),
) as unknown as Record<Step, ComponentType>;
