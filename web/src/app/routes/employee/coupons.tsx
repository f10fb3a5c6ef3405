// /employee/coupons: the coupon catalogue. Every staff member reads it; managers and admins run it. The route
// lends the locations feature's list to the page (the honouring locations of a coupon).
import { PageHeader } from '../../../components/layouts/page-header';
import { Coupons } from '../../../features/coupons/components/coupons';
import { useLocations } from '../../../features/locations/api/get-locations';

export function CouponsRoute() {
  const locations = useLocations();
  return (
    <>
      <PageHeader title="Coupons" description="What the dealership promises on a service visit: the op codes, the value, how long and where." />
      <Coupons locations={locations.data ?? []} locationsLoading={locations.isPending} />
    </>
  );
}
