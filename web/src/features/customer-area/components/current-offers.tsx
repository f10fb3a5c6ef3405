// Current offers: the dealership family's active coupon packs as cards (name, price, what it includes, how long it
// is good for, which locations sell it). One column on a phone, a grid on larger screens.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, type PackOfferView } from '@dealer/contracts';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { paths } from '../../../config/paths';
import { usePackOffers } from '../api/get-pack-offers';
import { CUSTOMER_AREA_TEXTS as T, placesWords, termWords } from './customer-area-texts';
import { OfferIncludes } from './offer-includes';
import './customer-area.css';

function OfferCard({ offer }: { offer: PackOfferView }) {
  const titleId = useId();
  const worth = offer.standAloneTotal > offer.price ? T.worth(formatMoney(offer.standAloneTotal)) : null;
  return (
    <li className="card area-offer">
      <div className="area-card-head">
        <h3 id={titleId}>{offer.name}</h3>
        <strong className="area-price">
          <span className="visually-hidden">{T.price}: </span>
          {formatMoney(offer.price)}
        </strong>
      </div>
      {worth && <p className="area-note">{worth}</p>}
      {offer.description && <p className="area-description">{offer.description}</p>}
      <dl className="card-fields">
        <dt>{T.includes}</dt>
        <dd>
          <OfferIncludes items={offer.items} />
        </dd>
        <dt>{T.goodFor}</dt>
        <dd>{termWords(offer.termMonths, offer.termMileage)}</dd>
        <dt>{T.soldAt}</dt>
        <dd>{placesWords(offer.locationNames, offer.locationIds)}</dd>
      </dl>
    </li>
  );
}

export function CurrentOffers() {
  const titleId = useId();
  const offers = usePackOffers();
  return (
    <section className="area-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="area-section-title">
        {T.offersTitle}
      </h2>
      <p className="muted area-section-intro">
        {T.offersIntro} <Link to={paths.purchase}>{T.buyOnline}</Link>
      </p>
      {offers.isPending ? (
        <div className="panel empty-state">
          <Spinner label={T.offersLoading} />
        </div>
      ) : offers.isError ? (
        <p className="alert alert-danger" role="alert">
          {offers.error.message}
        </p>
      ) : offers.data.length === 0 ? (
        <p className="panel empty-state">{T.noOffers}</p>
      ) : (
        <ul className="area-offer-grid" aria-labelledby={titleId}>
          {offers.data.map((o) => (
            <OfferCard key={o.packId} offer={o} />
          ))}
        </ul>
      )}
    </section>
  );
}
