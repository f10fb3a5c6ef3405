// Help "Paper Conversions": how a paper coupon book becomes the customer's digital pack, through the wizard's
// steps (SPEC 2.2: book-number, action, paper-redeem, customer-info, book-conversion).
import { Link } from 'react-router-dom';
import { ComingSoon, HelpArticle } from '../help-article';
import { helpPath } from '../help-topics';

export function PaperConversionsArticle() {
  return (
    <HelpArticle
      slug="paper-conversions"
      related={['paper-redeem', 'not-found-in-system', 'book-ro-not-found', 'customer-no-email']}
      inShort={
        <p>
          Before this system, stores sold printed coupon books with a book number. Converting a book moves its unused coupons
          into the customer’s digital pack, so they are redeemed like any other coupon. After conversion the paper coupons of
          that book can no longer be used, and a book is converted only once.
        </p>
      }
    >
      <ComingSoon>
        The paper conversion wizard (Paper Conversion in the menu) is not built yet: its pages say “not available yet”. Until
        it is, paper books cannot be converted or redeemed in this system. The steps below describe how it will work.
      </ComingSoon>

      <h2>Before you start</h2>
      <ul>
        <li>Have the book in hand: you need its book number and the coupons still in it.</li>
        <li>Know which customer the book belongs to (name and mobile phone; e-mail if they have one).</li>
      </ul>

      <h2>The steps</h2>
      <ol>
        <li>
          <strong>Book number.</strong> Enter the number printed on the book. The system finds the book among the imported
          paper books, or by the RO it was sold on in the DMS data. If it is not found, see{' '}
          <Link to={helpPath('not-found-in-system')}>Not Found In System</Link> or{' '}
          <Link to={helpPath('book-ro-not-found')}>Book RO Not Found</Link>.
        </li>
        <li>
          <strong>Action.</strong> Choose what to do with the book: redeem one paper coupon today (see{' '}
          <Link to={helpPath('paper-redeem')}>Paper Redeem</Link>), or convert the book.
        </li>
        <li>
          <strong>Customer info.</strong> Find the customer, or create them, with the same search and customer dialogs as on
          the Sales page. Check you have the right person before you go on.
        </li>
        <li>
          <strong>Book conversion.</strong> Confirm. The book’s unused coupons become the customer’s digital pack, with the
          pack, location and sale date the book was sold with. If the customer has an e-mail, they get a registration message
          to see their coupons online; if not, see <Link to={helpPath('customer-no-email')}>Customer Without Email</Link>.
        </li>
      </ol>

      <h2>After the conversion</h2>
      <ul>
        <li>The paper coupons of the book are void: tell the customer to keep using the digital coupons instead.</li>
        <li>A coupon that was already torn out and redeemed on paper does not come back.</li>
        <li>Converting the same book again is refused.</li>
      </ul>
    </HelpArticle>
  );
}
