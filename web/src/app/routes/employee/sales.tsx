// /employee/sales: the employee's default page and customer workspace. Features meet here: the customer
// dialogs get the Enter RO # dialog (repair-orders + locations) and Change Email / Change Phone (contact-changes).
import { useMemo } from 'react';
import { PageHeader } from '../../../components/layouts/page-header';
import { ContactChangeDialog } from '../../../features/contact-changes/components/contact-change-dialog';
import { CustomerDialogSlotsProvider, type CustomerDialogSlots } from '../../../features/customers/components/customer-dialog-slots';
import { CustomerWorkspace } from '../../../features/customers/components/customer-workspace';
import { LocationSelect } from '../../../features/locations/components/location-select';
import { useDefaultLocationId } from '../../../features/locations/hooks/use-default-location-id';
import { EnterRoDialog } from '../../../features/repair-orders/components/enter-ro-dialog';
import { useCurrentUser } from '../../../lib/auth/use-session';

/** The other features' dialogs the customer dialogs open, for every route that shows customer dialogs. */
export function useFilledCustomerDialogSlots(): CustomerDialogSlots {
  const defaultLocationId = useDefaultLocationId(useCurrentUser()?.locationId ?? null);
  return useMemo(
    () => ({
      renderEnterRo: (props) => <EnterRoDialog {...props} defaultLocationId={defaultLocationId} LocationSelect={LocationSelect} />,
      renderContactChange: (props) => <ContactChangeDialog {...props} />,
    }),
    [defaultLocationId],
  );
}

export function SalesRoute() {
  const slots = useFilledCustomerDialogSlots();
  return (
    <>
      <PageHeader title="Sales" description="Find a customer by phone, e-mail or RO number, or create a new one." />
      <CustomerDialogSlotsProvider value={slots}>
        <CustomerWorkspace />
      </CustomerDialogSlotsProvider>
    </>
  );
}
