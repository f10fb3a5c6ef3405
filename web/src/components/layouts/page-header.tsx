// Page heading with an optional one-line description; also sets the document title.
import { useDocumentTitle } from '../../hooks/use-document-title';

export function PageHeader({ title, description }: { title: string; description?: string }) {
  useDocumentTitle(title);
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {description && <p className="muted">{description}</p>}
    </header>
  );
}
