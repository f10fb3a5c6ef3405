// Help "Opcodes": what op codes are and how a coupon uses them (op code, labour type, limits per RO).
import { Link } from 'react-router-dom';
import { HelpArticle } from '../help-article';
import { helpPath } from '../help-topics';

export function OpCodesArticle() {
  return (
    <HelpArticle
      slug="opcodes"
      related={['opcode-list', 'coupon-ro-not-found', 'paper-redeem']}
      inShort={
        <p>
          An op code is the DMS’s code for a labour operation on an RO line, such as an oil and filter change or a tire
          rotation. A coupon can only be redeemed on an RO that has a line with one of the coupon’s op codes, with a labour
          type the coupon accepts, within the coupon’s limits per RO.
        </p>
      }
    >
      <h2>What an op code is</h2>
      <p>
        Every line (job) of a repair order carries an op code and a description, written by the advisor or technician in
        the DMS. The same op code means the same operation on every RO, so coupons are tied to op codes rather than to
        descriptions. Look an op code up in the <Link to={helpPath('opcode-list')}>Opcode List</Link>.
      </p>

      <h2>How a coupon uses op codes</h2>
      <p>Each coupon in the catalogue (the Coupons page) states:</p>
      <ul>
        <li>
          <strong>Op codes</strong>: one or more codes the coupon pays for. The RO must have a line with one of them.
        </li>
        <li>
          <strong>Labour types</strong> it accepts for that line:
          <ul>
            <li>
              <strong>C</strong>, customer pay: the customer pays for the work. Most coupons accept only C.
            </li>
            <li>
              <strong>W</strong>, warranty: the manufacturer pays; accepted only if the dealership chose so for the coupon.
            </li>
            <li>
              <strong>I</strong>, internal: the dealership pays (for example used-car reconditioning); rarely accepted.
            </li>
          </ul>
        </li>
        <li>
          <strong>Per RO</strong>: how many coupons of this kind one RO can take (usually 1), and sometimes a maximum
          amount taken off one RO in total.
        </li>
        <li>
          <strong>Value</strong>: a fixed amount, a percent of the line, or the whole operation up to a maximum. A line is
          never discounted below zero.
        </li>
        <li>
          <strong>Honoured at</strong>: the locations where the coupon can be redeemed.
        </li>
      </ul>

      <h2>When the RO does not match</h2>
      <ul>
        <li>
          The op code on the RO is different from the coupon’s (for example the advisor used a similar code): the coupon
          cannot be redeemed on that line. Ask the advisor to correct the line in the DMS if the work really is what the
          coupon covers; the change reaches this system with the next RO import.
        </li>
        <li>
          The line is warranty (W) or internal (I) and the coupon accepts only customer pay (C): the coupon does not apply
          to that work. This is the programme’s rule, not an error.
        </li>
        <li>The RO already took as many coupons of this kind as allowed: redeem it on the customer’s next visit.</li>
      </ul>

      <h2>Op codes that need the customer’s approval</h2>
      <p>
        Managers can mark op codes, per location, as needing the customer’s verification. When a redemption is on such an
        op code, the customer gets an e-mail or text and approves or declines each service; the redemption completes only
        after approval. Customers can also ask for this on every redemption (their Verify Redemptions switch).
      </p>
    </HelpArticle>
  );
}
