// Search Customer (SPEC 2.5): the generic search dialog over GET /api/customer-search. Clicking a row loads
// the full customer and closes returning it; Cancel returns null; 'Create New Customer' (after a first
// search) opens the profile editor, and the saved customer closes this dialog too.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { deskCodeStatusNote, fullName, phoneOrDash, type CustomerSearchResult, type DeskCodeHit } from '@dealer/contracts';
import { toast } from '../../../components/ui/toaster/toast-store';
import { messagesOf } from '../../../lib/api-error';
import { getCustomerQueryOptions, type CustomerRecord } from '../api/get-customer';
import { customerKeys } from '../api/customer-keys';
import { searchCustomers } from '../api/search-customers';
import { lazyDialog } from '../../../components/ui/modal/lazy-dialog';
import type { ProfileDialogProps } from './customer-profile-dialog';
import type { ScanCodeDialogProps } from './scan-code-dialog';

const CustomerProfileDialog = lazyDialog<ProfileDialogProps>(() => import('./customer-profile-dialog').then((m) => m.CustomerProfileDialog));
// Issue 24: the camera and its QR decoder load when Scan code is first pressed.
const ScanCodeDialog = lazyDialog<ScanCodeDialogProps>(() => import('./scan-code-dialog').then((m) => m.ScanCodeDialog));
const canScan = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
import { RoInfoPopover } from './ro-info-popover';
import { SearchDialog, type SearchColumn } from '../../../components/ui/search-dialog/search-dialog';
import './customers.css';

export const SEARCH_CUSTOMER_TEXTS = {
  title: 'Search Customer',
  placeholder: 'Phone, Email, RO #',
  beforeSearch: 'Please search for a customer.',
  noResults: 'No results',
  create: 'Create New Customer',
  searchFirst: 'You must search for a customer first.',
  /** Issue 24: read a desk code's QR code with the device camera. */
  scan: 'Scan code',
} as const;

const nameOf = (r: CustomerSearchResult) => fullName(r) || '(no name)';
/** One customer can match on several ROs, so the RO number is part of the key. */
export const searchRowKey = (r: CustomerSearchResult) => `${r.customerId}-${r.searchType}-${r.soldDMSNumber ?? ''}`;

const COLUMNS: readonly SearchColumn<CustomerSearchResult>[] = [
  { header: 'Name', cell: (r) => <span className="search-name">{nameOf(r)}</span> },
  { header: 'Email', cell: (r) => r.emailAddress ?? '-', className: 'search-email' },
  { header: 'Type', cell: (r) => (r.deskCode ? <DeskCodeCell hit={r.deskCode} /> : r.searchType) },
  { header: 'RO#', cell: (r) => <RoInfoPopover result={r} /> },
  { header: 'Phone', cell: (r) => phoneOrDash(r.phoneMobile), className: 'nowrap' },
];

/** Issue 24: a desk-code hit says what the code names and whether it can be redeemed now. */
function DeskCodeCell({ hit }: { hit: DeskCodeHit }) {
  const note = deskCodeStatusNote(hit);
  return (
    <span className="desk-code-hit">
      Code: {hit.couponName ?? hit.packName}
      {hit.kind === 'sale' && <span className="detail-note"> (pack)</span>}
      {note && <span className="field-error desk-code-note">{note}</span>}
    </span>
  );
}

export interface SearchCustomerDialogProps {
  open: boolean;
  initialTerm?: string;
  /** The customer picked (null: cancelled) and, when found by a desk code (issue 24), what the code names. */
  onClose: (customer: CustomerRecord | null, deskCode?: DeskCodeHit | null) => void;
}

export function SearchCustomerDialog({ open, initialTerm, onClose }: SearchCustomerDialogProps) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [creating, setCreating] = useState(false);
  // Issue 24: a scanned code starts the search afresh with it (a new body key).
  const [scanning, setScanning] = useState(false);
  const [scanned, setScanned] = useState<{ code: string; count: number } | null>(null);
  const onScanned = useCallback((code: string | null) => {
    setScanning(false);
    if (code) setScanned((old) => ({ code, count: (old?.count ?? 0) + 1 }));
  }, []);

  const load = async (customerId: string, deskCode: DeskCodeHit | null = null) => {
    setLoading(true);
    try {
      onClose(await queryClient.fetchQuery(getCustomerQueryOptions(customerId)), deskCode);
    } catch (error) {
      // SPEC 8: the dialog's own error handling is not shown; loading stops and the messages are toasted.
      toast.errors(messagesOf(error));
    } finally {
      setLoading(false);
    }
  };

  return (
    <SearchDialog<CustomerSearchResult>
      open={open}
      title={SEARCH_CUSTOMER_TEXTS.title}
      size="lg"
      placeholder={SEARCH_CUSTOMER_TEXTS.placeholder}
      searchLabel="Search customers by phone, email, RO number or coupon code"
      initialTerm={scanned?.code ?? initialTerm}
      bodyKey={scanned?.count ?? 0}
      searchTools={
        canScan() ? (
          <button type="button" className="btn" onClick={() => setScanning(true)}>
            {SEARCH_CUSTOMER_TEXTS.scan}
          </button>
        ) : null
      }
      queryKey={customerKeys.search}
      search={searchCustomers}
      columns={COLUMNS}
      rowKey={searchRowKey}
      cardTitle={nameOf}
      onSelect={(row) => void load(row.customerId, row.deskCode ?? null)}
      onCancel={() => onClose(null)}
      addNew={{ label: SEARCH_CUSTOMER_TEXTS.create, onClick: () => setCreating(true), disabledHint: SEARCH_CUSTOMER_TEXTS.searchFirst }}
      searchButton
      selectButton={false}
      selectOnClick
      beforeSearchText={SEARCH_CUSTOMER_TEXTS.beforeSearch}
      emptyText={SEARCH_CUSTOMER_TEXTS.noResults}
      busy={loading}
      busyLabel="Loading customer..."
    >
      <ScanCodeDialog open={scanning} onClose={onScanned} />
      <CustomerProfileDialog
        open={creating}
        onOpenChange={setCreating}
        customer={null}
        onSaved={(customerId) => {
          setCreating(false);
          void load(customerId);
        }}
      />
    </SearchDialog>
  );
}
