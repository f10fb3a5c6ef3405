// The wizard's five steps (SPEC 2.2) as an ordered list of links: the current one is marked aria-current="step",
// steps that need what is not known yet (a found book, a chosen customer) are plain text.
import { Link } from 'react-router-dom';
import { PAPER_TEXTS } from './paper-conversion-texts';
import { STEPS, STEP_TITLES, stepHref, stepReachable, type PaperStep, type WizardState } from './wizard-state';

/** The steps behind the current one on its path: redeeming and converting are two branches after Action. */
function stepDone(step: PaperStep, current: PaperStep): boolean {
  const path: readonly PaperStep[] = current === 'paper-redeem' ? ['book-number', 'action'] : ['book-number', 'action', 'customer-info'];
  return step !== current && path.includes(step) && STEPS.indexOf(step) < STEPS.indexOf(current);
}

interface StepBarProps {
  current: PaperStep;
  state: WizardState;
  bookFound: boolean;
}

export function StepBar({ current, state, bookFound }: StepBarProps) {
  const index = STEPS.indexOf(current);
  return (
    <nav className="paper-steps" aria-label={PAPER_TEXTS.steps}>
      {/* On a narrow screen the bar shows only the numbers: this line names the current step. */}
      <p className="paper-steps-count" aria-hidden="true">
        {PAPER_TEXTS.stepOf(index + 1, STEPS.length, STEP_TITLES[current])}
      </p>
      <ol>
        {STEPS.map((step, i) => {
          const isCurrent = step === current;
          const content = (
            <>
              <span className="paper-step-number" aria-hidden="true">
                {i + 1}
              </span>
              <span className="paper-step-title">{STEP_TITLES[step]}</span>
            </>
          );
          const className = `paper-step${isCurrent ? ' is-current' : ''}${stepDone(step, current) ? ' is-done' : ''}`;
          return (
            <li key={step} className={className}>
              {isCurrent ? (
                <Link to={stepHref(step, state)} aria-current="step" className="paper-step-link">
                  {content}
                </Link>
              ) : stepReachable(step, state, bookFound) ? (
                <Link to={stepHref(step, state)} className="paper-step-link">
                  {content}
                </Link>
              ) : (
                <span className="paper-step-link is-unavailable">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
