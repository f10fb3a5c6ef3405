// Shared error page (SPEC 2.5): code, title, text and actions; defaults to 404 with Back and Home.
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../hooks/use-document-title';
import './error-page.css';

export const NOT_FOUND_TEXT = 'The page you are requesting was moved, removed or has never existed.';

interface ErrorPageProps {
  code?: number;
  title?: string;
  text?: string;
  /** Replaces the default Back and Home buttons. */
  actions?: ReactNode;
}

/** React Router numbers its history entries; 0 means this page was opened directly. */
const hasHistory = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

function BackAndHome() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className="btn" onClick={() => (hasHistory() ? navigate(-1) : navigate('/'))}>
        Back
      </button>
      <Link to="/" className="btn btn-primary">
        Home
      </Link>
    </>
  );
}

export function ErrorPage({ code = 404, title = 'Page Not Found', text = NOT_FOUND_TEXT, actions }: ErrorPageProps) {
  useDocumentTitle(title);
  return (
    <main className="error-page">
      <div className="error-page-card">
        <p className="error-page-code" aria-hidden="true">
          {code}
        </p>
        <h1 className="error-page-title">
          <span className="visually-hidden">Error {code}: </span>
          {title}
        </h1>
        <p className="error-page-text">{text}</p>
        <div className="error-page-actions">{actions ?? <BackAndHome />}</div>
      </div>
    </main>
  );
}
