// Add or edit a coupon in a modal: a labelled field for every term, checked by contracts' rules before sending
// (coupon-form-values.ts); the server's messages go on their fields and into error toasts; an edit sends the
// revision the coupon was read at.
import { useIsMutating } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CouponView, FormDraftOpening } from '@dealer/contracts';
import { useForm } from 'react-hook-form';
import { CheckboxGroup } from '../../../components/ui/form/checkbox-group';
import { checkResolver } from '../../../components/ui/form/check-resolver';
import { saveErrorHandler } from '../../../components/ui/form/save-errors';
import { TextAreaField } from '../../../components/ui/form/text-area-field';
import { TextField } from '../../../components/ui/form/text-field';
import { FormFooter } from '../../../components/ui/modal/form-footer';
import { Modal } from '../../../components/ui/modal/modal';
import { toast } from '../../../components/ui/toaster/toast-store';
import { answerMessage } from '../../../lib/command-answer';
import { couponKeys } from '../api/coupon-keys';
import { useCreateCoupon } from '../api/create-coupon';
import { useUpdateCoupon } from '../api/update-coupon';
import { couponFormValues, couponTermsFrom, EMPTY_COUPON_FORM, formFieldOf, type CouponFormValues } from './coupon-form-values';
import { COUPON_MESSAGES, COUPON_TEXTS, LABOR_TYPE_OPTIONS, VALIDITY_KIND_OPTIONS, VALUE_KIND_OPTIONS } from './coupon-texts';
import { DraftRestorePrompt } from '../../form-drafts/components/draft-restore-prompt';
import { useReactHookFormDraft } from '../../form-drafts/hooks/use-react-hook-form-draft';

export interface LocationOption {
  locationId: number;
  locationName: string;
}

interface CouponFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The coupon to edit; null adds one. */
  coupon: CouponView | null;
  locations: readonly LocationOption[];
  locationsLoading: boolean;
}

const resolver = checkResolver<CouponFormValues>(couponTermsFrom);

