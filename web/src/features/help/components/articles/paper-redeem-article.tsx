// Help "Paper Redeem": redeeming one paper coupon from a book against an RO (wizard step paper-redeem).
import { Link } from 'react-router-dom';
import { ComingSoon, HelpArticle } from '../help-article';
import { helpPath } from '../help-topics';

export function PaperRedeemArticle() {
  return (
    <HelpArticle
      slug="paper-redeem"
      related={['paper-conversions', 'opcodes', 'coupon-ro-not-found']}
      inShort={
        <p>
          A paper coupon is redeemed against an RO with the same rules as a digital coupon: the RO must be in the DMS data at
          the location, have a line with the coupon’s op code and an eligible labour type, and stay within the limits per RO.
          Each paper coupon number can be used only once.
        </p>
      }
    >
      <ComingSoon>
        The paper conversion wizard, including this redeem step, is not built yet: its pages say “not available yet”. Until
        it is, paper coupons cannot be redeemed in this system. The steps below describe how it will work.
      </ComingSoon>

      <h2>The steps</h2>
      <ol>
        <li>
          In Paper Conversion, enter the <strong>book number</strong> and choose <strong>redeem a paper coupon</strong> as the
          action.
        </li>
        <li>Choose the coupon from the book (the one the customer hands over) and its coupon number.</li>
        <li>
          Enter the <strong>RO number</strong> and the <strong>location</strong> of today’s visit. The location starts at
          your own store.
        </li>
        <li>
          Submit. The system finds the first RO line with one of the coupon’s op codes and an eligible labour type, and
          records the redemption on it with the amount taken off.
        </li>
        <li>Keep the torn-out paper coupon with the RO as your store requires.</li>
      </ol>

      <h2>When it is refused</h2>
      <ul>
        <li>
          <strong>RO not found</strong>: see <Link to={helpPath('coupon-ro-not-found')}>Coupon RO Not Found</Link>.
        </li>
        <li>
          <strong>No matching line</strong>: the RO has no line with the coupon’s op code and an eligible labour type; see{' '}
          <Link to={helpPath('opcodes')}>Opcodes</Link>.
        </li>
        <li>
          <strong>Coupon already used</strong>: that paper coupon number was redeemed before, or the book was converted to a
          digital pack (use the customer’s digital coupon instead).
        </li>
        <li>
          <strong>Needs the customer’s verification</strong>: the op code is marked for approval at this location; the
          customer approves by e-mail or text and the redemption completes then.
        </li>
      </ul>
    </HelpArticle>
  );
}
