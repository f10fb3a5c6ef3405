// Service History: the customer's visits (their repair orders in the DMS data, matched by the server), newest
// first, a page at a time: date, location, vehicle and mileage, the work done with its amounts, and the total.
// The jobs are a table on larger screens and a list at 768 px and below (SPEC 9).
import { useId, useState } from 'react';
import { formatMoney, type ServiceVisitView } from '@dealer/contracts';
import { Pager } from '../../../components/ui/pager/pager';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useServiceHistory } from '../api/get-service-history';
import { CUSTOMER_AREA_TEXTS as T, PAID_BY, formatDay, placeWords } from './customer-area-texts';
import './customer-area.css';

const PAGE_SIZE = 10;

function JobTable({ visit }: { visit: ServiceVisitView }) {
  return (
    <div className="table-wrap">
      <table className="table area-job-table">
        <caption className="visually-hidden">{T.jobsOf(visit.roNumber)}</caption>
        <thead>
          <tr>
            <th scope="col">{T.work}</th>
            <th scope="col" className="area-num">
              {T.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {visit.jobs.map((j) => (
            <tr key={j.jobId}>
              <td>
                {j.description ?? j.opCode}
                {PAID_BY[j.laborType] && <span className="area-note">{PAID_BY[j.laborType]}</span>}
              </td>
              <td className="area-num">{formatMoney(j.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{T.total}</th>
            <td className="area-num">
              <strong>{formatMoney(visit.total)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function JobList({ visit }: { visit: ServiceVisitView }) {
  return (
    <>
      <ul className="area-job-list" aria-label={T.jobsOf(visit.roNumber)}>
        {visit.jobs.map((j) => (
          <li key={j.jobId}>
            <span>
              {j.description ?? j.opCode}
              {PAID_BY[j.laborType] && <span className="area-note">{PAID_BY[j.laborType]}</span>}
            </span>
            <span className="area-num">{formatMoney(j.total)}</span>
          </li>
        ))}
      </ul>
      <p className="area-job-total">
        <span>{T.total}</span>
        <strong>{formatMoney(visit.total)}</strong>
      </p>
    </>
  );
}

function VisitArticle({ visit, isMobile }: { visit: ServiceVisitView; isMobile: boolean }) {
  const titleId = useId();
  const place = placeWords(visit.locationName, visit.locationId);
  return (
    <li className="panel area-visit">
      <article aria-labelledby={titleId}>
        <header className="area-pack-head">
          <div>
            <h2 id={titleId} className="area-visit-title">
              {formatDay(visit.closeDate ?? visit.openDate)} &middot; {place}
            </h2>
            <p className="muted area-sub">
              {T.repairOrder} {visit.roNumber}
            </p>
          </div>
          <span className={`tone-badge tone-${visit.inProgress ? 'warning' : 'success'}`}>{visit.inProgress ? T.inProgress : T.completed}</span>
        </header>
        <dl className="area-facts">
          <div className="area-fact">
            <dt>{T.vehicle}</dt>
            <dd className="area-vin">{visit.vin ?? '-'}</dd>
          </div>
          <div className="area-fact">
            <dt>{T.mileage}</dt>
            <dd>{visit.mileage === null ? '-' : visit.mileage.toLocaleString('en-US')}</dd>
          </div>
          <div className="area-fact">
            <dt>{T.advisor}</dt>
            <dd>{visit.advisorName ?? '-'}</dd>
          </div>
        </dl>
        {visit.jobs.length > 0 && (isMobile ? <JobList visit={visit} /> : <JobTable visit={visit} />)}
        {visit.customerPayTotal !== visit.total && <p className="area-note area-pay-note">{T.customerPay(formatMoney(visit.customerPayTotal))}</p>}
      </article>
    </li>
  );
}

export function ServiceHistory({ customerId }: { customerId: string }) {
  const [offset, setOffset] = useState(0);
  const isMobile = useIsMobile();
  const history = useServiceHistory(customerId, PAGE_SIZE, offset);

  if (history.isPending)
    return (
      <div className="panel empty-state">
        <Spinner label={T.serviceLoading} />
      </div>
    );
  if (history.isError)
    return (
      <p className="alert alert-danger" role="alert">
        {history.error.message}
      </p>
    );
  const { visits, page } = history.data;
  if (visits.length === 0 && page.offset === 0) return <p className="panel empty-state">{T.noVisits}</p>;
  return (
    <>
      <ol className="area-visit-list" aria-label={T.visitsLabel} aria-busy={history.isPlaceholderData}>
        {visits.map((v) => (
          <VisitArticle key={`${v.locationId}/${v.roNumber}`} visit={v} isMobile={isMobile} />
        ))}
      </ol>
      <Pager
        total={page.total}
        limit={page.limit}
        offset={page.offset}
        label={T.pagesLabel}
        onOffsetChange={(next) => {
          setOffset(next);
          window.scrollTo(0, 0);
        }}
      />
    </>
  );
}
