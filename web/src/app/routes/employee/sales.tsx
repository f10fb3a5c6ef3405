// /employee/sales: the employee's default page and customer workspace. Features meet here: the customer
// dialogs get the Enter RO # dialog (repair-orders + locations), Change Email / Change Phone (contact-changes) and
// Erase personal data (erasure), Coupon reminders (marketing-consent);
// the selected customer gets the coupon packs (sell, purchase history; the location selector and Enter Sale RO #
// lent in), their coupons, and the redemption-verification panel (which also asks for the RO through Enter RO #).
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { fullName, type DeskCodeHit } from '@dealer/contracts';
import { PageHeader } from '../../../components/layouts/page-header';
import { lazyDialog } from '../../../components/ui/modal/lazy-dialog';
import type { ContactChangeDialogProps } from '../../../features/contact-changes/components/contact-change-dialog';
import type { ContactCodeDialogProps } from '../../../features/contact-changes/components/contact-code-dialog';
import { CustomerDialogSlotsProvider, type CustomerDialogSlots } from '../../../features/customers/components/customer-dialog-slots';
import type { EraseCustomerDialogProps } from '../../../features/erasure/components/erase-customer-dialog';
import type { MarketingConsentDialogProps } from '../../../features/marketing-consent/components/marketing-consent-dialog';
import { CustomerWorkspace } from '../../../features/customers/components/customer-workspace';
import type { CustomerRecord } from '../../../features/customers/api/get-customer';
import { useLocations } from '../../../features/locations/api/get-locations';
import { LocationSelect } from '../../../features/locations/components/location-select';
import { useDefaultLocationId } from '../../../features/locations/hooks/use-default-location-id';
import { CustomerCouponsPanel, type VerificationRo } from '../../../features/pack-sales/components/customer-coupons-panel';
import type { PackSaleSlots } from '../../../features/pack-sales/components/pack-sale-slots';
import { PackSalesPanel } from '../../../features/pack-sales/components/pack-sales-panel';
import {
  RedemptionVerificationPanel,
  type EnterRoRendererProps,
  type VerificationRequest,
} from '../../../features/redemption-verifications/components/redemption-verification-panel';
import { EnterRoDialog, SALE_RO_DIALOG_TYPE } from '../../../features/repair-orders/components/enter-ro-dialog';
import { useCurrentUser } from '../../../lib/auth/use-session';

// Dialogs opened now and then load when they first open (the page's first load stays small).
const ContactChangeDialog = lazyDialog<ContactChangeDialogProps>(() => import('../../../features/contact-changes/components/contact-change-dialog').then((m) => m.ContactChangeDialog));
const ContactCodeDialog = lazyDialog<ContactCodeDialogProps>(() => import('../../../features/contact-changes/components/contact-code-dialog').then((m) => m.ContactCodeDialog));
const EraseCustomerDialog = lazyDialog<EraseCustomerDialogProps>(() => import('../../../features/erasure/components/erase-customer-dialog').then((m) => m.EraseCustomerDialog));
const MarketingConsentDialog = lazyDialog<MarketingConsentDialogProps>(() => import('../../../features/marketing-consent/components/marketing-consent-dialog').then((m) => m.MarketingConsentDialog));

/** The other features' dialogs the customer dialogs open, for every route that shows customer dialogs. */
export function useFilledCustomerDialogSlots(): CustomerDialogSlots {
  const defaultLocationId = useDefaultLocationId(useCurrentUser()?.locationId ?? null);
  return useMemo(
    () => ({
      renderEnterRo: (props) => <EnterRoDialog {...props} defaultLocationId={defaultLocationId} LocationSelect={LocationSelect} />,
      renderContactChange: (props) => <ContactChangeDialog {...props} />,
      renderContactCode: (props) => <ContactCodeDialog {...props} />,
      renderErasure: (props) => <EraseCustomerDialog {...props} />,
      renderMarketingConsent: (props) => <MarketingConsentDialog {...props} />,
    }),
    [defaultLocationId],
  );
}

