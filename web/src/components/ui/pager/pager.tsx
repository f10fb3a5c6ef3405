// Previous/Next through a paged list ($limit/$offset), with "1-50 of 120" between; hidden when one page holds all.
import './pager.css';

interface PagerProps {
  total: number;
  limit: number;
  offset: number;
  onOffsetChange: (offset: number) => void;
  /** What the list holds, for the navigation's name ('Coupon pages'). */
  label: string;
}

export function Pager({ total, limit, offset, onOffsetChange, label }: PagerProps) {
  if (total <= limit && offset === 0) return null;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="btn btn-sm" disabled={offset === 0} onClick={() => onOffsetChange(Math.max(0, offset - limit))}>
        Previous
      </button>
      <span className="pager-range" aria-live="polite">
        {first}-{last} of {total}
      </span>
      <button type="button" className="btn btn-sm" disabled={last >= total} onClick={() => onOffsetChange(offset + limit)}>
        Next
      </button>
    </nav>
  );
}
