// Op-code rules of one location as a table (Op code, Description, Added, actions), or cards on mobile.
import { formatDate, orDash, type OpCodeVerificationRule } from '@dealer/contracts';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions/row-actions';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { OPCODE_RULE_TEXTS } from './opcode-rule-texts';

interface OpCodeRuleListProps {
  rules: readonly OpCodeVerificationRule[];
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: (rule: OpCodeVerificationRule) => void;
  onRemove: (rule: OpCodeVerificationRule) => void;
  /** The rule being removed, whose Remove button shows it is busy. */
  removingId: string | null;
}


function Actions({ rule, canUpdate, canDelete, onEdit, onRemove, removingId }: Omit<OpCodeRuleListProps, 'rules'> & { rule: OpCodeVerificationRule }) {
  if (!canUpdate && !canDelete) return null;
  return (
    <div className="opcode-rule-actions">
      {canUpdate && <RowAction label="Edit" what={rule.opCode} onClick={() => onEdit(rule)} />}
      {canDelete && <RowAction label="Remove" what={rule.opCode} danger onClick={() => onRemove(rule)} disabled={removingId === rule.id} />}
    </div>
  );
}

export function OpCodeRuleList(props: OpCodeRuleListProps) {
  const isMobile = useIsMobile();
  const { rules, canUpdate, canDelete } = props;
  const hasActions = canUpdate || canDelete;
  if (isMobile)
    return (
      <ul className="card-list" aria-label="Verification op codes">
        {rules.map((r) => (
          <li key={r.id} className="card opcode-rule-card">
            <strong className="opcode-badge">{r.opCode}</strong>
            <dl className="card-fields">
              <dt>{OPCODE_RULE_TEXTS.description}</dt>
              <dd>{orDash(r.description)}</dd>
              <dt>Added</dt>
              <dd>{formatDate(r.createdDate)}</dd>
            </dl>
            <Actions {...props} rule={r} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Op codes that need the customer's verification, by op code</caption>
        <thead>
          <tr>
            <th scope="col">{OPCODE_RULE_TEXTS.opCode}</th>
            <th scope="col">{OPCODE_RULE_TEXTS.description}</th>
            <th scope="col">Added</th>
            {hasActions && <ActionsHeader />}
          </tr>
        </thead>
        <tbody>
          {rules.map((r) => (
            <tr key={r.id}>
              <td className="nowrap">
                <strong className="opcode-badge">{r.opCode}</strong>
              </td>
              <td>{orDash(r.description)}</td>
              <td className="nowrap">{formatDate(r.createdDate)}</td>
              {hasActions && (
                <td className="opcode-rule-actions-cell">
                  <Actions {...props} rule={r} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
