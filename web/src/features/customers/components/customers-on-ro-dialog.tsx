// Customers On RO (SPEC 2.5): the CRM customers matching an RO's customer. Cancel returns null, Use Selected
// Customer fetches and returns the full customer, Search For Customer closes with false (the caller then
// opens Search Customer). A failed load shows every returned message as an error toast.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fullName, orDash, phoneOrDash } from '@dealer/contracts';
import { Modal } from '../../../components/ui/modal/modal';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { messagesOf } from '../../../lib/api-error';
import { getCustomerQueryOptions, type CustomerRecord } from '../api/get-customer';
import { useRoCustomers, type RoCustomer, type RoRef } from '../api/get-ro-customers';
import './customers.css';

export const CUSTOMERS_ON_RO_TEXTS = {
  title: 'Customers On RO',
  intro: 'We have found customers in our system that match the customer on this RO.',
  ask: 'Please select the existing customer, search for a new one, or create a new one.',
  empty: 'No results.',
  useSelected: 'Use Selected Customer',
  search: 'Search For Customer',
} as const;

/** The customer, null (Cancel) or false (Search For Customer). */
export type CustomersOnRoResult = CustomerRecord | null | false;

interface CustomersOnRoDialogProps {
  open: boolean;
  ro: RoRef | null;
  onClose: (result: CustomersOnRoResult) => void;
}


function addressOf(c: RoCustomer): string {
  const cityLine = [c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [c.address, c.address2, cityLine].filter(Boolean).join(', ') || '-';
}

interface ListProps {
  customers: readonly RoCustomer[];
  selectedId: string | null;
  onSelect: (customerId: string) => void;
}

function RoCustomerTable({ customers, selectedId, onSelect }: ListProps) {
  return (
    <div className="table-wrap ro-customers-table-wrap">
      <table className="table">
        <caption className="visually-hidden">Customers on this RO</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Select</span>
            </th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Address</th>
            <th scope="col">Mobile Phone</th>
            <th scope="col">Other Phone</th>
          </tr>
        </thead>
        <tbody>
          {customers.map((c) => {
            const selected = c.customerId === selectedId;
            return (
              <tr key={c.customerId} className={selected ? 'table-row-clickable is-selected' : 'table-row-clickable'} onClick={() => onSelect(c.customerId)}>
                <td>
                  <input
                    type="radio"
                    name="ro-customer"
                    aria-label={`Select ${fullName(c) || c.emailAddress || 'customer'}`}
                    checked={selected}
                    onChange={() => onSelect(c.customerId)}
                  />
                </td>
                <td>{fullName(c) || '-'}</td>
                <td>{orDash(c.emailAddress)}</td>
                <td>{addressOf(c)}</td>
                <td className="nowrap">{phoneOrDash(c.phoneMobile)}</td>
                <td className="nowrap">{phoneOrDash(c.phoneOther)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function RoCustomerCards({ customers, selectedId, onSelect }: ListProps) {
  return (
    <ul className="card-list" aria-label="Customers on this RO">
      {customers.map((c) => {
        const selected = c.customerId === selectedId;
        return (
          <li key={c.customerId} className={selected ? 'card is-selected' : 'card'}>
            <label className="match-card-label">
              <input type="radio" name="ro-customer" checked={selected} onChange={() => onSelect(c.customerId)} />
              <strong>{fullName(c) || '-'}</strong>
            </label>
            <dl className="card-fields">
              <dt>Email</dt>
              <dd>{orDash(c.emailAddress)}</dd>
              <dt>Address</dt>
              <dd>{addressOf(c)}</dd>
              <dt>Mobile Phone</dt>
              <dd>{phoneOrDash(c.phoneMobile)}</dd>
              <dt>Other Phone</dt>
              <dd>{phoneOrDash(c.phoneOther)}</dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

function CustomersOnRoBody({ ro, onClose }: { ro: RoRef; onClose: CustomersOnRoDialogProps['onClose'] }) {
  const customers = useRoCustomers(ro);
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (customers.isError) toast.errors(messagesOf(customers.error));
  }, [customers.isError, customers.error]);

  const pickSelected = async () => {
    if (!selectedId) return;
    setLoading(true);
    try {
      onClose(await queryClient.fetchQuery(getCustomerQueryOptions(selectedId)));
    } catch (error) {
      toast.errors(messagesOf(error));
      setLoading(false);
    }
  };

  const List = isMobile ? RoCustomerCards : RoCustomerTable;
  return (
    <>
      <div className="modal-body customers-on-ro">
        <p className="eyebrow">RO# {ro.roNumber}</p>
        <p>{CUSTOMERS_ON_RO_TEXTS.intro}</p>
        <p>{CUSTOMERS_ON_RO_TEXTS.ask}</p>
        {customers.isPending ? (
          <div className="empty-state">
            <Spinner label="Loading customers..." />
          </div>
        ) : customers.isError ? (
          <p className="empty-state">{CUSTOMERS_ON_RO_TEXTS.empty}</p>
        ) : customers.data.length === 0 ? (
          <p className="empty-state">{CUSTOMERS_ON_RO_TEXTS.empty}</p>
        ) : (
          <List customers={customers.data} selectedId={selectedId} onSelect={setSelectedId} />
        )}
      </div>
      <div className="modal-footer">
        <button type="button" className="btn" onClick={() => onClose(null)} disabled={loading}>
          Cancel
        </button>
        <button type="button" className="btn" onClick={() => onClose(false)} disabled={loading}>
          {CUSTOMERS_ON_RO_TEXTS.search}
        </button>
        <button type="button" className="btn btn-primary" disabled={selectedId === null || loading} onClick={() => void pickSelected()}>
          {loading && <Spinner size="sm" label="Loading customer..." />}
          {CUSTOMERS_ON_RO_TEXTS.useSelected}
        </button>
      </div>
    </>
  );
}

export function CustomersOnRoDialog({ open, ro, onClose }: CustomersOnRoDialogProps) {
  return (
    <Modal
      open={open && ro !== null}
      onOpenChange={(next) => (next ? undefined : onClose(null))}
      title={CUSTOMERS_ON_RO_TEXTS.title}
      size="xl"
    >
      {open && ro && <CustomersOnRoBody ro={ro} onClose={onClose} />}
    </Modal>
  );
}
