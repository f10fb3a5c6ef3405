// The page a redemption-verification message links to (/verify/redemption/:token): the RO#, the location and
// the expiry, and per op code a choice of Approve or Decline; "Submit answer" sends the customer's answer.
// An unknown or used link, an expired or already final verification shows the server's message and no form.
// The deadline shows while the verification is open ("Answer by") or once it expired ("Expired").
// /verify shows the same answer for each open verification of the signed-in customer, without a token.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import {
  REDEMPTION_MESSAGES,
  UNKNOWN_ERROR,
  formatDateTime,
  locationLabel,
  type PublicRedemptionVerification,
  type VerificationOpCode,
} from '@dealer/contracts';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { messagesOf } from '../../../lib/api-error';
import { useAnswerVerification } from '../api/answer-verification';
import { deadlineLabel } from './deadline-label';
import { useVerificationByToken } from '../api/get-verification-by-token';
import './redemption-answer.css';

export const REDEMPTION_ANSWER_TEXTS = {
  intro: 'Your service advisor asks you to approve or decline each of these services on your repair order.',
  approve: 'Approve',
  decline: 'Decline',
  submit: 'Submit answer',
  unanswered: 'Please choose Approve or Decline.',
  thanks: 'Thank you. Your answer has been sent to your service advisor.',
  approved: 'Approved',
  declined: 'Declined',
  none: 'None',
} as const;

type Choice = 'approved' | 'declined';

const answersSchema = v.object({
  answers: v.array(
    v.pipe(
      v.string(),
      v.check((s) => s === 'approved' || s === 'declined', REDEMPTION_ANSWER_TEXTS.unanswered),
      v.transform((s) => s as Choice),
    ),
  ),
});


const opCodeName = (o: VerificationOpCode) => (o.description ? `${o.opCode} – ${o.description}` : o.opCode);

function Facts({ verification }: { verification: PublicRedemptionVerification }) {
  const deadline = deadlineLabel(verification);
  return (
    <dl className="redemption-facts">
      <div>
        <dt>RO#</dt>
        <dd>{verification.roNumber}</dd>
      </div>
      <div>
        <dt>Location</dt>
        <dd>{locationLabel(verification)}</dd>
      </div>
      {deadline && (
        <div>
          <dt>{deadline}</dt>
          <dd>{formatDateTime(verification.expires)}</dd>
        </div>
      )}
    </dl>
  );
}

