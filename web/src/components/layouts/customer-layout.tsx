// Customer shell: top bar with My coupons, Buy packs (/purchase), Service history, Contact, My profile and Sign out (SPEC 2.2 customer pages).
import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { PRODUCT_NAME } from '../../hooks/use-document-title';
import { useCurrentUser } from '../../lib/auth/use-session';
import { UserMenu } from './user-menu';
import './customer-layout.css';
import './topbar.css';

const NAV_ITEMS = [
  { to: paths.customer.coupons, label: 'My coupons' },
  { to: paths.purchase, label: 'Buy packs' },
  { to: paths.customer.service, label: 'Service history' },
  { to: paths.customer.contact, label: 'Contact' },
  { to: paths.customer.profile, label: 'My profile' },
] as const;

export function CustomerLayout() {
  const user = useCurrentUser();
  return (
    <div className="customer-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar customer-topbar">
        <NavLink to={paths.customer.coupons} className="topbar-brand">
          <span className="topbar-logo" aria-hidden="true">
            DC
          </span>
          <span className="topbar-product">{PRODUCT_NAME}</span>
        </NavLink>
        {user ? (
          <>
            <nav className="customer-nav" aria-label="Customer">
              <ul className="customer-nav-list">
                {NAV_ITEMS.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className="customer-nav-link">
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <UserMenu />
          </>
        ) : (
          <NavLink to={paths.auth.login} className="btn btn-sm topbar-button">
            Sign in
          </NavLink>
        )}
      </header>
      <main id="main" className="customer-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
