// /purchase (SPEC 2.1: the landing area for buying packs, open to anyone): the packs sold online per location.
import { PageHeader } from '../../../components/layouts/page-header';
import { PackOfferList } from '../../../features/purchase/components/pack-offer-list';
import { PURCHASE_TEXTS } from '../../../features/purchase/components/purchase-texts';

export function PurchaseLandingRoute() {
  return (
    <>
      <PageHeader title={PURCHASE_TEXTS.title} description={PURCHASE_TEXTS.intro} />
      <PackOfferList />
    </>
  );
}
