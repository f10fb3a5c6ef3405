// Full-page loading state: a message, a spinner and an optional logo (SPEC 2.3 'Loading access...' and the loader page).
import { PRODUCT_NAME } from '../../hooks/use-document-title';
import { Spinner } from '../ui/spinner/spinner';
import './loading-screen.css';

export function LoadingScreen({ message = 'Loading...', showLogo = true }: { message?: string; showLogo?: boolean }) {
  return (
    <main className="loading-screen" aria-busy="true">
      {showLogo && (
        <span className="loading-screen-logo" aria-label={PRODUCT_NAME} role="img">
          DC
        </span>
      )}
      <Spinner label={message} />
      <p className="loading-screen-message" aria-hidden="true">
        {message}
      </p>
    </main>
  );
}
