// /employee/reports: the eight reports of SPEC 2.2, each with the one line the catalogue gives it.
import { Link } from 'react-router-dom';
import { REPORT_CATALOGUE, REPORT_NAMES } from '@dealer/contracts';
import { PageHeader } from '../../../components/layouts/page-header';
import { paths } from '../../../config/paths';
import './reports.css';

export const reportPath = (name: string) => `${paths.employee.reports}/${name}`;

export function ReportsIndex() {
  return (
    <>
      <PageHeader title="Reports" description="Sales, redemptions, payouts between locations, the liability and what expired, and invoice summaries for accounting." />
      <section className="panel" aria-label="Reports">
        <ul className="report-index">
          {REPORT_NAMES.map((name) => (
            <li key={name}>
              <Link to={reportPath(name)}>{REPORT_CATALOGUE[name].title}</Link>
              <p className="muted">{REPORT_CATALOGUE[name].summary}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
