// Sell a coupon pack to the selected customer (issue 11): location (CRM locations, SPEC 2.5 preset), a pack the
// location sells, its price, tax and total (a manager may change the price, with a reason), then the sale RO
// through Enter Sale RO #; the sale is posted and the server's message shown as a toast.
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import {
  PACK_LIMITS,
  PACK_SALE_LIMITS,
  PACK_SALE_MESSAGES,
  checkReason,
  formatMoney,
  parseMoney,
  type FormDraftOpening,
  type Money,
  type PackView,
} from '@dealer/contracts';
import { SwitchField } from '../../../components/ui/form/switch-field';
import { TextField } from '../../../components/ui/form/text-field';
import { Modal } from '../../../components/ui/modal/modal';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useSellablePacks } from '../api/get-sellable-packs';
import { packSaleKeys } from '../api/pack-sale-keys';
import { useSellPack } from '../api/sell-pack';
import type { PackSaleSlots } from './pack-sale-slots';
import { PACK_SALE_TEXTS } from './pack-sale-texts';
import { PriceSummary, saleMoney } from './price-summary';
import { DraftRestorePrompt } from '../../form-drafts/components/draft-restore-prompt';
import { useFormDraft } from '../../form-drafts/hooks/use-form-draft';

export interface SaleCustomer {
  customerId: string;
  name: string;
  isTaxExempt: boolean;
}

export interface SellPackDialogProps {
  open: boolean;
  customer: SaleCustomer;
  slots: PackSaleSlots;
  /** Managers (and admins) may change the price, with a reason. */
  canChangePrice: boolean;
  onClose: () => void;
}

function PackDetails({ pack }: { pack: PackView }) {
  return (
    <div className="sale-pack-details">
      {pack.description && <p>{pack.description}</p>}
      <p className="sale-pack-includes-title">{PACK_SALE_TEXTS.includes}</p>
      <ul className="sale-pack-includes">
        {pack.items.map((item) => (
          <li key={item.couponId}>
            {item.quantity} &times; {item.couponName}
          </li>
        ))}
      </ul>
      <p className="muted">{PACK_SALE_TEXTS.term(pack.termMonths, pack.termMileage)}</p>
    </div>
  );
}

