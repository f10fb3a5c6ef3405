// /employee/packs: the coupon packs. Every staff member reads them; managers and admins run them. The route
// lends the locations feature's list to the page (the locations that sell a pack). Managers and admins also see the
// online orders (paid, failed, refunded).
import { PageHeader } from '../../../components/layouts/page-header';
import { useLocations } from '../../../features/locations/api/get-locations';
import { OnlineOrdersPanel } from '../../../features/online-orders/components/online-orders-panel';
import { Packs } from '../../../features/packs/components/packs';

export function PacksRoute() {
  const locations = useLocations();
  return (
    <>
      <PageHeader title="Packs" description="Coupons sold together for one price, by the locations that sell them, for a term." />
      <Packs locations={locations.data ?? []} locationsLoading={locations.isPending} />
      <OnlineOrdersPanel locations={locations.data ?? []} />
    </>
  );
}
