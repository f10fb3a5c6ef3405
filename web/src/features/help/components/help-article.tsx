// Frame of one help page: the heading, a short "in short" answer, the article's sections, and links to the
// related topics and back to the index.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/layouts/page-header';
import { paths } from '../../../config/paths';
import { helpTopic, type HelpSlug } from './help-topics';
import './help.css';

interface HelpArticleProps {
  slug: HelpSlug;
  /** The answer in one or two sentences, shown first. */
  inShort: ReactNode;
  related?: readonly HelpSlug[];
  children: ReactNode;
}

export function HelpArticle({ slug, inShort, related = [], children }: HelpArticleProps) {
  const topic = helpTopic(slug);
  return (
    <>
      <PageHeader title={`Help: ${topic.title}`} description={topic.summary} />
      <article className="panel help-article" aria-labelledby={`help-${slug}-short`}>
        <div className="help-in-short">
          <h2 id={`help-${slug}-short`}>In short</h2>
          <div>{inShort}</div>
        </div>
        {children}
        <nav className="help-related" aria-label="Related help">
          {related.length > 0 && (
            <>
              <h2>Related help</h2>
              <ul>
                {related.map((r) => (
                  <li key={r}>
                    <Link to={helpTopic(r).path}>{helpTopic(r).title}</Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          <p>
            <Link to={paths.employee.help}>All help topics</Link>
          </p>
        </nav>
      </article>
    </>
  );
}
