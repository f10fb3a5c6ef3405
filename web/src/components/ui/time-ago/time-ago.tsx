// When something happened, as SPEC 9's time-ago ('just now', '5 minutes ago', '3 hours ago', then the
// date), in a <time> element: the exact time is its dateTime, its title (on hover) and, for screen
// readers, visually hidden text after the relative words. The words follow the clock (every 30 s).
import { formatDateTime, timeAgo } from '@dealer/contracts';
import { useNow } from '../../../hooks/use-now';

const REFRESH_MS = 30_000;

export function TimeAgo({ value, prefix, className }: { value: string | number | Date | null | undefined; prefix?: string; className?: string }) {
  const now = useNow(REFRESH_MS);
  const date = value == null || value === '' ? null : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return <span className={className}>-</span>;
  const exact = formatDateTime(date, { seconds: true });
  const words = timeAgo(date, new Date(now));
  return (
    <time dateTime={date.toISOString()} title={exact} className={className ? `time-ago ${className}` : 'time-ago'}>
      <span>{prefix ? `${prefix} ${words}` : words}</span>
      <span className="visually-hidden">{`, ${exact}`}</span>
    </time>
  );
}
