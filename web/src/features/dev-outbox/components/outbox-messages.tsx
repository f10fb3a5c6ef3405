// Outbox messages as a table (To, Channel, Subject, Body, Time), or cards on mobile.
import { formatPhone } from '@dealer/contracts';
import { TimeAgo } from '../../../components/ui/time-ago/time-ago';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import type { OutboxMessage } from '../api/get-outbox-messages';

const CHANNEL_LABELS: Record<OutboxMessage['channel'], string> = { email: 'Email', sms: 'SMS' };

/** Texts go to a phone, shown in SPEC 5's (xxx) xxx-xxxx. */
const recipientOf = (m: OutboxMessage) => (m.channel === 'sms' ? formatPhone(m.to) : m.to);

export function OutboxMessages({ messages }: { messages: OutboxMessage[] }) {
  const isMobile = useIsMobile();
  if (isMobile)
    return (
      <ul className="card-list" aria-label="Messages">
        {messages.map((m) => (
          <li key={m.messageId} className="card">
            <strong>{m.subject || CHANNEL_LABELS[m.channel]}</strong>
            <dl className="card-fields">
              <dt>To</dt>
              <dd>{recipientOf(m)}</dd>
              <dt>Channel</dt>
              <dd>{CHANNEL_LABELS[m.channel]}</dd>
              <dt>Time</dt>
              <dd>
                <TimeAgo value={m.time} />
              </dd>
            </dl>
            <p className="outbox-body">{m.body}</p>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Messages, newest first</caption>
        <thead>
          <tr>
            <th scope="col">To</th>
            <th scope="col">Channel</th>
            <th scope="col">Subject</th>
            <th scope="col">Body</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((m) => (
            <tr key={m.messageId}>
              <td className="nowrap">{recipientOf(m)}</td>
              <td>{CHANNEL_LABELS[m.channel]}</td>
              <td>{m.subject || '-'}</td>
              <td className="outbox-body">{m.body}</td>
              <td className="nowrap">
                <TimeAgo value={m.time} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
