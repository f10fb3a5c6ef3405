// Help "Customer Without Email": creating a customer, selling to them or converting a book for them when they
// have no e-mail address.
import { Link } from 'react-router-dom';
import { paths } from '../../../../config/paths';
import { HelpArticle } from '../help-article';
import { helpPath } from '../help-topics';

export function CustomerNoEmailArticle() {
  return (
    <HelpArticle
      slug="customer-no-email"
      related={['paper-conversions', 'not-found-in-system']}
      inShort={
        <p>
          A customer without an e-mail address can still be created and can still have packs and coupons: only the mobile
          phone is required. What they cannot do yet is register for their own online account, because the account signs in
          with the e-mail address. Add the e-mail later, when they have one, and send the registration then.
        </p>
      }
    >
      <h2>Creating the customer</h2>
      <ol>
        <li>
          On the <Link to={paths.employee.sales}>Sales</Link> page, search for the customer by phone or RO number first, so
          you do not create them twice.
        </li>
        <li>
          Create the customer with first name, last name and mobile phone, and leave Email empty. Do not type a made-up or
          shared address (such as the dealership’s own) to fill the field: the customer’s messages and coupons would go to
          someone else, and the address could not be used by the real customer later.
        </li>
        <li>
          The registration message is not sent: the system answers <q>User MUST have email to register.</q> if you try. The
          coupons and packs are still the customer’s and are used at the service counter as usual.
        </li>
      </ol>

      <h2>Converting a paper book for them</h2>
      <p>
        Converting a paper book puts its unused coupons into a digital pack of the customer, found or created in the
        Customer Info step as above. The Customer Info step already tells you when the chosen customer has no e-mail. When
        the customer has an e-mail and no account yet, the registration e-mail goes out with the conversion; without one,
        the conversion still happens and the page says no registration message was sent, with a link to this page: tell the
        customer their coupons are now kept in the system and are used at the service counter as before. See{' '}
        <Link to={helpPath('paper-conversions')}>Paper Conversions</Link>.
      </p>

      <h2>Verifying redemptions without e-mail</h2>
      <p>
        When a redemption needs the customer’s approval, the request can go by text message to the mobile phone, so a
        customer without e-mail can still approve.
      </p>

      <h2>When they get an e-mail address</h2>
      <ol>
        <li>Open the customer on the Sales page and edit them.</li>
        <li>
          Use <strong>Change Email</strong>: the customer confirms the new address from a verification e-mail before it is
          saved.
        </li>
        <li>
          Then use <strong>Send registration e-mail</strong> (or <strong>Send registration text</strong>, which needs the
          mobile phone); the link is valid for 7 days.
        </li>
      </ol>
    </HelpArticle>
  );
}
