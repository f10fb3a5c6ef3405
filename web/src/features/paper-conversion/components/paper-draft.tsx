// The paper conversion wizard's draft (SPEC 4 form cache; decision 0082): where the wizard stood (step, book,
// customer) survives a crash or a closed tab. The wizard's steps are separate routes, so the draft is kept by the
// layout around them (it closes when the person leaves the wizard) and lent to the steps through this context.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { FormDraftOpening } from '@dealer/contracts';
import { DraftRestorePrompt } from '../../form-drafts/components/draft-restore-prompt';
import { useFormDraft, type FormDraft } from '../../form-drafts/hooks/use-form-draft';
import { readWizardState, stepHref, STEPS, type PaperStep } from './wizard-state';

const PaperDraftContext = createContext<FormDraft | null>(null);

const OPENING: FormDraftOpening = { formId: 'paper-conversion', objectCacheModelId: null, parentCacheModelId: null, parentKey: null, isObjectNew: true };

const stepOf = (pathname: string): PaperStep => {
  const last = pathname.split('/').filter(Boolean).at(-1) ?? '';
  return (STEPS as readonly string[]).includes(last) ? (last as PaperStep) : 'book-number';
};

export function PaperDraftProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const state = readWizardState(query);
  const step = stepOf(pathname);
  const values = useMemo(() => ({ step, book: state.book, customer: state.customer }), [step, state.book, state.customer]);
  const draft = useFormDraft({
    opening: OPENING,
    values,
    // A wizard with a book entered is worth keeping.
    dirty: state.book !== null,
    onRestore: (v) => {
      const restoredStep = typeof v.step === 'string' && (STEPS as readonly string[]).includes(v.step) ? (v.step as PaperStep) : 'book-number';
      const book = typeof v.book === 'string' ? v.book : null;
      const customer = typeof v.customer === 'string' ? v.customer : null;
      // The wizard checks the address as always: a book it does not find goes back to book-number.
      navigate(stepHref(restoredStep, readWizardState(new URLSearchParams({ ...(book ? { book } : {}), ...(customer ? { customer } : {}) }))));
    },
  });
  return <PaperDraftContext.Provider value={draft}>{children}</PaperDraftContext.Provider>;
}

/** The offer of the wizard's draft a crash left, where the wizard shows it (nothing outside the provider). */
export function PaperDraftPrompt() {
  const draft = useContext(PaperDraftContext);
  return draft ? <DraftRestorePrompt draft={draft} /> : null;
}
