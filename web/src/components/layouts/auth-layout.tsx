// Login-style layout of the auth host and the static pages: product name above a centred card, no staff navigation.
import { Link, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { PRODUCT_NAME } from '../../hooks/use-document-title';
import './auth-layout.css';

export function AuthLayout() {
  return (
    <div className="auth-layout">
      <header className="auth-brand">
        <Link to={paths.root} className="auth-brand-link">
          <span className="auth-brand-logo" aria-hidden="true">
            DC
          </span>
          {PRODUCT_NAME}
        </Link>
      </header>
      <main id="main" className="auth-main">
        <Outlet />
      </main>
      <footer className="auth-footer">
        <Link to={paths.privacy}>Privacy Policy</Link>
        <span aria-hidden="true">·</span>
        <Link to={paths.termsOfService}>Terms of Service</Link>
      </footer>
    </div>
  );
}
