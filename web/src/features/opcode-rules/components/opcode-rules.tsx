// Verification Op Codes page body (managers and admins): a location, its op codes that need the customer's
// verification, add, edit the description and remove with SPEC 8's confirmation. The chosen location is kept
// in the address (?locationId=), so a reload or a shared link shows the same list.
import { permissionsFor, type OpCodeVerificationRule } from '@dealer/contracts';
import { useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { confirm } from '../../../components/ui/modal/notification-store';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useSession } from '../../../lib/auth/use-session';
import { useOpCodeRules } from '../api/get-opcode-rules';
import { useRemoveOpCodeRule } from '../api/remove-opcode-rule';
import { AddOpCodeRuleForm } from './add-opcode-rule-form';
import { EditOpCodeRuleDialog } from './edit-opcode-rule-dialog';
import { OpCodeRuleList } from './opcode-rule-list';
import { OPCODE_RULE_MESSAGES, OPCODE_RULE_TEXTS } from './opcode-rule-texts';
import './opcode-rules.css';

/** What a location selector must accept; the route passes the locations feature's selector in. */
export interface LocationFieldProps {
  value: number | null;
  onChange: (locationId: number | null) => void;
}

interface OpCodeRulesProps {
  LocationSelect: ComponentType<LocationFieldProps>;
  /** Where the page starts without ?locationId= (null while the locations load). */
  defaultLocationId: number | null;
  /** Name of a location id, for headings and the remove confirmation. */
  locationName: (locationId: number) => string | null;
}

const LOCATION_PARAM = 'locationId';

function useChosenLocation(defaultLocationId: number | null) {
  const [params, setParams] = useSearchParams();
  const fromAddress = Number(params.get(LOCATION_PARAM));
  const locationId = Number.isInteger(fromAddress) && fromAddress > 0 ? fromAddress : defaultLocationId;
  const choose = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete(LOCATION_PARAM);
        else next.set(LOCATION_PARAM, String(id));
        return next;
      },
      { replace: true },
    );
  return [locationId, choose] as const;
}

type ListProps = Omit<Parameters<typeof OpCodeRuleList>[0], 'rules'>;

function Results({ locationId, ...listProps }: { locationId: number } & ListProps) {
  const query = useOpCodeRules(locationId);
  if (query.isPending)
    return (
      <div className="empty-state">
        <Spinner label={OPCODE_RULE_TEXTS.loading} />
      </div>
    );
  if (query.isError)
    return (
      <ErrorMessages error={query.error} className="empty-state" />
    );
  if (!query.data.length) return <p className="empty-state">{OPCODE_RULE_TEXTS.none}</p>;
  return (
    <>
      <p className="muted opcode-rules-count" aria-live="polite">
        {OPCODE_RULE_TEXTS.count(query.data.length)}
        {query.isFetching && <Spinner size="sm" label="Refreshing..." />}
      </p>
      <OpCodeRuleList rules={query.data} {...listProps} />
    </>
  );
}

export function OpCodeRules({ LocationSelect, defaultLocationId, locationName }: OpCodeRulesProps) {
  const [locationId, chooseLocation] = useChosenLocation(defaultLocationId);
  const [editor, setEditor] = useState<{ open: boolean; rule: OpCodeVerificationRule | null }>({ open: false, rule: null });
  const session = useSession();
  const can = permissionsFor(session?.payload.access.list, 'opcode-verification-rules');
  const remove = useRemoveOpCodeRule({
    onSuccess: () => toast.success(OPCODE_RULE_MESSAGES.removed),
    onError: (error) => toast.errors(error.messages),
  });

  const onRemove = async (rule: OpCodeVerificationRule) => {
    const message = [OPCODE_RULE_MESSAGES.removeConfirm, OPCODE_RULE_TEXTS.removeDetail(rule.opCode, rule.locationName)];
    if (await confirm({ message, variant: 'danger' })) remove.mutate(rule.id);
  };

  return (
    <div className="opcode-rules">
      <div className="panel opcode-rules-location">
        <LocationSelect value={locationId} onChange={chooseLocation} />
      </div>
      {locationId === null ? (
        <p className="panel empty-state">{OPCODE_RULE_TEXTS.chooseLocation}</p>
      ) : (
        <>
          {can.canAdd && (
            <section className="panel">
              <AddOpCodeRuleForm key={locationId} locationId={locationId} locationName={locationName(locationId)} />
            </section>
          )}
          <section className="panel" aria-labelledby="opcode-rules-heading">
            <h2 id="opcode-rules-heading">
              Op codes that need verification
              {locationName(locationId) && <span className="muted"> at {locationName(locationId)}</span>}
            </h2>
            <Results
              locationId={locationId}
              canUpdate={can.canUpdate}
              canDelete={can.canDelete}
              onEdit={(rule) => setEditor({ open: true, rule })}
              onRemove={(rule) => void onRemove(rule)}
              removingId={remove.isPending ? (remove.variables ?? null) : null}
            />
          </section>
        </>
      )}
      <EditOpCodeRuleDialog
        open={editor.open}
        // The rule stays while the modal closes, so its title does not flip as it goes.
        onOpenChange={(open) => setEditor((e) => ({ open, rule: e.rule }))}
        rule={editor.rule}
      />
    </div>
  );
}