function CouponForm({ coupon, locations, locationsLoading, onDone }: Omit<CouponFormDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const form = useForm<CouponFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: coupon ? couponFormValues(coupon) : EMPTY_COUPON_FORM,
  });
  const { errors } = form.formState;
  const valueKind = form.watch('valueKind');
  const validityKind = form.watch('validityKind');
  // The coupon's terms survive a crash or a closed tab (SPEC 4 form cache; decision 0082).
  const couponId = coupon?.couponId ?? null;
  const opening = useMemo<FormDraftOpening>(
    () => ({ formId: 'coupon-editor', objectCacheModelId: couponId, parentCacheModelId: null, parentKey: null, isObjectNew: couponId === null }),
    [couponId],
  );
  const draft = useReactHookFormDraft(form, opening);
  const showErrors = saveErrorHandler(form.setError, formFieldOf, COUPON_MESSAGES.unknownError);
  const onError: typeof showErrors = (error) => {
    draft.submitting(false);
    showErrors(error);
  };
  const create = useCreateCoupon({
    onSuccess: (answer) => {
      toast.success(answerMessage(answer, COUPON_MESSAGES.added));
      onDone();
    },
    onError,
  });
  const update = useUpdateCoupon({
    onSuccess: (answer) => {
      toast.success(answerMessage(answer, COUPON_MESSAGES.updated));
      onDone();
    },
    onError,
  });
  const saving = create.isPending || update.isPending;

  const submit = form.handleSubmit((values) => {
    const result = couponTermsFrom(values);
    if (!result.ok) return;
    draft.submitting(true);
    if (coupon) update.mutate({ couponId: coupon.couponId, terms: result.terms, expectedRevision: coupon.revision });
    else create.mutate(result.terms);
  });

  const locationOptions = locations.map((l) => ({ value: String(l.locationId), label: l.locationName }));

  return (
    <form noValidate onSubmit={submit} aria-busy={saving} className="catalogue-form">
      <div className="modal-body catalogue-form-fields">
        <DraftRestorePrompt draft={draft} className="span-2" />
        <TextField label={COUPON_TEXTS.name} autoComplete="off" autoFocus {...form.register('name')} error={errors.name?.message} className="span-2" />
        <TextAreaField label={COUPON_TEXTS.description} hint={COUPON_TEXTS.descriptionHint} {...form.register('description')} error={errors.description?.message} className="span-2" />
        <TextField
          label={COUPON_TEXTS.opCodes}
          hint={COUPON_TEXTS.opCodesHint}
          autoComplete="off"
          spellCheck={false}
          {...form.register('opCodes')}
          error={errors.opCodes?.message}
          className="span-2 coupon-form-opcodes"
        />
        <CheckboxGroup type="radio" legend={COUPON_TEXTS.valueKind} options={VALUE_KIND_OPTIONS} inline {...form.register('valueKind')} error={errors.valueKind?.message} className="span-2" />
        {valueKind === 'fixed' && (
          <TextField label={COUPON_TEXTS.amount} inputMode="decimal" autoComplete="off" {...form.register('amount')} error={errors.amount?.message} />
        )}
        {valueKind === 'percent' && (
          <TextField label={COUPON_TEXTS.percent} inputMode="decimal" autoComplete="off" {...form.register('percent')} error={errors.percent?.message} />
        )}
        {valueKind === 'operation' && (
          <TextField label={COUPON_TEXTS.maximum} hint={COUPON_TEXTS.maximumHint} inputMode="decimal" autoComplete="off" {...form.register('maximum')} error={errors.maximum?.message} />
        )}
        {valueKind !== 'fixed' && (
          <TextField
            label={COUPON_TEXTS.referencePrice}
            hint={COUPON_TEXTS.referencePriceHint}
            inputMode="decimal"
            autoComplete="off"
            {...form.register('referencePrice')}
            error={errors.referencePrice?.message}
          />
        )}
        <CheckboxGroup legend={COUPON_TEXTS.laborTypes} options={LABOR_TYPE_OPTIONS} inline {...form.register('laborTypes')} error={errors.laborTypes?.message} className="span-2" />
        <CheckboxGroup type="radio" legend={COUPON_TEXTS.validityKind} options={VALIDITY_KIND_OPTIONS} inline {...form.register('validityKind')} error={errors.validityKind?.message} />
        {validityKind === 'fixedDate' ? (
          <TextField label={COUPON_TEXTS.date} type="date" {...form.register('date')} error={errors.date?.message} />
        ) : (
          <TextField label={COUPON_TEXTS.months} inputMode="numeric" autoComplete="off" {...form.register('months')} error={errors.months?.message} />
        )}
        <TextField label={COUPON_TEXTS.maxPerRo} hint={COUPON_TEXTS.maxPerRoHint} inputMode="numeric" autoComplete="off" {...form.register('maxPerRo')} error={errors.maxPerRo?.message} />
        <TextField
          label={COUPON_TEXTS.maxAmountPerRo}
          hint={COUPON_TEXTS.maxAmountPerRoHint}
          inputMode="decimal"
          autoComplete="off"
          {...form.register('maxAmountPerRo')}
          error={errors.maxAmountPerRo?.message}
        />
        <CheckboxGroup
          legend={COUPON_TEXTS.locations}
          options={locationOptions}
          inline
          hint={locationsLoading ? COUPON_TEXTS.locationsLoading : undefined}
          {...form.register('locationIds')}
          error={errors.locationIds?.message}
          className="span-2"
        />
      </div>
      <FormFooter saving={saving} onCancel={onDone}>
        {coupon ? 'Save' : 'Create'}
      </FormFooter>
    </form>
  );
}

export function CouponFormDialog({ open, onOpenChange, coupon, ...rest }: CouponFormDialogProps) {
  const saving = useIsMutating({ mutationKey: couponKeys.save() }) > 0;
  return (
    <Modal open={open} onOpenChange={onOpenChange} locked={saving} title={coupon ? COUPON_TEXTS.editTitle(coupon.name) : COUPON_TEXTS.addTitle} size="lg">
      {open && <CouponForm key={coupon ? `${coupon.couponId}-${coupon.revision}` : 'new'} coupon={coupon} {...rest} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}
