// Help "Opcode List": the op codes of the DMS data at a location, searchable, with the ones that need the
// customer's verification marked.
import { Link } from 'react-router-dom';
import { HelpArticle } from '../help-article';
import { helpPath } from '../help-topics';
import { OpCodeList, type LocationFieldProps } from '../opcode-list';
import type { ComponentType } from 'react';

interface OpCodeListArticleProps {
  LocationSelect: ComponentType<LocationFieldProps>;
  defaultLocationId: number | null;
}

export function OpCodeListArticle(props: OpCodeListArticleProps) {
  return (
    <HelpArticle
      slug="opcode-list"
      related={['opcodes', 'coupon-ro-not-found']}
      inShort={
        <p>
          Every op code that appears on the repair orders imported from the DMS for the chosen location. Search by the code
          (for example <code className="help-opcode">LOF</code>) or by words of its description. Op codes marked{' '}
          <span className="help-badge is-verify">Needs verification</span> are redeemed only after the customer approves
          by e-mail or text.
        </p>
      }
    >
      <OpCodeList {...props} />
      <h2>How to read the list</h2>
      <ul>
        <li>
          <strong>Op code</strong> is written as the DMS stores it: capital letters, no spaces around it. A coupon names
          the op codes it pays for, so this is the code to look for on the RO.
        </li>
        <li>
          <strong>Description</strong> is the text the DMS puts on the RO line. When different ROs describe the same code
          differently, the most common text is shown.
        </li>
        <li>
          <strong>Used on</strong> counts the RO lines (jobs) in the imported data with that op code: a large number means
          a common service; a code used once or twice may be a typo in the DMS.
        </li>
        <li>
          <strong>Customer verification</strong> says whether a manager marked the op code at this location as needing the
          customer’s approval before a coupon is redeemed on it. Managers change the marks on the Verification Op Codes
          page.
        </li>
      </ul>
      <p>
        The list only knows what has been imported. An op code that is new in the DMS appears here after the next RO
        import that contains it. See <Link to={helpPath('opcodes')}>Opcodes</Link> for how coupons use op codes.
      </p>
    </HelpArticle>
  );
}
