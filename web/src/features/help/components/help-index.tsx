// /employee/help: the help topics for service-lane staff, each with its one-line summary.
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/layouts/page-header';
import { HELP_TOPICS } from './help-topics';
import './help.css';

export function HelpIndex() {
  return (
    <>
      <PageHeader title="Help" description="Answers for the service lane: op codes, repair orders that cannot be found, customers without e-mail and paper coupon books." />
      <section className="panel" aria-label="Help topics">
        <ul className="help-index">
          {HELP_TOPICS.map((t) => (
            <li key={t.slug}>
              <Link to={t.path}>{t.title}</Link>
              <p className="muted">{t.summary}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
