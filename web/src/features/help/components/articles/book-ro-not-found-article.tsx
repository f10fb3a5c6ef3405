// Help "Book RO Not Found": a paper coupon book's sale RO cannot be found in the DMS data.
import { Link } from 'react-router-dom';
import { paths } from '../../../../config/paths';
import { HelpArticle } from '../help-article';
import { helpPath } from '../help-topics';

export function BookRoNotFoundArticle() {
  return (
    <HelpArticle
      slug="book-ro-not-found"
      related={['not-found-in-system', 'paper-conversions', 'coupon-ro-not-found']}
      inShort={
        <p>
          A book the system does not know is found by the RO it was sold on. If that RO is not in the DMS data at the chosen
          location, check the RO number and the location; if they are right, the RO may not have been imported yet or may be
          too old for the imported data. Do not convert or redeem from the book until it is found: ask your manager.
        </p>
      }
    >
      <h2>Why it happens</h2>
      <p>
        Paper books were sold before this system, on an RO in the DMS. When the book number is not in the system, Paper
        Conversion offers <strong>Find by sale RO</strong>: you choose the location that sold the book, the{' '}
        <strong>Sale RO #</strong> and the pack printed on the book, and the system looks for that RO in the imported DMS
        data. The RO is not found when the number or the location is wrong, when the RO has not been imported yet (ROs
        arrive in batches), or when the imported data does not go back far enough to the sale.
      </p>

      <h2>What to check</h2>
      <ol>
        <li>
          <strong>The sale RO number</strong> as written on or in the book, and ask the customer for their receipt if they
          have it.
        </li>
        <li>
          <strong>The location</strong> that sold the book: it may be another store of the group. Choose it in the Location
          list of Find by sale RO.
        </li>
        <li>
          Look for the RO on <Link to={paths.employee.roSearch}>RO Search</Link>, at every location.
        </li>
      </ol>

      <h2>What to do</h2>
      <ul>
        <li>
          If the RO is recent, wait for the next import and try again; the customer keeps the paper book in the meantime.
        </li>
        <li>
          If it still cannot be found, give the book number, the sale RO and the customer’s name to your manager. Books can
          also be imported into the system from the dealership’s records of sold books; then it is found by its book number
          (see <Link to={helpPath('not-found-in-system')}>Not Found In System</Link>).
        </li>
        <li>
          If the system says the pack was not sold at that location, check the pack printed on the book and the location
          again.
        </li>
      </ul>

      <h2>What not to do</h2>
      <ul>
        <li>Do not pick another RO of the customer as the book’s sale RO.</li>
        <li>Do not tear out and honour a paper coupon without recording it: it could be used twice.</li>
      </ul>
    </HelpArticle>
  );
}
