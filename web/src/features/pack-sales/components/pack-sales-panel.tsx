// The selected customer's coupon packs: Sell pack, and the purchase history with its corrections, finalising and
// voiding. The dialogs live here so the history and the buttons share one place of state.
import { useId, useState } from 'react';
import { PACK_SALE_MESSAGES, formatMoney, permissionsFor, type PackSaleView } from '@dealer/contracts';
import { lazyDialog } from '../../../components/ui/modal/lazy-dialog';
import { confirm } from '../../../components/ui/modal/notification-store';
import { toast } from '../../../components/ui/toaster/toast-store';
import { VoidReasonDialog } from '../../../components/ui/void-reason/void-reason-dialog';
import { useSession } from '../../../lib/auth/use-session';
import { useFinalisePackSale } from '../api/finalise-pack-sale';
import { useVoidPackSale } from '../api/void-pack-sale';
import type { CorrectLocationDialogProps } from './correct-location-dialog';
import type { PackSaleSlots } from './pack-sale-slots';
import { PACK_SALE_TEXTS } from './pack-sale-texts';
import { PurchaseHistory } from './purchase-history';
import type { SaleCustomer, SellPackDialogProps } from './sell-pack-dialog';
import './pack-sales.css';

const CorrectLocationDialog = lazyDialog<CorrectLocationDialogProps>(
  () => import('./correct-location-dialog').then((m) => m.CorrectLocationDialog),
  (props) => props.sale !== null,
);
const SellPackDialog = lazyDialog<SellPackDialogProps>(() => import('./sell-pack-dialog').then((m) => m.SellPackDialog));

interface PackSalesPanelProps {
  customer: SaleCustomer;
  slots: PackSaleSlots;
}

export function PackSalesPanel({ customer, slots }: PackSalesPanelProps) {
  const titleId = useId();
  const payload = useSession()?.payload;
  const access = payload?.access.list;
  const can = {
    sell: permissionsFor(access, 'pack-sales').canAdd,
    correct: permissionsFor(access, 'pack-sale-location-corrections').canAdd,
    finalise: permissionsFor(access, 'pack-sale-finalisations').canAdd,
    void: permissionsFor(access, 'pack-sale-voids').canAdd,
    // The server gives the manager flag's rights to managers and admins.
    changePrice: Boolean(payload?.access.args.isManager || payload?.access.args.isAdmin),
  };
  const [selling, setSelling] = useState(false);
  const [correcting, setCorrecting] = useState<PackSaleView | null>(null);
  const [voiding, setVoiding] = useState<PackSaleView | null>(null);

  const finalise = useFinalisePackSale({
    onSuccess: (answer) => toast.success(answer.message || PACK_SALE_MESSAGES.finalised),
    onError: (error) => toast.errors(error.messages),
  });
  const voidSale = useVoidPackSale({
    onSuccess: (answer) => {
      toast.success(answer.message || PACK_SALE_MESSAGES.voidedSuccess);
      setVoiding(null);
    },
    onError: (error) => toast.errors(error.messages),
  });

  const busySaleId = finalise.isPending ? (finalise.variables?.saleId ?? null) : voidSale.isPending ? (voidSale.variables?.saleId ?? null) : null;
  const actions = {
    canFinalise: can.finalise,
    canVoid: can.void,
    busySaleId,
    onCorrect: (sale: PackSaleView) => (can.correct ? setCorrecting(sale) : undefined),
    onFinalise: async (sale: PackSaleView) => {
      if (await confirm({ message: PACK_SALE_TEXTS.finaliseConfirm(sale.packName, sale.saleRoNumber) }))
        finalise.mutate({ saleId: sale.saleId, customerId: sale.customerId });
    },
    onVoid: (sale: PackSaleView) => setVoiding(sale),
  };

  return (
    <section className="panel pack-sales-panel" aria-labelledby={titleId}>
      <div className="section-header">
        <div>
          <h2 id={titleId}>{PACK_SALE_TEXTS.packsTitle}</h2>
          <p className="muted panel-intro">{PACK_SALE_TEXTS.packsIntro(customer.name)}</p>
        </div>
        {can.sell && (
          <button type="button" className="btn btn-primary" onClick={() => setSelling(true)}>
            {PACK_SALE_TEXTS.sellPack}
          </button>
        )}
      </div>
      <h3 className="sale-section-title">{PACK_SALE_TEXTS.historyTitle}</h3>
      <PurchaseHistory customerId={customer.customerId} slots={slots} actions={actions} />

      <SellPackDialog open={selling} customer={customer} slots={slots} canChangePrice={can.changePrice} onClose={() => setSelling(false)} />
      <CorrectLocationDialog sale={correcting} slots={slots} onClose={() => setCorrecting(null)} />
      <VoidReasonDialog
        open={voiding !== null}
        loading={voidSale.isPending}
        description={voiding ? PACK_SALE_TEXTS.voidDescription(voiding.packName, voiding.saleRoNumber, formatMoney(voiding.total)) : undefined}
        onClose={(reason) => {
          if (reason === null) setVoiding(null);
          else if (voiding) voidSale.mutate({ saleId: voiding.saleId, customerId: voiding.customerId, reason });
        }}
      />
    </section>
  );
}
