// Help "Not Found In System": a paper coupon book that the system does not know.
import { Link } from 'react-router-dom';
import { HelpArticle } from '../help-article';
import { helpPath } from '../help-topics';

export function NotFoundInSystemArticle() {
  return (
    <HelpArticle
      slug="not-found-in-system"
      related={['book-ro-not-found', 'paper-conversions', 'paper-redeem']}
      inShort={
        <p>
          The book number is not among the paper books in the system. Check the number; then press{' '}
          <strong>Find by sale RO</strong> and find the book by the RO it was sold on. If neither works, the book cannot be
          used yet: keep it with the customer and hand the details to your manager.
        </p>
      }
    >
      <h2>Why it happens</h2>
      <p>
        Paper books get into the system in two ways: the dealership imports its records of sold books, or a book is found
        by its sale RO in the DMS data. A book that was never imported, and was not found by its sale RO yet, is unknown.
      </p>

      <h2>What to check</h2>
      <ol>
        <li>
          <strong>The book number</strong>, as printed on the book’s cover or on each coupon. Look for swapped digits and
          leading zeros. Upper or lower case does not matter.
        </li>
        <li>
          <strong>The sale RO</strong>: press <strong>Find by sale RO</strong> under the message, then choose the
          <strong> Location</strong> that sold the book, type the <strong>Sale RO #</strong> and choose the{' '}
          <strong>Pack</strong> printed on the book. Press Find by sale RO again: when the RO is in the DMS data, the book is
          added to the system with that pack and its coupons, and you go on to choose what to do with it. If the RO is not
          found, see <Link to={helpPath('book-ro-not-found')}>Book RO Not Found</Link>.
        </li>
      </ol>

      <h2>What to do</h2>
      <ul>
        <li>
          If neither the number nor the sale RO finds the book, tell the customer the book will be looked into, and let them
          keep it. Give your manager the book number, the sale RO if known, where and when the customer says it was bought,
          and the customer’s name and phone.
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
