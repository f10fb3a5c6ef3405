// /customer/coupons (SPEC 2.1, the customer's default page): their coupon packs and coupons, and the dealership
// family's current offers, and the gifts they sent (purchase feature). Features meet here: the purchases are read by pack-sales (the same read, with its
// refresh while a pack is being finalised) and shown in the customer's words by customer-area.
import { PageHeader } from '../../../components/layouts/page-header';
import { CurrentOffers } from '../../../features/customer-area/components/current-offers';
import { CUSTOMER_AREA_TEXTS } from '../../../features/customer-area/components/customer-area-texts';
import { MyPacks } from '../../../features/customer-area/components/my-packs';
import { GiftsSent } from '../../../features/purchase/components/gifts-sent';
import { useCustomerPurchases } from '../../../features/pack-sales/api/get-customer-purchases';
import { useCurrentUser } from '../../../lib/auth/use-session';

function MyPacksOf({ customerId }: { customerId: string }) {
  const purchases = useCustomerPurchases(customerId);
  return <MyPacks purchases={{ isPending: purchases.isPending, error: purchases.error, data: purchases.data }} />;
}

export function CustomerCouponsRoute() {
  const customerId = useCurrentUser()?.customerId ?? null;
  return (
    <>
      <PageHeader title={CUSTOMER_AREA_TEXTS.couponsTitle} description={CUSTOMER_AREA_TEXTS.couponsIntro} />
      {customerId ? <MyPacksOf customerId={customerId} /> : <p className="alert alert-danger">Your account has no customer profile.</p>}
      {customerId && <GiftsSent customerId={customerId} />}
      <CurrentOffers />
    </>
  );
}
