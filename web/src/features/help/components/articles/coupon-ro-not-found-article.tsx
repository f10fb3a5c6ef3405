// Help "Coupon RO Not Found": a coupon's redemption refused because the RO is not in the DMS data (yet).
import { Link } from 'react-router-dom';
import { paths } from '../../../../config/paths';
import { HelpArticle } from '../help-article';

export function CouponRoNotFoundArticle() {
  return (
    <HelpArticle
      slug="coupon-ro-not-found"
      related={['opcodes', 'book-ro-not-found', 'paper-redeem']}
      inShort={
        <p>
          The system checks every redemption against the repair orders imported from the DMS. If the RO number is not found
          at the chosen location, first check the number and the location; if both are right, the RO has most likely not
          been imported yet. Wait for the next import and redeem then, or ask your manager.
        </p>
      }
    >
      <h2>Why it happens</h2>
      <p>
        Repair orders are not read from the DMS live: they arrive in batches, when the DMS export is imported. An RO opened
        a few minutes ago, or since the last import, is not in the system yet. A coupon can only be redeemed against an RO
        the system knows, because it checks the RO’s lines for the coupon’s op code and labour type.
      </p>

      <h2>What to check</h2>
      <ol>
        <li>
          <strong>The RO number.</strong> Compare it with the RO in the DMS, digit by digit. Upper or lower case and
          spaces do not matter, but a missing or swapped digit does.
        </li>
        <li>
          <strong>The location.</strong> An RO number belongs to one location. If the customer is served at another store
          of the group, choose that store in the Location list.
        </li>
        <li>
          <strong>Whether the RO is there at all.</strong> Search for it on the <Link to={paths.employee.roSearch}>RO
          Search</Link> page. If RO Search finds it at another location, redeem with that location. If RO Search does not
          find it, it has not been imported yet.
        </li>
      </ol>

      <h2>What to do</h2>
      <ul>
        <li>
          If the customer can wait or will return, redeem the coupon after the next import. The coupon stays available
          until it expires.
        </li>
        <li>
          If the RO is still missing after the next import, or the customer’s coupon expires today, ask your manager, who
          follows it up with whoever runs the DMS export.
        </li>
      </ul>

      <h2>What not to do</h2>
      <ul>
        <li>Do not redeem the coupon on a different RO (an older one of the same customer, or another customer’s).</li>
        <li>Do not make up or reuse an RO number to get past the check.</li>
        <li>
          Do not give the discount on the RO in the DMS without redeeming the coupon here: the coupon would stay available
          and could be used a second time, and the dealership’s reports would miss the redemption.
        </li>
      </ul>
    </HelpArticle>
  );
}
