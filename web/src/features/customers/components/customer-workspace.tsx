// The employee's customer workspace: the Search Customer dialog (the page's one customer search, decision
// 0078), the selected customer (persisted under EMPLOYEE_CUSTOMER_ID and restored on load), the profile editor, and panels of other
// features about the selected customer (filled in by the route, e.g. redemption verification).
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { isApiError } from '../../../lib/api-error';
import type { DeskCodeHit } from '@dealer/contracts';
import { useCustomer, type CustomerRecord } from '../api/get-customer';
import { useSelectedCustomerId } from '../hooks/use-selected-customer-id';
import { CustomerDetails } from './customer-details';
import { lazyDialog } from '../../../components/ui/modal/lazy-dialog';
import type { ProfileDialogProps } from './customer-profile-dialog';

const CustomerProfileDialog = lazyDialog<ProfileDialogProps>(() => import('./customer-profile-dialog').then((m) => m.CustomerProfileDialog));
import type { SearchCustomerDialogProps } from './search-customer-dialog';

// Issue 24: Search Customer (with its results table, RO popover and Scan code) loads when first opened, which
// keeps the sales page's first load under its 200 kB budget with the desk-code additions (decision 0079).
const SearchCustomerDialog = lazyDialog<SearchCustomerDialogProps>(() => import('./search-customer-dialog').then((m) => m.SearchCustomerDialog));
import './customers.css';

export const NO_CUSTOMER_TEXT = 'Search for a customer by phone, e-mail, RO number or coupon code to see their coupons, sell a pack or redeem a coupon.';

interface SelectedCustomerProps {
  customerId: string;
  reveal: boolean;
  onClear: () => void;
  onEdit: () => void;
}

function SelectedCustomer({ customerId, reveal, onClear, onEdit }: SelectedCustomerProps) {
  const customer = useCustomer(customerId);
  const missing = customer.isError && isApiError(customer.error) && customer.error.status === 404;

  // A remembered customer that no longer exists is forgotten (SPEC 3: removed when cleared).
  useEffect(() => {
    if (missing) onClear();
  }, [missing, onClear]);

  if (customer.isPending)
    return (
      <section className="panel customer-details empty-state" aria-label="Selected customer">
        <Spinner label="Loading customer..." />
      </section>
    );
  if (customer.isError)
    return (
      <section className="panel customer-details" aria-label="Selected customer">
        <ErrorMessages error={customer.error} />
        <button type="button" className="btn" onClick={onClear}>
          Clear
        </button>
      </section>
    );
  return <CustomerDetails customer={customer.data} reveal={reveal} onEdit={onEdit} onClear={onClear} />;
}

interface CustomerWorkspaceProps {
  /** Panels about the selected customer, shown under the search once the customer has loaded. */
  renderCustomerPanels?: (customer: CustomerRecord, deskCode: DeskCodeHit | null) => ReactNode;
}

export function CustomerWorkspace({ renderCustomerPanels }: CustomerWorkspaceProps = {}) {
  const [selectedId, setSelectedId] = useSelectedCustomerId();
  const [editorOpen, setEditorOpen] = useState(false);
  const [searching, setSearching] = useState(false);
  // False for a customer restored on load; true once the user picks or saves one.
  const [reveal, setReveal] = useState(false);
  // Issue 24: what the desk code the customer was found by names (its coupon is marked, ready to redeem).
  const [deskCode, setDeskCode] = useState<{ customerId: string; hit: DeskCodeHit } | null>(null);
  const pick = (customerId: string, hit: DeskCodeHit | null = null) => {
    setSelectedId(customerId);
    setDeskCode(hit ? { customerId, hit } : null);
    setReveal(true);
  };
  const selected = useCustomer(selectedId);
  const editing = editorOpen ? (selected.data ?? null) : null;
  const panels = selectedId && selected.data && renderCustomerPanels ? renderCustomerPanels(selected.data, deskCode?.customerId === selectedId ? deskCode.hit : null) : null;

  return (
    <>
      <div className="workspace-actions">
        <button type="button" className="btn btn-primary btn-lg" onClick={() => setSearching(true)}>
          Search customers
        </button>
      </div>
      <div className={panels ? 'customer-workspace has-customer-panels' : 'customer-workspace'}>
        {!selectedId && (
          <section className="panel empty-state workspace-empty" aria-label="No customer selected">
            <p>{NO_CUSTOMER_TEXT}</p>
          </section>
        )}
        {selectedId && (
          <SelectedCustomer
            customerId={selectedId}
            reveal={reveal}
            onClear={() => setSelectedId(null)}
            onEdit={() => setEditorOpen(true)}
          />
        )}
        {panels && <div className="customer-panels">{panels}</div>}
        <CustomerProfileDialog
          open={editorOpen && editing !== null}
          onOpenChange={setEditorOpen}
          customer={editing}
          onSaved={pick}
        />
        <SearchCustomerDialog
          open={searching}
          onClose={(customer, hit) => {
            setSearching(false);
            if (customer) pick(customer.customerId, hit ?? null);
          }}
        />
      </div>
    </>
  );
}
