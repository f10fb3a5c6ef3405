// /employee/ro-search: find a repair order by number, or search ROs by advisor, customer, VIN, status and dates
// (issue 23); 'Find customers' opens Customers On RO, whose Search For
// Customer opens Search Customer. The customer picked becomes the Sales page's current customer.
// Managers and admins also see the redemptions on ROs the DMS data shows voided (issue 12), voided through the
// pack-sales and paper-book features' void calls or kept with a note.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fullName } from '@dealer/contracts';
import { PageHeader } from '../../../components/layouts/page-header';
import { toast } from '../../../components/ui/toaster/toast-store';
import { paths } from '../../../config/paths';
import type { CustomerRecord } from '../../../features/customers/api/get-customer';
import { CustomerDialogSlotsProvider } from '../../../features/customers/components/customer-dialog-slots';
import { CustomersOnRoDialog } from '../../../features/customers/components/customers-on-ro-dialog';
import { SearchCustomerDialog } from '../../../features/customers/components/search-customer-dialog';
import { useSelectedCustomerId } from '../../../features/customers/hooks/use-selected-customer-id';
import { useLocations } from '../../../features/locations/api/get-locations';
import { LocationSelect } from '../../../features/locations/components/location-select';
import { voidRedemption } from '../../../features/pack-sales/api/void-redemption';
import { voidPaperRedemption } from '../../../features/paper-conversion/api/void-paper-redemption';
import { VoidedRoRedemptions } from '../../../features/redemption-reviews/components/voided-ro-redemptions';
import { useDefaultLocationId } from '../../../features/locations/hooks/use-default-location-id';
import type { RoInput } from '../../../features/repair-orders/api/repair-order';
import { RoFinder } from '../../../features/repair-orders/components/ro-finder';
import { RoSearch } from '../../../features/repair-orders/components/ro-search';
import { useActingLocationIds, useCurrentUser } from '../../../lib/auth/use-session';
import { useFilledCustomerDialogSlots } from './sales';

/** The review list voids through the redemption's own route (digital coupon or paper book). */
const REVIEW_VOIDS = { voidCouponRedemption: voidRedemption, voidPaperRedemption };

export function RoSearchRoute() {
  const defaultLocationId = useDefaultLocationId(useCurrentUser()?.locationId ?? null);
  const slots = useFilledCustomerDialogSlots();
  const [, setSelectedCustomerId] = useSelectedCustomerId();
  const navigate = useNavigate();
  const [roForCustomers, setRoForCustomers] = useState<RoInput | null>(null);
  const [searching, setSearching] = useState(false);
  const [, setParams] = useSearchParams();
  const locations = useLocations();
  const acting = useActingLocationIds();
  const finderLocations = (locations.data ?? []).filter((l) => acting === null || acting.includes(l.locationId));

  /** A found RO opens above, where an RO looked up by number shows. */
  const openRo = ({ roNumber, locationId }: RoInput) => {
    setParams({ locationId: String(locationId), roNumber });
    document.getElementById('ro-search-title')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  const adoptCustomer = (customer: CustomerRecord) => {
    setSelectedCustomerId(customer.customerId);
    toast.info(`${fullName(customer) || 'The customer'} is now the current customer.`);
    void navigate(paths.employee.sales);
  };

  return (
    <>
      <PageHeader title="RO Search" description="Find a repair order by its number, or search by advisor, customer, VIN, status and dates." />
      <RoSearch LocationSelect={LocationSelect} defaultLocationId={defaultLocationId} onFindCustomers={setRoForCustomers} />
      <RoFinder locations={finderLocations} onOpen={openRo} />
      <VoidedRoRedemptions LocationSelect={LocationSelect} defaultLocationId={defaultLocationId} voids={REVIEW_VOIDS} />
      <CustomerDialogSlotsProvider value={slots}>
        <CustomersOnRoDialog
          open={roForCustomers !== null}
          ro={roForCustomers}
          onClose={(result) => {
            setRoForCustomers(null);
            if (result === false) setSearching(true);
            else if (result) adoptCustomer(result);
          }}
        />
        <SearchCustomerDialog
          open={searching}
          onClose={(customer) => {
            setSearching(false);
            if (customer) adoptCustomer(customer);
          }}
        />
      </CustomerDialogSlotsProvider>
    </>
  );
}
