// The RO's accounting postings (GET /api/ro-data accounting=1): a table above mobile width, cards below.
import { formatDate } from '@dealer/contracts';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useRoAccounting } from '../api/get-ro-accounting';
import { formatMoney, type AccountingDetail, type RoInput } from '../api/repair-order';

function AccountingCards({ rows }: { rows: readonly AccountingDetail[] }) {
  return (
    <ul className="card-list" aria-label="Accounting">
      {rows.map((row) => (
        <li key={row.cdkAccountingDetailsId} className="card">
          <strong>{row.detailDescription ?? row.accountNumber}</strong>
          <dl className="card-fields">
            <dt>Date</dt>
            <dd>{formatDate(row.accountingDate) || '-'}</dd>
            <dt>Account</dt>
            <dd>{row.accountNumber}</dd>
            <dt>Group</dt>
            <dd>{row.groupName ?? '-'}</dd>
            <dt>Amount</dt>
            <dd>{formatMoney(row.postingAmount)}</dd>
            <dt>Journal</dt>
            <dd>{row.journalId ?? '-'}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function AccountingTable({ rows }: { rows: readonly AccountingDetail[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Accounting</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Account</th>
            <th scope="col">Group</th>
            <th scope="col">Description</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col" className="num">
              Seq
            </th>
            <th scope="col">Journal</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.cdkAccountingDetailsId}>
              <td className="nowrap">{formatDate(row.accountingDate) || '-'}</td>
              <td className="nowrap ro-mono">{row.accountNumber}</td>
              <td>{row.groupName ?? '-'}</td>
              <td>{row.detailDescription ?? '-'}</td>
              <td className="num">{formatMoney(row.postingAmount)}</td>
              <td className="num">{row.postingSequence ?? '-'}</td>
              <td className="nowrap">{row.journalId ?? '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RoAccounting({ ro }: { ro: RoInput }) {
  const accounting = useRoAccounting(ro);
  const isMobile = useIsMobile();
  let body;
  if (accounting.isPending) body = <Spinner label="Loading accounting..." />;
  else if (accounting.isError)
    body = (
      <ErrorMessages error={accounting.error} className="alert alert-danger" />
    );
  else if (accounting.data.length === 0) body = <p className="empty-state">No accounting rows.</p>;
  else body = isMobile ? <AccountingCards rows={accounting.data} /> : <AccountingTable rows={accounting.data} />;
  return (
    <section className="panel ro-section" aria-labelledby="ro-accounting-title">
      <h2 id="ro-accounting-title">Accounting</h2>
      {body}
    </section>
  );
}
