// The offer of a draft an earlier session of this form left behind (issue 23): "You have unsaved changes from
// 3 minutes ago" (the shared time-ago, exact time on hover and for screen readers) with Restore and Discard.
import { FORM_DRAFT_TEXTS } from '@dealer/contracts';
import { TimeAgo } from '../../../components/ui/time-ago/time-ago';
import type { FormDraft } from '../hooks/use-form-draft';

export function DraftRestorePrompt({ draft, className }: { draft: FormDraft; className?: string }) {
  if (!draft.offer) return null;
  return (
    <div className={className ? `alert alert-info draft-prompt ${className}` : 'alert alert-info draft-prompt'} role="status">
      <p className="draft-prompt-text">
        <TimeAgo value={draft.offer.savedAt} prefix={FORM_DRAFT_TEXTS.unsavedPrefix} />
      </p>
      <div className="draft-prompt-actions">
        <button type="button" className="btn btn-primary btn-sm" onClick={draft.restore}>
          {FORM_DRAFT_TEXTS.restore}
        </button>
        <button type="button" className="btn btn-sm" onClick={draft.discard}>
          {FORM_DRAFT_TEXTS.discard}
        </button>
      </div>
    </div>
  );
}
