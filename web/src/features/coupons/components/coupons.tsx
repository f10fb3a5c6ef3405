// Coupons page body (issue 11): the searchable, paged catalogue. Managers and admins (the access list's
// POST and PUT on coupons) add, edit, disable and enable; other staff read.
import { COUPON_MESSAGES, permissionsFor, type CouponView } from '@dealer/contracts';
import { useState } from 'react';
import { CatalogueToolbar, useCatalogueFilter } from '../../../components/ui/catalogue/catalogue-toolbar';
import { CatalogueResults } from '../../../components/ui/catalogue/catalogue-results';
import { confirm } from '../../../components/ui/modal/notification-store';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useSession } from '../../../lib/auth/use-session';
import { answerMessage } from '../../../lib/command-answer';
import { useCoupons } from '../api/get-coupons';
import { useSetCouponStatus } from '../api/set-coupon-status';
import { CouponFormDialog, type LocationOption } from './coupon-form-dialog';
import { CouponList } from './coupon-list';
import { COUPON_TEXTS } from './coupon-texts';
import './coupons.css';

interface CouponsProps {
  locations: readonly LocationOption[];
  locationsLoading: boolean;
}

export function Coupons({ locations, locationsLoading }: CouponsProps) {
  const filter = useCatalogueFilter();
  const query = useCoupons({ search: filter.search, status: filter.status, offset: filter.offset });
  const [editor, setEditor] = useState<{ open: boolean; coupon: CouponView | null }>({ open: false, coupon: null });
  const session = useSession();
  const can = permissionsFor(session?.payload.access.list, 'coupons');
  const setStatusOf = useSetCouponStatus({
    onSuccess: (answer, { action }) => toast.success(answerMessage(answer, action === 'disable' ? COUPON_MESSAGES.disabled : COUPON_MESSAGES.enabled)),
    onError: (error) => toast.errors(error.messages),
  });

  const onToggleStatus = async (coupon: CouponView) => {
    const disabling = coupon.status === 'active';
    const message = disabling ? COUPON_TEXTS.disableConfirm(coupon.name) : COUPON_TEXTS.enableConfirm(coupon.name);
    if (await confirm({ message, variant: disabling ? 'danger' : 'warning' }))
      setStatusOf.mutate({ couponId: coupon.couponId, action: disabling ? 'disable' : 'enable' });
  };

  return (
    <section className="panel catalogue" aria-label="Coupons">
      <CatalogueToolbar
        filter={filter}
        searchLabel={COUPON_TEXTS.searchLabel}
        placeholder={COUPON_TEXTS.searchPlaceholder}
        add={can.canAdd ? { label: COUPON_TEXTS.add, onClick: () => setEditor({ open: true, coupon: null }) } : undefined}
      />
      <CatalogueResults
        query={{ ...query, page: query.data && { ...query.data, count: query.data.coupons.length } }}
        texts={{
          loading: COUPON_TEXTS.loading,
          empty: filter.filtered ? COUPON_TEXTS.noMatches : COUPON_TEXTS.none,
          count: (n) => (n === 1 ? '1 coupon' : `${n} coupons`),
          pages: 'Coupon pages',
        }}
        onOffsetChange={filter.setOffset}
      >
        <CouponList
          coupons={query.data?.coupons ?? []}
          canUpdate={can.canUpdate}
          canChangeStatus={can.canAdd}
          onEdit={(coupon) => setEditor({ open: true, coupon })}
          onToggleStatus={(coupon) => void onToggleStatus(coupon)}
          busyId={setStatusOf.isPending ? (setStatusOf.variables?.couponId ?? null) : null}
        />
      </CatalogueResults>
      <CouponFormDialog
        open={editor.open}
        // The coupon stays while the modal closes, so its title does not flip as it goes.
        onOpenChange={(open) => setEditor((e) => ({ open, coupon: e.coupon }))}
        coupon={editor.coupon}
        locations={locations}
        locationsLoading={locationsLoading}
      />
    </section>
  );
}
