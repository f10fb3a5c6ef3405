// The book's summary: pack, where and when it was sold, on which RO, and whether it is open or converted.
import { formatDateTime, formatLocalDate, type PaperBookView } from '@dealer/contracts';
import { PAPER_TEXTS, locationLabel } from './paper-conversion-texts';

export function BookSummary({ book }: { book: PaperBookView }) {
  const converted = book.status === 'converted';
  return (
    <div className="paper-book-summary">
      <div className="paper-book-heading">
        <h2>
          {PAPER_TEXTS.summaryTitle} {book.bookNumber}
        </h2>
        <span className={`tone-badge tone-${converted ? 'info' : 'success'}`}>{converted ? PAPER_TEXTS.convertedStatus : PAPER_TEXTS.openStatus}</span>
      </div>
      <dl className="paper-book-fields">
        <div>
          <dt>{PAPER_TEXTS.pack_}</dt>
          <dd>{book.packName}</dd>
        </div>
        <div>
          <dt>{PAPER_TEXTS.soldAt}</dt>
          <dd>{locationLabel(book.locationName, book.locationId)}</dd>
        </div>
        <div>
          <dt>{PAPER_TEXTS.soldOn}</dt>
          <dd>{formatLocalDate(book.soldOn)}</dd>
        </div>
        <div>
          <dt>{PAPER_TEXTS.saleRoLabel}</dt>
          <dd>{book.saleRoNumber}</dd>
        </div>
      </dl>
      {book.conversion && (
        <p className="paper-book-converted">
          {PAPER_TEXTS.convertedTo(book.conversion.customerName ?? 'the customer', book.conversion.convertedCount, formatDateTime(book.conversion.convertedAt))}
        </p>
      )}
    </div>
  );
}
