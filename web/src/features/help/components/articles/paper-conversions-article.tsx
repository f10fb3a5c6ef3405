// Help "Paper Conversions": how a paper coupon book becomes the customer's digital pack, through the wizard's
// steps (SPEC 2.2: book-number, action, paper-redeem, customer-info, book-conversion).
import { Link } from 'react-router-dom';
import { paths } from '../../../../config/paths';
import { HelpArticle } from '../help-article';
import { helpPath } from '../help-topics';

export function PaperConversionsArticle() {
  return (
    <HelpArticle
      slug="paper-conversions"
      related={['paper-redeem', 'not-found-in-system', 'book-ro-not-found', 'customer-no-email']}
      inShort={
        <p>
          Before this system, stores sold printed coupon books with a book number. Converting a book moves its unused coupons
          that have not expired into the customer’s digital pack, so they are redeemed like any other coupon. After the
          conversion the paper coupons of that book can no longer be used, and a book is converted only once.
        </p>
      }
    >
      <h2>Before you start</h2>
      <ul>
        <li>Have the book in hand: you need its book number and the coupons still in it.</li>
        <li>Know which customer the book belongs to (name and mobile phone; e-mail if they have one).</li>
      </ul>

      <h2>The steps</h2>
      <p>
        Open <Link to={paths.employee.paperConversion}>Paper Conversion</Link> in the menu. The bar at the top shows the five
        steps and where you are; the address keeps the book and the customer, so reloading the page or going back keeps your
        place.
      </p>
      <ol>
        <li>
          <strong>Book Number.</strong> Enter the number printed on the book (letters, digits and dashes, such as PB-10001)
          and press <strong>Find book</strong>. If the system does not know the book, it says so: press{' '}
          <strong>Find by sale RO</strong> and choose the location that sold the book, its <strong>Sale RO #</strong> and the
          <strong> pack</strong> printed on the book. The book is then found in the DMS data and added. See{' '}
          <Link to={helpPath('not-found-in-system')}>Not Found In System</Link> and, if the sale RO is not found,{' '}
          <Link to={helpPath('book-ro-not-found')}>Book RO Not Found</Link>.
        </li>
        <li>
          <strong>Action.</strong> Check the book: its pack, where and when it was sold, the sale RO, and each coupon with its
          expiry and status (available, redeemed with the RO, expired). Then choose <strong>Redeem a paper coupon</strong>{' '}
          (see <Link to={helpPath('paper-redeem')}>Paper Redeem</Link>) or <strong>Convert the book to a digital pack</strong>.
          A choice the book does not allow is greyed out with the reason, for example when the book was converted already or
          no coupon is left to use.
        </li>
        <li>
          <strong>Customer Info.</strong> Press <strong>Search customers</strong> to find the customer by phone, e-mail or RO
          number, or <strong>Create New Customer</strong> to add them with the same form as on the Sales page (it warns you
          about customers who may already exist). Check the name, e-mail and phone shown, then press <strong>Next</strong>.
        </li>
        <li>
          <strong>Book Conversion.</strong> The page lists the coupons that will move and the customer. Press{' '}
          <strong>Convert book</strong>. The coupons become the customer’s digital pack, with the pack, location, sale RO and
          sale date of the book and each coupon’s own expiry; no money is taken, it was paid on paper.
        </li>
      </ol>

      <h2>After the conversion</h2>
      <ul>
        <li>
          The page says how many coupons moved. If the customer has an e-mail and no online account yet, a registration
          e-mail was sent so they can see their coupons online; if they already have an account, the coupons are there now.
          Without an e-mail, no message is sent: see <Link to={helpPath('customer-no-email')}>Customer Without Email</Link>.
        </li>
        <li>
          <strong>Go to Sales</strong> opens the Sales page with the customer selected: the converted coupons are in their
          Coupons panel and the pack in their purchase history.
        </li>
        <li>The paper coupons of the book are void: tell the customer to use the digital coupons instead.</li>
        <li>Coupons already redeemed on paper, or expired, are not moved and do not come back.</li>
        <li>Converting the same book again is refused.</li>
      </ul>
    </HelpArticle>
  );
}
