// Help "Paper Redeem": redeeming one paper coupon from a book against an RO (wizard step paper-redeem).
import { Link } from 'react-router-dom';
import { paths } from '../../../../config/paths';
import { HelpArticle } from '../help-article';
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
          Each paper coupon can be used only once. Paper coupons do not need the customer’s verification: the coupon in your
          hand is the proof.
        </p>
      }
    >
      <h2>The steps</h2>
      <ol>
        <li>
          In <Link to={paths.employee.paperConversion}>Paper Conversion</Link>, enter the <strong>book number</strong> and
          choose <strong>Redeem a paper coupon</strong>.
        </li>
        <li>
          Choose the coupon the customer hands over. Only coupons that are still available are listed, with their number (as
          printed in the book), expiry and op codes.
        </li>
        <li>
          Press <strong>Enter RO #</strong>. In <strong>Enter Redemption RO #</strong>, check the <strong>Location</strong>{' '}
          (it starts at your own store when it uses this system, otherwise location 1) and type the <strong>RO Number</strong>{' '}
          of today’s visit. Submit.
        </li>
        <li>
          The system finds the first RO line with one of the coupon’s op codes and an eligible labour type and records the
          redemption on it. “Successfully redeemed coupon.” appears and the book’s coupon list shows the coupon as Redeemed,
          with the RO, location, amount taken off, and when and by whom.
        </li>
        <li>Keep the torn-out paper coupon with the RO as your store requires.</li>
      </ol>

      <h2>When it is refused</h2>
      <p>The reason stays on the page in red until you dismiss it or redeem again.</p>
      <ul>
        <li>
          <strong>RO not found</strong>: the message links to <Link to={helpPath('coupon-ro-not-found')}>Coupon RO Not Found</Link>.
        </li>
        <li>
          <strong>No matching line</strong>: the RO has no line with the coupon’s op code and an eligible labour type; see{' '}
          <Link to={helpPath('opcodes')}>Opcodes</Link>.
        </li>
        <li>
          <strong>Coupon already used</strong>: that paper coupon was redeemed before, or the book was converted to a digital
          pack (use the customer’s digital coupon instead, on the Sales page).
        </li>
        <li>
          <strong>Expired</strong>: a coupon is good until the end of its expiry day at the store that sold the book.
        </li>
      </ul>

      <h2>Undoing a redemption</h2>
      <p>
        A wrong redemption is voided from the book’s coupon list: press <strong>Void</strong> on the coupon and give the
        reason. You can void your own redemptions on the day you made them; managers can void any. The coupon is available
        again if it has not expired.
      </p>
    </HelpArticle>
  );
}
