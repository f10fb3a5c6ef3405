// RO number with an info popover ('{type} Info': Location, RO#, long date) after a 300 ms hover delay.
// The popover is drawn at the page level, so a scrolling result table or a modal does not clip it.
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { formatLongDate, TIMINGS, type CustomerSearchResult } from '@dealer/contracts';

const GAP_PX = 6;
const WIDTH_PX = 280;

export function RoInfoPopover({ result }: { result: CustomerSearchResult }) {
  const [position, setPosition] = useState<CSSProperties | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const anchor = useRef<HTMLSpanElement>(null);
  const id = useId();
  useEffect(() => () => clearTimeout(timer.current), []);
  // Scrolling moves the anchor away from a fixed popover: close it.
  useEffect(() => {
    if (!position) return;
    const hide = () => setPosition(null);
    window.addEventListener('scroll', hide, true);
    return () => window.removeEventListener('scroll', hide, true);
  }, [position]);

  if (!result.soldDMSNumber) return <span>-</span>;
  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const rect = anchor.current?.getBoundingClientRect();
      if (!rect) return;
      const left = Math.max(8, Math.min(rect.left, window.innerWidth - WIDTH_PX - 8));
      setPosition({ top: rect.bottom + GAP_PX, left });
    }, TIMINGS.popoverDelayMs);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setPosition(null);
  };
  return (
    <span className="ro-info" onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide}>
      <span ref={anchor} tabIndex={0} aria-describedby={position ? id : undefined} className="ro-info-number">
        {result.soldDMSNumber}
      </span>
      {position &&
        createPortal(
          <span role="tooltip" id={id} className="ro-info-popover" style={position}>
            <strong className="ro-info-title">{result.searchType} Info</strong>
            <span>Location: {result.soldLocationName ?? '-'}</span>
            <span>RO#: {result.soldDMSNumber}</span>
            <span>Date: {formatLongDate(result.soldDate) || '-'}</span>
          </span>,
          document.body,
        )}
    </span>
  );
}
