// RO number with an info popover ('{type} Info': Location, RO#, long date) after a 300 ms hover delay.
import { useEffect, useId, useRef, useState } from 'react';
import { formatLongDate, TIMINGS, type CustomerSearchResult } from '@dealer/contracts';

export function RoInfoPopover({ result }: { result: CustomerSearchResult }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!result.soldDMSNumber) return <span>-</span>;
  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), TIMINGS.popoverDelayMs);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  return (
    <span className="ro-info" onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide}>
      <span tabIndex={0} aria-describedby={open ? id : undefined} className="ro-info-number">
        {result.soldDMSNumber}
      </span>
      {open && (
        <span role="tooltip" id={id} className="ro-info-popover">
          <strong className="ro-info-title">{result.searchType} Info</strong>
          <span>Location: {result.soldLocationName ?? '-'}</span>
          <span>RO#: {result.soldDMSNumber}</span>
          <span>Date: {formatLongDate(result.soldDate) || '-'}</span>
        </span>
      )}
    </span>
  );
}
