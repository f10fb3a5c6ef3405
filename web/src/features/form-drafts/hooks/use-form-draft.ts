// A long form's server-side draft (SPEC 4 form cache; decision 0082). When the form opens, its draft is created or
// loaded; the form's values are autosaved 1000 ms (TIMINGS.autosaveDebounceMs) after the last change; when the form
// closes (unmounts: Cancel, a successful save) the draft is deleted; saving marks it submitting. A draft an earlier
// session left behind (a crash, a closed tab) is offered: `offer` until the person picks Restore or Discard, and
// nothing is autosaved over it meanwhile; closing the form before answering keeps it on offer. The browser's list of open forms (SPEC 3) follows the open drafts.
// Drafts are a help, never a gate: when the server cannot keep one, the form works as before.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  draftValuesOf,
  draftWorthRestoring,
  parseOpenForms,
  TIMINGS,
  withOpenForm,
  withoutOpenForm,
  type FormDraftOpening,
  type FormDraftValues,
  type FormDraftView,
} from '@dealer/contracts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { deleteFormDraft, markFormDraft, openFormDraft, saveFormDraft } from '../api/form-drafts';

export interface FormDraftOffer {
  /** When the offered values were saved (ISO). */
  savedAt: string;
  values: FormDraftValues;
}

export interface FormDraft {
  /** A draft left by an earlier session of this form, until Restore or Discard. */
  offer: FormDraftOffer | null;
  /** Fills the form with the offered values (through the form's onRestore). */
  restore: () => void;
  /** Deletes the offered draft; the form keeps a fresh one. */
  discard: () => void;
  /** Saving the form: true before the save is sent, false again when it failed. */
  submitting: (isSubmitting: boolean) => void;
}

export interface FormDraftOptions {
  /** Which form on which object; null keeps no draft (e.g. a person the drafts are not for). */
  opening: FormDraftOpening | null;
  /** The form's current values (any shape: the form's own fields are kept, each as its kind). */
  values: Record<string, unknown>;
  /** Puts restored values into the form. */
  onRestore: (values: FormDraftValues) => void;
  /**
   * Whether the person changed the form (react-hook-form's isDirty); without it, any change from the values the
   * form opened with counts, presets made by the form itself included.
   */
  dirty?: boolean;
}

const ignore = () => undefined;

function rememberOpenForm(view: FormDraftView): void {
  const t = view.objectCacheToken;
  const list = parseOpenForms(readStorage(STORAGE_KEYS.openForms));
  const entry = { objectCacheId: t.objectCacheId, formId: t.formId, objectCacheModelId: t.objectCacheModelId, parentKey: t.parentKey, openedAt: new Date().toISOString() };
  writeStorage(STORAGE_KEYS.openForms, JSON.stringify(withOpenForm(list, entry)));
}

function forgetOpenForm(objectCacheId: string): void {
  const list = withoutOpenForm(parseOpenForms(readStorage(STORAGE_KEYS.openForms)), objectCacheId);
  writeStorage(STORAGE_KEYS.openForms, list.length > 0 ? JSON.stringify(list) : null);
}

/** The identity of a form's draft: a change (another object) closes one draft and opens another. */
const identityOf = (o: FormDraftOpening | null) => (o ? JSON.stringify([o.formId, o.objectCacheModelId, o.parentCacheModelId, o.parentKey, o.isObjectNew]) : null);

