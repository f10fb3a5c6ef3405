// The RO's jobs (op code, description, labor type, parts/labor/misc sale, total) and their totals;
// a table above mobile width, cards at 768 px and below. Totals are the server's (SPEC 3: totalCost =
// partsSale + laborSale + miscSale, summed in cents).
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { formatMoney, LABOR_TYPES, type RoJob, type RoTotals } from '../api/repair-order';

interface RoJobsProps {
  jobs: readonly RoJob[];
  totals: RoTotals;
}

function JobCards({ jobs, totals }: RoJobsProps) {
  return (
    <>
      <ul className="card-list" aria-label="Jobs">
        {jobs.map((job) => (
          <li key={job.jobId} className="card">
            <strong>
              {job.opCode}
              {job.opCodeDesc ? ` - ${job.opCodeDesc}` : ''}
            </strong>
            <dl className="card-fields">
              <dt>Line</dt>
              <dd>{job.lineCode ?? job.lineNo ?? '-'}</dd>
              <dt>Labor Type</dt>
              <dd>{LABOR_TYPES[job.laborType]}</dd>
              <dt>Parts Sale</dt>
              <dd>{formatMoney(job.partsSale)}</dd>
              <dt>Labor Sale</dt>
              <dd>{formatMoney(job.laborSale)}</dd>
              <dt>Misc Sale</dt>
              <dd>{formatMoney(job.miscSale)}</dd>
              <dt>Total</dt>
              <dd>
                <strong>{formatMoney(job.totalCost)}</strong>
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="card ro-totals-card">
        <strong>Totals</strong>
        <dl className="card-fields">
          <dt>Parts Sale</dt>
          <dd>{formatMoney(totals.partsSale)}</dd>
          <dt>Labor Sale</dt>
          <dd>{formatMoney(totals.laborSale)}</dd>
          <dt>Misc Sale</dt>
          <dd>{formatMoney(totals.miscSale)}</dd>
          <dt>Total</dt>
          <dd>
            <strong>{formatMoney(totals.totalCost)}</strong>
          </dd>
        </dl>
      </div>
    </>
  );
}

function JobTable({ jobs, totals }: RoJobsProps) {
  return (
    <div className="table-wrap">
      <table className="table ro-jobs-table">
        <caption className="visually-hidden">Jobs</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Op Code</th>
            <th scope="col">Description</th>
            <th scope="col">Labor Type</th>
            <th scope="col" className="num">
              Parts Sale
            </th>
            <th scope="col" className="num">
              Labor Sale
            </th>
            <th scope="col" className="num">
              Misc Sale
            </th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.jobId}>
              <td>{job.lineCode ?? job.lineNo ?? '-'}</td>
              <td className="nowrap ro-mono">{job.opCode}</td>
              <td>{job.opCodeDesc ?? '-'}</td>
              <td className="nowrap">{LABOR_TYPES[job.laborType]}</td>
              <td className="num">{formatMoney(job.partsSale)}</td>
              <td className="num">{formatMoney(job.laborSale)}</td>
              <td className="num">{formatMoney(job.miscSale)}</td>
              <td className="num">
                <strong>{formatMoney(job.totalCost)}</strong>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              Totals
            </th>
            <td className="num">{formatMoney(totals.partsSale)}</td>
            <td className="num">{formatMoney(totals.laborSale)}</td>
            <td className="num">{formatMoney(totals.miscSale)}</td>
            <td className="num">
              <strong>{formatMoney(totals.totalCost)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function RoJobs({ jobs, totals }: RoJobsProps) {
  const isMobile = useIsMobile();
  return (
    <section className="panel ro-section" aria-labelledby="ro-jobs-title">
      <h2 id="ro-jobs-title">Jobs</h2>
      {jobs.length === 0 ? <p className="empty-state">No jobs on this repair order.</p> : isMobile ? <JobCards jobs={jobs} totals={totals} /> : <JobTable jobs={jobs} totals={totals} />}
    </section>
  );
}
