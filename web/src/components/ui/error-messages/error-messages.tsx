// The messages of a failed request (SPEC 8: the server's errors array, else its fallbacks), one paragraph each.
import { messagesOf } from '../../../lib/api-error';

export function ErrorMessages({ error, className }: { error: unknown; className?: string }) {
  return (
    <div className={className} role="alert">
      {messagesOf(error).map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}