export function useFormDraft({ opening, values, onRestore, dirty }: FormDraftOptions): FormDraft {
  const identity = identityOf(opening);
  const formId = opening?.formId ?? null;
  const current = formId ? JSON.stringify(draftValuesOf(formId, values)) : '';
  const [draft, setDraft] = useState<{ id: string; offer: FormDraftOffer | null } | null>(null);

  const latest = useRef({ opening, current, onRestore });
  latest.current = { opening, current, onRestore };
  /** The values the form had when it opened (or its draft was discarded): not autosaved until changed. */
  const baseline = useRef<string | null>(null);
  const lastSaved = useRef<string | null>(null);
  const openId = useRef<string | null>(null);
  /** Counts the form's openings: a draft opened for an earlier one (closed since) is not this one's. */
  const session = useRef(0);
  /**
   * Opens and deletes run one after another: the same form opened again at once (React's development double
   * mount, a quick close and reopen) finds the same draft, which an earlier opening's clean-up must not delete
   * under it.
   */
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const queued = useRef(0);
  const queue = useCallback((step: () => Promise<unknown>) => {
    const run = () =>
      step()
        .catch(ignore)
        .finally(() => {
          queued.current -= 1;
        });
    queued.current += 1;
    // Nothing running: start now (a form closing as the page goes sends its delete at once).
    chain.current = queued.current === 1 ? run() : chain.current.then(run);
  }, []);
  const offerRef = useRef<FormDraftOffer | null>(null);
  offerRef.current = draft?.offer ?? null;

  const openDraft = useCallback(() => {
    const o = latest.current.opening;
    if (!o) return;
    const mine = session.current;
    const isCurrent = () => session.current === mine;
    baseline.current = latest.current.current;
    lastSaved.current = null;
    queue(() =>
      openFormDraft(o).then((view) => {
        const id = view.objectCacheToken.objectCacheId;
        // Closed while opening: a draft this opening made goes at once; one left from before stays on offer.
        if (!isCurrent()) return view.existed ? undefined : deleteFormDraft(id);
        openId.current = id;
        rememberOpenForm(view);
        const offered = draftWorthRestoring(view) && view.values && view.savedAt ? { savedAt: view.savedAt, values: view.values } : null;
        setDraft({ id, offer: offered });
        return undefined;
      }),
    );
  }, [queue]);

  // Open when the form opens (or names another object); delete when it closes, unless the person has not yet
  // answered the offer of a draft left from before (closing the form is not Discard).
  useEffect(() => {
    if (identity === null) return;
    session.current += 1;
    openDraft();
    return () => {
      session.current += 1;
      const id = openId.current;
      const undecided = offerRef.current !== null;
      openId.current = null;
      setDraft(null);
      if (id) {
        forgetOpenForm(id);
        if (!undecided) queue(() => deleteFormDraft(id));
      }
    };
  }, [identity, openDraft, queue]);

  // The autosave: TIMINGS.autosaveDebounceMs after the last change, never over an offered draft.
  useEffect(() => {
    if (!draft || draft.offer || !formId) return;
    if (current === lastSaved.current) return;
    // Once something was kept, every later change is kept too (a change back included).
    const changed = lastSaved.current !== null || (dirty ?? current !== baseline.current);
    if (!changed) return;
    const id = draft.id;
    const timer = setTimeout(() => {
      lastSaved.current = current;
      saveFormDraft(id, formId, JSON.parse(current) as FormDraftValues).catch(() => {
        // Not kept (gone, or the network): the next change tries again.
        lastSaved.current = null;
      });
    }, TIMINGS.autosaveDebounceMs);
    return () => clearTimeout(timer);
  }, [current, draft, formId, dirty]);

  const restore = useCallback(() => {
    const offer = offerRef.current;
    if (!offer) return;
    latest.current.onRestore(offer.values);
    setDraft((d) => (d ? { id: d.id, offer: null } : d));
  }, []);

  const discard = useCallback(() => {
    const id = openId.current;
    if (!id) return;
    openId.current = null;
    forgetOpenForm(id);
    setDraft(null);
    // The offered draft goes; the form, still open, keeps a fresh one from here on.
    const mine = session.current;
    queue(() => deleteFormDraft(id));
    queue(async () => {
      if (session.current === mine) openDraft();
    });
  }, [openDraft, queue]);

  const submitting = useCallback((isSubmitting: boolean) => {
    const id = openId.current;
    if (id) void markFormDraft(id, isSubmitting).catch(ignore);
  }, []);

  return { offer: draft?.offer ?? null, restore, discard, submitting };
}
