// Add coupon, first step: the generic search dialog (SPEC 2.5) over the active coupons, in its
// highlight-then-Select mode (a click highlights, Select or a double-click or Enter returns the coupon).
// An empty box lists the active coupons, so a short catalogue can be browsed.
import { formatMoney, type CouponView } from '@dealer/contracts';
import { SearchDialog, type SearchColumn } from '../../../components/ui/search-dialog/search-dialog';
import { packKeys } from '../api/pack-keys';
import { searchActiveCoupons } from '../api/search-active-coupons';
import { PACK_TEXTS } from './pack-texts';

const COLUMNS: readonly SearchColumn<CouponView>[] = [
  { header: 'Name', cell: (c) => <strong>{c.name}</strong> },
  { header: 'Op codes', cell: (c) => c.opCodes.join(', ') },
  { header: 'Worth', cell: (c) => formatMoney(c.standAloneValue), className: 'nowrap' },
];

interface CouponPickerDialogProps {
  open: boolean;
  onPicked: (coupon: CouponView) => void;
  onCancel: () => void;
}

export function CouponPickerDialog({ open, onPicked, onCancel }: CouponPickerDialogProps) {
  return (
    <SearchDialog<CouponView>
      open={open}
      title={PACK_TEXTS.pickCouponTitle}
      size="lg"
      placeholder={PACK_TEXTS.pickCouponPlaceholder}
      searchLabel={PACK_TEXTS.pickCouponLabel}
      queryKey={packKeys.couponSearch}
      search={(term, signal) => searchActiveCoupons(term, signal)}
      columns={COLUMNS}
      rowKey={(c) => c.couponId}
      cardTitle={(c) => c.name}
      onSelect={onPicked}
      onCancel={onCancel}
      listWhenEmpty
    />
  );
}