function AnswerList({ title, items }: { title: string; items: VerificationOpCode[] }) {
  return (
    <section className="redemption-result-group" aria-label={title}>
      <h2>{title}</h2>
      {items.length === 0 ? (
        <p className="muted">{REDEMPTION_ANSWER_TEXTS.none}</p>
      ) : (
        <ul>
          {items.map((o) => (
            <li key={o.opCode}>{opCodeName(o)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** After the answer: what the server recorded, per op code. */
function AnswerRecorded({ verification }: { verification: PublicRedemptionVerification }) {
  const byAnswer = (answer: VerificationOpCode['answer']) => verification.opCodes.filter((o) => o.answer === answer);
  return (
    <div className="redemption-result">
      <p className="alert alert-success redemption-result-message" role="status">
        {REDEMPTION_ANSWER_TEXTS.thanks}
      </p>
      <AnswerList title={REDEMPTION_ANSWER_TEXTS.approved} items={byAnswer('approved')} />
      <AnswerList title={REDEMPTION_ANSWER_TEXTS.declined} items={byAnswer('declined')} />
    </div>
  );
}

function AnswerForm({
  token,
  verification,
  answer,
}: {
  /** The link's token; none when the signed-in customer answers their own verification. */
  token: string | null;
  verification: PublicRedemptionVerification;
  answer: ReturnType<typeof useAnswerVerification>;
}) {
  const opCodes = verification.opCodes;
  const idPrefix = useId();
  const form = useForm<v.InferInput<typeof answersSchema>, unknown, v.InferOutput<typeof answersSchema>>({
    resolver: valibotResolver(answersSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { answers: opCodes.map(() => '') },
  });
  const errors = form.formState.errors.answers;
  const submit = form.handleSubmit(({ answers }) => {
    const chosen = (choice: Choice) => opCodes.filter((_, i) => answers[i] === choice).map((o) => o.opCode);
    answer.mutate({
      codeId: verification.redemptionVerificationId,
      ...(token === null ? {} : { code: token }),
      reply: { approvedOpCodes: chosen('approved'), declinedOpCodes: chosen('declined') },
    });
  });

  if (answer.isSuccess) return <AnswerRecorded verification={answer.data} />;

  // SPEC 8 'Submit code failure': the first error string, or 'Unknown error.'.
  const failure = answer.error ? (answer.error.messages[0] ?? UNKNOWN_ERROR) : null;
  return (
    <form noValidate onSubmit={submit} aria-busy={answer.isPending} className="redemption-form">
      <p>{REDEMPTION_ANSWER_TEXTS.intro}</p>
      {opCodes.map((o, i) => {
        const error = errors?.[i]?.message;
        const errorId = `${idPrefix}-opcode-${i}-error`;
        return (
          <fieldset
            key={o.opCode}
            className={error ? 'redemption-opcode has-error' : 'redemption-opcode'}
            aria-describedby={error ? errorId : undefined}
            disabled={answer.isPending}
          >
            <legend>
              <span className="redemption-opcode-code">{o.opCode}</span>
              {/* The space keeps code and description apart in the group's accessible name. */}
              {o.description && <> <span className="redemption-opcode-description">{o.description}</span></>}
            </legend>
            <div className="redemption-choices">
              <label className="redemption-choice is-approve">
                <input type="radio" value="approved" {...form.register(`answers.${i}`)} />
                {REDEMPTION_ANSWER_TEXTS.approve}
              </label>
              <label className="redemption-choice is-decline">
                <input type="radio" value="declined" {...form.register(`answers.${i}`)} />
                {REDEMPTION_ANSWER_TEXTS.decline}
              </label>
            </div>
            {error && (
              <p id={errorId} className="field-error">
                {error}
              </p>
            )}
          </fieldset>
        );
      })}
      {errors && (
        <p className="alert alert-danger redemption-form-alert" role="alert">
          {REDEMPTION_MESSAGES.answerIncomplete}
        </p>
      )}
      {failure && (
        <p className="alert alert-danger redemption-form-alert" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn-primary redemption-submit" disabled={answer.isPending}>
        {answer.isPending && <Spinner size="sm" label="Sending..." />}
        {REDEMPTION_ANSWER_TEXTS.submit}
      </button>
    </form>
  );
}

/** Facts and answer of one verification already loaded (what /verify lists), or its final state. */
function VerificationAnswer({ token, verification, answer }: { token: string | null; verification: PublicRedemptionVerification; answer: ReturnType<typeof useAnswerVerification> }) {
  const formKey = verification.opCodes.map((o) => o.opCode).join('|');
  return (
    <>
      <Facts verification={answer.data ?? verification} />
      {verification.isFinal && !answer.isSuccess ? (
        <p className="alert alert-danger" role="alert">
          {verification.errorMessage ?? REDEMPTION_MESSAGES.linkInvalid}
        </p>
      ) : (
        <AnswerForm key={formKey} token={token} verification={verification} answer={answer} />
      )}
    </>
  );
}

/** The signed-in customer's answer to one of their own open verifications (no link token). */
export function OwnRedemptionAnswer({ verification, onAnswered }: { verification: PublicRedemptionVerification; onAnswered?: () => void }) {
  const answer = useAnswerVerification({ onSuccess: () => onAnswered?.() });
  return (
    <div className="redemption-answer">
      <VerificationAnswer token={null} verification={verification} answer={answer} />
    </div>
  );
}

export function RedemptionAnswer({ token }: { token: string }) {
  const query = useVerificationByToken(token);
  // The answer's mutation lives here: once answered, the facts show the verification as recorded.
  const answer = useAnswerVerification();

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div className="redemption-loading">
        <Spinner label="Loading your verification..." />
      </div>
    );
  } else if (query.isError) {
    content = (
      <p className="alert alert-danger" role="alert">
        {messagesOf(query.error)[0] ?? UNKNOWN_ERROR}
      </p>
    );
  } else {
    content = <VerificationAnswer token={token} verification={query.data} answer={answer} />;
  }
  return <div className="redemption-answer">{content}</div>;
}
