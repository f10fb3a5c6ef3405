// /customer/purchase: the chosen pack and the location it is sold with (SPEC 1), with the price, the location's sales
// tax (none for a tax-exempt customer) and the total shown before paying; "Continue to checkout" places the order.
import { useId, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { addMoney, formatMoney, todayHere, formatPercent, percentOf, type PackOfferView } from '@dealer/contracts';
import { SelectField } from '../../../components/ui/form/select-field';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { paths } from '../../../config/paths';
import { usePackOffers } from '../../customer-area/api/get-pack-offers';
import { useCustomer } from '../../customers/api/get-customer';
import { useLocations } from '../../locations/api/get-locations';
import { usePlaceOnlineOrder } from '../api/online-orders';
import type { CheckoutState } from './checkout-flow';
import { CHECKOUT_TEXTS as T, chosenFrom, expiryWords, purchasePath, sellersOf, termWords } from './purchase-texts';
import { OfferIncludes } from '../../customer-area/components/offer-includes';
import { GiftFields, giftRequestOf, noGift } from './gift-fields';
import './purchase.css';

function Amounts({ offer, locationId, customerId }: { offer: PackOfferView; locationId: number; customerId: string }) {
  const locations = useLocations();
  const customer = useCustomer(customerId);
  if (locations.isPending || customer.isPending) return <Spinner />;
  const location = locations.data?.find((l) => l.locationId === locationId);
  // Without the rate (not readable), the server's tax is shown at checkout, still before paying.
  if (!location || customer.isError) return <p className="muted">{T.tax}: shown at checkout, before you pay.</p>;
  const exempt = customer.data.isTaxExempt;
  const rate = exempt ? 0 : location.salesTaxRateBasisPoints;
  const tax = percentOf(offer.price, rate, 'half-up');
  return (
    <dl className="card-fields purchase-amounts">
      <dt>{T.price}</dt>
      <dd>{formatMoney(offer.price)}</dd>
      <dt>{exempt ? T.taxExempt : T.taxAt(formatPercent(rate))}</dt>
      <dd>{formatMoney(tax)}</dd>
      <dt>{T.total}</dt>
      <dd>
        <strong>{formatMoney(addMoney(offer.price, tax))}</strong>
      </dd>
    </dl>
  );
}

export function PurchaseChoice({ customerId }: { customerId: string }) {
  const titleId = useId();
  const [query, setQuery] = useSearchParams();
  const navigate = useNavigate();
  const offers = usePackOffers();
  const place = usePlaceOnlineOrder();
  const { packId, locationId } = chosenFrom(query);
  const [gift, setGift] = useState(noGift);

  // No pack chosen yet (the address opened on its own): the packs sold online are where to choose one.
  if (!packId) return <Navigate to={paths.purchase} replace />;
  if (offers.isPending) return <Spinner />;
  if (offers.isError)
    return (
      <p className="alert alert-danger" role="alert">
        {offers.error.message}
      </p>
    );
  const offer = offers.data.find((o) => o.packId === packId);
  if (!offer)
    return (
      <div className="panel empty-state">
        <p>{T.notFound}</p>
        <Link to={paths.purchase}>{T.backToPacks}</Link>
      </div>
    );
  const sellers = sellersOf(offer, null);
  const seller = sellers.find((l) => l.locationId === locationId) ?? null;

  const submit = () => {
    if (!seller || place.isPending) return;
    place.mutate(
      { packId: offer.packId, locationId: seller.locationId, ...giftRequestOf(gift) },
      {
        onSuccess: (order) => {
          const state: CheckoutState = { order, packName: offer.name, locationName: seller.name, choosePath: purchasePath(offer.packId, seller.locationId) };
          navigate(paths.customer.purchase + '/checkout', { state });
        },
      },
    );
  };

  return (
    <section className="card purchase-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="purchase-offer-title">
        {offer.name}
      </h2>
      {offer.description && <p className="area-description">{offer.description}</p>}
      <dl className="card-fields">
        <dt>Includes</dt>
        <dd>
          <OfferIncludes items={offer.items} />
        </dd>
        <dt>Good for</dt>
        <dd>{termWords(offer.termMonths, offer.termMileage)}</dd>
        <dt>Expiry</dt>
        <dd>{expiryWords(offer.termMonths, todayHere())}</dd>
      </dl>
      <SelectField
        className="purchase-location"
        label={T.location}
        hint={T.locationHint}
        placeholder="Choose a location..."
        options={sellers.map((l) => ({ value: String(l.locationId), label: l.name }))}
        value={seller ? String(seller.locationId) : ''}
        error={seller ? undefined : T.notSoldHere}
        onChange={(e) => setQuery({ packId: offer.packId, locationId: e.target.value }, { replace: true })}
      />
      {seller && <Amounts offer={offer} locationId={seller.locationId} customerId={customerId} />}
      <GiftFields values={gift} onChange={setGift} errors={place.error?.fields ?? {}} />
      {place.isError && (
        <p className="alert alert-danger" role="alert">
          {place.error.message}
        </p>
      )}
      <div className="purchase-actions">
        <button type="button" className="btn btn-primary" onClick={submit} disabled={!seller || place.isPending}>
          {place.isPending && <Spinner size="sm" label={T.placing} />}
          {T.continue}
        </button>
        <Link className="btn" to={paths.purchase}>
          {T.backToPacks}
        </Link>
      </div>
    </section>
  );
}