/** What the pack-sales panels borrow: the location selector, Enter Sale RO # and the locations' tax rates. */
function usePackSaleSlots(): PackSaleSlots {
  const defaultLocationId = useDefaultLocationId(useCurrentUser()?.locationId ?? null);
  const locations = useLocations().data;
  return useMemo(
    () => ({
      LocationSelect,
      renderEnterRo: ({ initial, ...props }) => (
        <EnterRoDialog
          {...props}
          initial={{ roNumber: initial?.roNumber, locationId: initial?.locationId ?? undefined }}
          defaultLocationId={defaultLocationId}
          LocationSelect={LocationSelect}
        />
      ),
      saleRoType: SALE_RO_DIALOG_TYPE,
      locations,
      defaultLocationId,
    }),
    [defaultLocationId, locations],
  );
}

/**
 * A customer's coupons and redemption verification, linked: a redemption refused because it needs the customer's
 * verification (412) opens that verification for its RO, the coupon is redeemed again once it is sent, and the
 * coupons are read again when the customer's verifications change.
 */
function CouponsAndVerification(props: {
  customer: CustomerRecord;
  name: string;
  saleSlots: PackSaleSlots;
  renderEnterRo?: (props: EnterRoRendererProps) => ReactNode;
  highlight?: { issuedCouponId: string; code: string } | null;
}) {
  const [request, setRequest] = useState<VerificationRequest | null>(null);
  const [started, setStarted] = useState<VerificationRo | null>(null);
  const [changes, setChanges] = useState(0);
  const onStart = useCallback((ro: { roNumber: string; locationId: number; reason: string }) => setRequest((old) => ({ ...ro, id: (old?.id ?? 0) + 1 })), []);
  const onRequestDone = useCallback((done: VerificationRequest, verification: unknown) => {
    if (verification) setStarted({ id: done.id, roNumber: done.roNumber, locationId: done.locationId });
  }, []);
  const onVerificationsChanged = useCallback(() => setChanges((n) => n + 1), []);
  const link = useMemo(() => ({ onStart, started, changes }), [onStart, started, changes]);
  return (
    <>
      <CustomerCouponsPanel customerId={props.customer.customerId} customerName={props.name} slots={props.saleSlots} verification={link} highlight={props.highlight} />
      <RedemptionVerificationPanel
        customer={props.customer}
        renderEnterRo={props.renderEnterRo}
        request={request}
        onRequestDone={onRequestDone}
        onVerificationsChanged={onVerificationsChanged}
      />
    </>
  );
}

export function SalesRoute() {
  const slots = useFilledCustomerDialogSlots();
  const saleSlots = usePackSaleSlots();
  // Keyed by customer: another customer starts a fresh panel (SPEC 4: the listener resets on a customer change).
  const renderCustomerPanels = useCallback(
    // An erased customer can no longer be reached: nothing can be sold or sent to them.
    (customer: CustomerRecord, deskCode: DeskCodeHit | null) => {
      if (customer.personalDataErased) return null;
      const name = fullName(customer) || 'the customer';
      return (
        <>
          <PackSalesPanel
            key={`packs-${customer.customerId}`}
            customer={{ customerId: customer.customerId, name, isTaxExempt: Boolean(customer.isTaxExempt) }}
            slots={saleSlots}
          />
          <CouponsAndVerification
            key={customer.customerId}
            customer={customer}
            name={name}
            saleSlots={saleSlots}
            renderEnterRo={slots.renderEnterRo}
            highlight={deskCode?.issuedCouponId ? { issuedCouponId: deskCode.issuedCouponId, code: deskCode.code } : null}
          />
        </>
      );
    },
    [slots, saleSlots],
  );
  return (
    <>
      <PageHeader title="Sales" description="Find a customer by phone, e-mail, RO number or coupon code, or create a new one." />
      <CustomerDialogSlotsProvider value={slots}>
        <CustomerWorkspace renderCustomerPanels={renderCustomerPanels} />
      </CustomerDialogSlotsProvider>
    </>
  );
}
