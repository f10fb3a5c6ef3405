// A correlation id shown short, with the full id on hover and a button that copies it.
import { toast } from '../../../components/ui/toaster/toast-store';

export function CorrelationId({ id }: { id: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      toast.success('Correlation id copied.');
    } catch {
      toast.error(`Could not copy the correlation id. It is ${id}.`);
    }
  };
  return (
    <span className="history-correlation">
      <code title={id}>{id.slice(0, 8)}</code>
      <button type="button" className="btn btn-ghost btn-sm" aria-label={`Copy correlation id ${id}`} title="Copy the full correlation id" onClick={() => void copy()}>
        Copy
      </button>
    </span>
  );
}
