// Add or edit a pack's terms in a modal (name, description, price, term, selling locations), checked by
// contracts' rules before sending; the server's messages go on their fields and into error toasts; an edit
// sends the revision the pack was read at. Coupons are added and removed in the pack's detail.
import { useIsMutating } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FormDraftOpening, PackView } from '@dealer/contracts';
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
import { useCreatePack } from '../api/create-pack';
import { packKeys } from '../api/pack-keys';
import { useUpdatePack } from '../api/update-pack';
import { EMPTY_PACK_FORM, packFormFieldOf, packFormValues, packTermsFrom, type PackFormValues } from './pack-form-values';
import { PACK_MESSAGES, PACK_TEXTS } from './pack-texts';
import { DraftRestorePrompt } from '../../form-drafts/components/draft-restore-prompt';
import { useReactHookFormDraft } from '../../form-drafts/hooks/use-react-hook-form-draft';

export interface LocationOption {
  locationId: number;
  locationName: string;
}

interface PackFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The pack to edit; null adds one. */
  pack: PackView | null;
  locations: readonly LocationOption[];
  locationsLoading: boolean;
}

const resolver = checkResolver<PackFormValues>(packTermsFrom);

function PackForm({ pack, locations, locationsLoading, onDone }: Omit<PackFormDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const form = useForm<PackFormValues>({ resolver, mode: 'onTouched', defaultValues: pack ? packFormValues(pack) : EMPTY_PACK_FORM });
  const { errors } = form.formState;
  // The pack's terms survive a crash or a closed tab (SPEC 4 form cache; decision 0082).
  const packId = pack?.packId ?? null;
  const opening = useMemo<FormDraftOpening>(
    () => ({ formId: 'pack-editor', objectCacheModelId: packId, parentCacheModelId: null, parentKey: null, isObjectNew: packId === null }),
    [packId],
  );
  const draft = useReactHookFormDraft(form, opening);
  const showErrors = saveErrorHandler(form.setError, packFormFieldOf, PACK_MESSAGES.unknownError);
  const onError: typeof showErrors = (error) => {
    draft.submitting(false);
    showErrors(error);
  };
  const done = (fallback: string) => (answer: Parameters<typeof answerMessage>[0]) => {
    toast.success(answerMessage(answer, fallback));
    onDone();
  };
  const create = useCreatePack({ onSuccess: done(PACK_MESSAGES.created), onError });
  const update = useUpdatePack({ onSuccess: done(PACK_MESSAGES.edited), onError });
  const saving = create.isPending || update.isPending;

  const submit = form.handleSubmit((values) => {
    const result = packTermsFrom(values);
    if (!result.ok) return;
    draft.submitting(true);
    if (pack) update.mutate({ packId: pack.packId, terms: result.terms, expectedRevision: pack.revision });
    else create.mutate({ ...result.terms, items: [] });
  });

  return (
    <form noValidate onSubmit={submit} aria-busy={saving} className="catalogue-form">
      <div className="modal-body catalogue-form-fields">
        <DraftRestorePrompt draft={draft} className="span-2" />
        <TextField label={PACK_TEXTS.name} autoComplete="off" autoFocus {...form.register('name')} error={errors.name?.message} className="span-2" />
        <TextAreaField label={PACK_TEXTS.description} hint={PACK_TEXTS.descriptionHint} {...form.register('description')} error={errors.description?.message} className="span-2" />
        <TextField label={PACK_TEXTS.price} hint={PACK_TEXTS.priceHint} inputMode="decimal" autoComplete="off" {...form.register('price')} error={errors.price?.message} />
        <TextField label={PACK_TEXTS.termMonths} hint={PACK_TEXTS.termMonthsHint} inputMode="numeric" autoComplete="off" {...form.register('termMonths')} error={errors.termMonths?.message} />
        <TextField label={PACK_TEXTS.termMileage} hint={PACK_TEXTS.termMileageHint} inputMode="numeric" autoComplete="off" {...form.register('termMileage')} error={errors.termMileage?.message} />
        <CheckboxGroup
          legend={PACK_TEXTS.locations}
          options={locations.map((l) => ({ value: String(l.locationId), label: l.locationName }))}
          inline
          hint={locationsLoading ? PACK_TEXTS.locationsLoading : undefined}
          {...form.register('locationIds')}
          error={errors.locationIds?.message}
          className="span-2"
        />
      </div>
      <FormFooter saving={saving} onCancel={onDone}>
        {pack ? 'Save' : 'Create'}
      </FormFooter>
    </form>
  );
}

export function PackFormDialog({ open, onOpenChange, pack, ...rest }: PackFormDialogProps) {
  const saving = useIsMutating({ mutationKey: packKeys.save() }) > 0;
  return (
    <Modal open={open} onOpenChange={onOpenChange} locked={saving} title={pack ? PACK_TEXTS.editTitle(pack.name) : PACK_TEXTS.addTitle} size="lg">
      {open && <PackForm key={pack ? `${pack.packId}-${pack.revision}` : 'new'} pack={pack} {...rest} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}
