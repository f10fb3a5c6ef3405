// One repair order: header (RO#, location, customer, advisor, VIN, mileage, dates, status), jobs with totals,
// and the accounting postings.
import { formatDate, fullName, orDash, phoneOrDash } from '@dealer/contracts';
import type { ReactNode } from 'react';
import { roStatus, type RepairOrder } from '../api/repair-order';
import { RoAccounting } from './ro-accounting';
import { RoJobs } from './ro-jobs';


function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'ro-field ro-field-wide' : 'ro-field'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function customerAddress(ro: RepairOrder): string {
  const cityLine = [ro.customerCity, [ro.customerState, ro.customerZip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [ro.customerAddress, ro.customerAddress2, cityLine].filter(Boolean).join(', ');
}

export function RoDetails({ ro, onFindCustomers }: { ro: RepairOrder; onFindCustomers: () => void }) {
  const status = roStatus(ro);
  const customer = fullName({ firstName: ro.customerFirstName, lastName: ro.customerLastName });
  const advisor = fullName({ firstName: ro.advisorFirstName, lastName: ro.advisorLastName });
  return (
    <>
      <section className="panel ro-header" aria-labelledby="ro-title">
        <div className="ro-header-top">
          <div>
            <p className="ro-eyebrow">{ro.locationName}</p>
            <h2 id="ro-title">
              RO# {ro.roNumber} <span className={`ro-status ro-status-${status.toLowerCase()}`}>{status}</span>
            </h2>
          </div>
          <button type="button" className="btn btn-primary" onClick={onFindCustomers}>
            Find customers
          </button>
        </div>
        <dl className="ro-fields">
          <Field label="Customer">{customer || '-'}</Field>
          <Field label="Customer Email">{orDash(ro.customerEmail)}</Field>
          <Field label="Customer Phones">{ro.customerPhones.length ? ro.customerPhones.map(phoneOrDash).join(', ') : '-'}</Field>
          <Field label="Customer Address" wide>
            {customerAddress(ro) || '-'}
          </Field>
          <Field label="Advisor">{advisor || '-'}</Field>
          <Field label="Location">{ro.locationName}</Field>
          <Field label="VIN">
            <span className="ro-mono">{orDash(ro.vin)}</span>
          </Field>
          <Field label="Mileage">{ro.mileage === null ? '-' : ro.mileage.toLocaleString('en-US')}</Field>
          <Field label="Open Date">{orDash(formatDate(ro.openDate))}</Field>
          <Field label="Promise Date">{orDash(formatDate(ro.promiseDate))}</Field>
          <Field label="Close Date">{orDash(formatDate(ro.closeDate))}</Field>
          {ro.voidDate && <Field label="Void Date">{formatDate(ro.voidDate)}</Field>}
          <Field label="Status">{status}</Field>
        </dl>
      </section>
      <RoJobs jobs={ro.jobs} totals={ro.totals} />
      <RoAccounting ro={{ roNumber: ro.roNumber, locationId: ro.locationId }} />
    </>
  );
}
