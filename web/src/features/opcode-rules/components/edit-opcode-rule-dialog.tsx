// Edit the description of an op-code rule in a modal (the op code and location are the rule itself).
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useIsMutating } from '@tanstack/react-query';
import type { OpCodeVerificationRule } from '@dealer/contracts';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/form/text-field';
import { FormFooter } from '../../../components/ui/modal/form-footer';
import { Modal } from '../../../components/ui/modal/modal';
import { toast } from '../../../components/ui/toaster/toast-store';
import { opCodeRuleKeys } from '../api/opcode-rule-keys';
import { useUpdateOpCodeRule } from '../api/update-opcode-rule';
import { descriptionFormSchema, type DescriptionFormInput, type DescriptionFormOutput } from './opcode-rule-form-schema';
import { OPCODE_RULE_MESSAGES, OPCODE_RULE_TEXTS } from './opcode-rule-texts';

interface EditOpCodeRuleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rule: OpCodeVerificationRule | null;
}

function DescriptionForm({ rule, onDone }: { rule: OpCodeVerificationRule; onDone: () => void }) {
  const form = useForm<DescriptionFormInput, unknown, DescriptionFormOutput>({
    resolver: valibotResolver(descriptionFormSchema),
    mode: 'onTouched',
    defaultValues: { description: rule.description ?? '' },
  });
  const update = useUpdateOpCodeRule({
    onSuccess: () => {
      toast.success(OPCODE_RULE_MESSAGES.updated);
      onDone();
    },
    onError: (error) => {
      toast.errors(error.messages);
      if (error.fields.description) form.setError('description', { message: error.fields.description });
    },
  });
  const submit = form.handleSubmit(({ description }) => update.mutate({ id: rule.id, description }));

  return (
    <form noValidate onSubmit={submit} aria-busy={update.isPending} className="opcode-rule-edit">
      <div className="modal-body opcode-rule-edit-fields">
        <dl className="card-fields">
          <dt>{OPCODE_RULE_TEXTS.opCode}</dt>
          <dd>
            <strong>{rule.opCode}</strong>
          </dd>
          <dt>Location</dt>
          <dd>{rule.locationName ?? '-'}</dd>
        </dl>
        <TextField
          label={OPCODE_RULE_TEXTS.description}
          hint={OPCODE_RULE_TEXTS.descriptionHint}
          autoComplete="off"
          autoFocus
          {...form.register('description')}
          error={form.formState.errors.description?.message}
        />
      </div>
      <FormFooter saving={update.isPending} onCancel={onDone}>
        Save
      </FormFooter>
    </form>
  );
}

export function EditOpCodeRuleDialog({ open, onOpenChange, rule }: EditOpCodeRuleDialogProps) {
  const saving = useIsMutating({ mutationKey: opCodeRuleKeys.update() }) > 0;
  return (
    <Modal open={open} onOpenChange={onOpenChange} locked={saving} title={rule ? OPCODE_RULE_TEXTS.editTitle(rule.opCode) : ''} size="sm">
      {rule && <DescriptionForm key={rule.id} rule={rule} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}
