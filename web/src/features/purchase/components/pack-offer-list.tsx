// The /purchase landing's list (issue 13): packs sold online as cards (one column on a phone), with price, contents,
// term and expiry in plain words, and a "Buy at" link for each location that sells it; a location filter narrows both.
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, todayHere, type PackOfferView } from '@dealer/contracts';
import { SelectField } from '../../../components/ui/form/select-field';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useCurrentUser } from '../../../lib/auth/use-session';
import { usePackOffers } from '../../customer-area/api/get-pack-offers';
import { buyHref, EXPIRY_RULES, expiryDateWords, offerLocations, offersAt, PURCHASE_TEXTS as T, sellersOf, termWords } from './purchase-texts';
import { OfferIncludes } from '../../customer-area/components/offer-includes';
import '../../customer-area/components/customer-area.css';
import './purchase.css';

function OfferCard({ offer, locationId, signedIn, today }: { offer: PackOfferView; locationId: number | null; signedIn: boolean; today: string }) {
  const titleId = useId();
  return (
    <li className="card area-offer purchase-offer">
      <div className="area-card-head">
        <h2 id={titleId} className="purchase-offer-title">
          {offer.name}
        </h2>
        <p className="purchase-price">
          <strong className="area-price">
            <span className="visually-hidden">{T.price}: </span>
            {formatMoney(offer.price)}
          </strong>{' '}
          <span className="muted">{T.plusTax}</span>
        </p>
      </div>
      {offer.description && <p className="area-description">{offer.description}</p>}
      <dl className="card-fields">
        <dt>{T.includes}</dt>
        <dd>
          <OfferIncludes items={offer.items} />
        </dd>
        <dt>{T.goodFor}</dt>
        <dd>{termWords(offer.termMonths, offer.termMileage)}</dd>
        <dt>{T.expiry}</dt>
        <dd>{expiryDateWords(offer.termMonths, today)}</dd>
        <dt>{T.soldAt}</dt>
        <dd>
          <ul className="purchase-buy-list">
            {sellersOf(offer, locationId).map((l) => (
              <li key={l.locationId}>
                <Link className="btn btn-primary" to={buyHref(offer.packId, l.locationId, signedIn)} aria-describedby={titleId}>
                  {T.buyAt(l.name)}
                </Link>
              </li>
            ))}
          </ul>
        </dd>
      </dl>
    </li>
  );
}

export function PackOfferList() {
  const offers = usePackOffers();
  const signedIn = useCurrentUser() !== null;
  const [locationId, setLocationId] = useState<number | null>(null);
  const locations = useMemo(() => offerLocations(offers.data ?? []), [offers.data]);
  const today = todayHere();

  if (offers.isPending)
    return (
      <div className="panel empty-state">
        <Spinner label={T.loading} />
      </div>
    );
  if (offers.isError)
    return (
      <p className="alert alert-danger" role="alert">
        {offers.error.message}
      </p>
    );
  if (offers.data.length === 0) return <p className="panel empty-state">{T.none}</p>;

  const shown = offersAt(offers.data, locationId);
  return (
    <>
      <div className="purchase-filter">
        <SelectField
          label={T.locationFilter}
          options={[{ value: '', label: T.allLocations }, ...locations.map((l) => ({ value: String(l.locationId), label: l.name }))]}
          value={locationId === null ? '' : String(locationId)}
          onChange={(e) => setLocationId(e.target.value === '' ? null : Number(e.target.value))}
        />
      </div>
      {!signedIn && <p className="alert alert-info">{T.signInNote}</p>}
      <p className="muted purchase-expiry-rules">{EXPIRY_RULES}</p>
      {shown.length === 0 ? (
        <p className="panel empty-state">{T.noneHere}</p>
      ) : (
        <ul className="area-offer-grid" aria-label="Packs sold online">
          {shown.map((o) => (
            <OfferCard key={o.packId} offer={o} locationId={locationId} signedIn={signedIn} today={today} />
          ))}
        </ul>
      )}
    </>
  );
}
