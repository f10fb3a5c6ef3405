// SPEC 9 time-ago ('just now', minutes, hours, then the date), with the exact time on hover and for screen readers.
import { formatDateTime, timeAgo } from '@dealer/contracts';

export function TimeAgo({ value }: { value: string }) {
  const exact = formatDateTime(value);
  return (
    <time dateTime={value} title={exact}>
      <span aria-hidden="true">{timeAgo(value)}</span>
      <span className="visually-hidden">{exact}</span>
    </time>
  );
}