function SellPackForm({ customer, slots, canChangePrice, onClose }: Omit<SellPackDialogProps, 'open'>) {
  const id = useId();
  const { LocationSelect } = slots;
  const [locationId, setLocationId] = useState<number | null>(slots.defaultLocationId);
  const [packId, setPackId] = useState('');
  const [changePrice, setChangePrice] = useState(false);
  const [priceText, setPriceText] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState<{ pack?: boolean; price?: boolean; reason?: boolean }>({});
  const [askingRo, setAskingRo] = useState(false);

  // A sale being prepared survives a crash or a closed tab (SPEC 4 form cache; decision 0082): one draft per customer.
  const opening = useMemo<FormDraftOpening>(
    () => ({ formId: 'sell-pack', objectCacheModelId: null, parentCacheModelId: null, parentKey: customer.customerId, isObjectNew: true }),
    [customer.customerId],
  );
  const draft = useFormDraft({
    opening,
    values: { locationId: locationId === null ? null : String(locationId), packId, changePrice, priceText, reason },
    // The preset location alone is nothing to keep: a pack chosen is.
    dirty: packId !== '' || changePrice,
    onRestore: (v) => {
      const restoredLocation = typeof v.locationId === 'string' && /^\d{1,9}$/.test(v.locationId) ? Number(v.locationId) : null;
      if (restoredLocation !== null) setLocationId(restoredLocation);
      if (typeof v.packId === 'string') setPackId(v.packId);
      if (typeof v.changePrice === 'boolean') setChangePrice(v.changePrice);
      if (typeof v.priceText === 'string') setPriceText(v.priceText);
      if (typeof v.reason === 'string') setReason(v.reason);
    },
  });

  // The preset arrives once the locations are known; a choice the user made stays.
  useEffect(() => {
    if (locationId === null && slots.defaultLocationId !== null) setLocationId(slots.defaultLocationId);
  }, [locationId, slots.defaultLocationId]);

  const packs = useSellablePacks(locationId);
  const pack = packs.data?.find((p) => p.packId === packId) ?? null;
  // Another location may not sell the chosen pack: the choice is cleared, not silently kept.
  useEffect(() => {
    if (packId && packs.data && !packs.data.some((p) => p.packId === packId)) setPackId('');
  }, [packId, packs.data]);

  const location = slots.locations?.find((l) => l.locationId === locationId);
  const taxRate = location?.salesTaxRateBasisPoints;
  const parsedPrice = changePrice ? parseMoney(priceText, { maxCents: PACK_LIMITS.priceMaxCents }) : null;
  const checkedReason = changePrice ? checkReason(reason, PACK_SALE_MESSAGES.priceOverrideReasonRequired) : null;
  const price: Money | null = pack ? (parsedPrice ? (parsedPrice.ok ? parsedPrice.value : null) : pack.price) : null;

  const errors = {
    location: locationId === null ? PACK_SALE_MESSAGES.locationRequired : undefined,
    pack: !pack ? PACK_SALE_MESSAGES.packRequired : undefined,
    price: parsedPrice && !parsedPrice.ok ? parsedPrice.error : undefined,
    reason: checkedReason && 'error' in checkedReason ? checkedReason.error : undefined,
  };
  const valid = !errors.location && !errors.pack && !errors.price && !errors.reason;

  const sell = useSellPack({
    onSuccess: (answer) => {
      toast.success(answer.message || PACK_SALE_MESSAGES.sold);
      onClose();
    },
    onError: (error) => {
      draft.submitting(false);
      toast.errors(error.messages.length > 0 ? error.messages : [PACK_SALE_MESSAGES.unknownError]);
    },
  });

  const next = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ pack: true, price: true, reason: true });
    if (valid) setAskingRo(true);
  };

  const onRo = (ro: { roNumber: string; locationId: number } | null) => {
    setAskingRo(false);
    if (!ro || !pack || price === null) return;
    const overridden = changePrice && price !== pack.price;
    // SPEC 4: saving marks the draft submitting; the sale closes the dialog, which deletes it.
    draft.submitting(true);
    sell.mutate({
      customerId: customer.customerId,
      packId: pack.packId,
      locationId: ro.locationId,
      roNumber: ro.roNumber,
      price: overridden ? price : null,
      priceOverrideReason: overridden && checkedReason && 'value' in checkedReason ? checkedReason.value : null,
    });
  };

  const busy = sell.isPending;
  const packFieldError = touched.pack ? errors.pack : undefined;
  return (
    <>
    <form noValidate onSubmit={next} aria-busy={busy} className="sale-dialog-form">
      <div className="modal-body sell-pack-fields">
        <DraftRestorePrompt draft={draft} />
        {/* The customer is named in the body, not the title, so a phone's title bar does not cut the name off. */}
        <p className="sale-dialog-intro">
          <span className="sale-fact-label">{PACK_SALE_TEXTS.sellingTo}</span> <strong>{customer.name}</strong>
        </p>
        <LocationSelect value={locationId} onChange={setLocationId} disabled={busy} error={touched.pack ? errors.location : undefined} />
        <div className="field">
          <label className="field-label" htmlFor={`${id}-pack`}>
            {PACK_SALE_TEXTS.pack}
          </label>
          <select
            id={`${id}-pack`}
            className="input select"
            value={packs.isPending && locationId !== null ? '' : packId}
            disabled={busy || locationId === null || packs.isPending}
            aria-invalid={packFieldError ? true : undefined}
            aria-describedby={packFieldError ? `${id}-pack-error` : undefined}
            onChange={(e) => setPackId(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, pack: true }))}
          >
            <option value="" disabled>
              {packs.isPending && locationId !== null ? PACK_SALE_TEXTS.packsLoading : PACK_SALE_TEXTS.packPlaceholder}
            </option>
            {(packs.data ?? []).map((p) => (
              <option key={p.packId} value={p.packId}>
                {p.name} ({formatMoney(p.price)})
              </option>
            ))}
          </select>
          {packFieldError && (
            <p id={`${id}-pack-error`} className="field-error">
              {packFieldError}
            </p>
          )}
          {packs.isError && (
            <p className="field-error" role="alert">
              {packs.error.message}
            </p>
          )}
          {packs.data && packs.data.length === 0 && <p className="field-hint">{PACK_SALE_TEXTS.noPacksHere}</p>}
        </div>

        {pack && <PackDetails pack={pack} />}

        {pack && canChangePrice && (
          <div className="sale-price-change">
            <SwitchField label={PACK_SALE_TEXTS.changePrice} checked={changePrice} disabled={busy} onChange={(e) => setChangePrice(e.target.checked)} />
            {changePrice && (
              <>
                <TextField
                  label={PACK_SALE_TEXTS.newPrice}
                  hint={PACK_SALE_TEXTS.newPriceHint}
                  inputMode="decimal"
                  autoComplete="off"
                  value={priceText}
                  readOnly={busy}
                  onChange={(e) => setPriceText(e.target.value)}
                  onBlur={() => setTouched((t) => ({ ...t, price: true }))}
                  error={touched.price ? errors.price : undefined}
                />
                <div className="field">
                  <label className="field-label" htmlFor={`${id}-reason`}>
                    {PACK_SALE_TEXTS.priceReason}
                  </label>
                  <textarea
                    id={`${id}-reason`}
                    className="input"
                    rows={2}
                    maxLength={PACK_SALE_LIMITS.reasonMax}
                    value={reason}
                    readOnly={busy}
                    aria-invalid={touched.reason && errors.reason ? true : undefined}
                    aria-describedby={touched.reason && errors.reason ? `${id}-reason-error` : undefined}
                    onChange={(e) => setReason(e.target.value)}
                    onBlur={() => setTouched((t) => ({ ...t, reason: true }))}
                  />
                  {touched.reason && errors.reason && (
                    <p id={`${id}-reason-error`} className="field-error">
                      {errors.reason}
                    </p>
                  )}
                </div>
              </>
            )}
          </div>
        )}

        {pack && (
          <PriceSummary
            listPrice={pack.price}
            money={saleMoney(price ?? pack.price, taxRate, customer.isTaxExempt)}
            taxExempt={customer.isTaxExempt}
            taxRateBasisPoints={taxRate}
          />
        )}
      </div>
      <div className="modal-footer">
        <button type="button" className="btn" disabled={busy} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && <Spinner size="sm" label={PACK_SALE_TEXTS.selling} />}
          {PACK_SALE_TEXTS.continueToRo}
        </button>
      </div>
    </form>
    {/* Outside the form: React events bubble through portals, and the RO dialog's submit is not this form's. */}
    {slots.renderEnterRo({
      open: askingRo,
      type: slots.saleRoType,
      initial: { locationId },
      locationLocked: true,
      onClose: onRo,
    })}
    </>
  );
}

export function SellPackDialog({ open, ...rest }: SellPackDialogProps) {
  const selling = useIsMutating({ mutationKey: packSaleKeys.sell() }) > 0;
  return (
    <Modal open={open} onOpenChange={(next) => (next ? undefined : rest.onClose())} locked={selling} title={PACK_SALE_TEXTS.sellTitle} size="md">
      {open && <SellPackForm {...rest} />}
    </Modal>
  );
}
