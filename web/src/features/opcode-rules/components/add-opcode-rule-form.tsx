// Add form of the Verification Op Codes page: op code (required) and description (optional) at the chosen location.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/form/text-field';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import type { ApiError } from '../../../lib/api-error';
import { useAddOpCodeRule } from '../api/add-opcode-rule';
import { opCodeRuleFormSchema, type OpCodeRuleFormInput, type OpCodeRuleFormOutput } from './opcode-rule-form-schema';
import { OPCODE_RULE_MESSAGES, OPCODE_RULE_TEXTS } from './opcode-rule-texts';

const EMPTY: OpCodeRuleFormInput = { opCode: '', description: '' };

export function AddOpCodeRuleForm({ locationId, locationName }: { locationId: number; locationName: string | null }) {
  const form = useForm<OpCodeRuleFormInput, unknown, OpCodeRuleFormOutput>({
    resolver: valibotResolver(opCodeRuleFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const add = useAddOpCodeRule({
    onSuccess: () => {
      toast.success(OPCODE_RULE_MESSAGES.added);
      form.reset(EMPTY);
      form.setFocus('opCode');
    },
    onError: (error: ApiError) => {
      // SPEC 8: every message of a failed save is an error toast; field messages also mark their fields.
      toast.errors(error.messages);
      for (const [field, message] of Object.entries(error.fields)) {
        if (field === 'opCode' || field === 'description') form.setError(field, { message });
      }
    },
  });

  const submit = form.handleSubmit(({ opCode, description }) => add.mutate({ locationId, opCode, description }));

  return (
    <form noValidate onSubmit={submit} aria-busy={add.isPending} className="opcode-rule-add" aria-labelledby="opcode-rule-add-heading">
      <h2 id="opcode-rule-add-heading">
        {OPCODE_RULE_TEXTS.addHeading}
        {locationName && <span className="muted opcode-rule-add-where"> at {locationName}</span>}
      </h2>
      <div className="opcode-rule-add-fields">
        <TextField
          className="opcode-rule-add-code"
          label={OPCODE_RULE_TEXTS.opCode}
          hint={OPCODE_RULE_TEXTS.opCodeHint}
          autoComplete="off"
          spellCheck={false}
          {...form.register('opCode')}
          error={errors.opCode?.message}
        />
        <TextField
          className="opcode-rule-add-description"
          label={OPCODE_RULE_TEXTS.description}
          hint={OPCODE_RULE_TEXTS.descriptionHint}
          autoComplete="off"
          {...form.register('description')}
          error={errors.description?.message}
        />
        <button type="submit" className="btn btn-primary opcode-rule-add-submit" disabled={add.isPending}>
          {add.isPending && <Spinner size="sm" label="Saving..." />}
          {OPCODE_RULE_TEXTS.add}
        </button>
      </div>
    </form>
  );
}
