// Help "Not Found In System": a paper coupon book that the system does not know.
import { Link } from 'react-router-dom';
import { ComingSoon, HelpArticle } from '../help-article';
import { helpPath } from '../help-topics';

export function NotFoundInSystemArticle() {
  return (
    <HelpArticle
      slug="not-found-in-system"
      related={['book-ro-not-found', 'paper-conversions', 'paper-redeem']}
      inShort={
        <p>
          The book number is not among the paper books in the system. Check the number; then find the book by the RO it was
          sold on. If neither works, the book cannot be used yet: keep it with the customer and hand the details to your
          manager.
        </p>
      }
    >
      <ComingSoon>
        The paper conversion wizard is still being built (its pages say “not available yet”). This page explains what to do
        when it does not know a book.
      </ComingSoon>

      <h2>Why it happens</h2>
      <p>
        Paper books get into the system in two ways: the dealership imports its records of sold books, or a book is found
        by its sale RO in the DMS data. A book that was never imported, and whose sale RO cannot be found, is unknown.
      </p>

      <h2>What to check</h2>
      <ol>
        <li>
          <strong>The book number</strong>, as printed on the book’s cover or on each coupon. Look for swapped digits and
          leading zeros.
        </li>
        <li>
          <strong>The sale RO</strong>: if the customer or the book has it, look the book up by that RO instead (see{' '}
          <Link to={helpPath('book-ro-not-found')}>Book RO Not Found</Link> if that fails too).
        </li>
      </ol>

      <h2>What to do</h2>
      <ul>
        <li>
          Tell the customer the book will be looked into, and let them keep it. Give your manager the book number, the sale
          RO if known, where and when the customer says it was bought, and the customer’s name and phone.
        </li>
        <li>
          Paper books are imported from the dealership’s records of sold books; once the book is added that way, it can be
          redeemed or converted.
        </li>
      </ul>

      <h2>What not to do</h2>
      <ul>
        <li>Do not convert the coupons of an unknown book by hand into a new pack sale.</li>
        <li>Do not honour a paper coupon from an unknown book without your manager’s approval.</li>
      </ul>
    </HelpArticle>
  );
}
