// Staff shell: top bar with the product name, the employee navigation and the page outlet.
import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { PRODUCT_NAME } from '../../hooks/use-document-title';
import './staff-layout.css';

const NAV_ITEMS = [
  { to: paths.employee.sales, label: 'Sales' },
  { to: paths.employee.roSearch, label: 'RO Search' },
  { to: paths.employee.reports, label: 'Reports' },
  { to: paths.employee.help, label: 'Help' },
  { to: paths.employee.users, label: 'Users' },
  { to: paths.employee.devOutbox, label: 'Dev outbox' },
] as const;

export function StaffLayout() {
  return (
    <div className="staff-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <NavLink to={paths.employee.sales} className="topbar-brand">
          <span className="topbar-logo" aria-hidden="true">
            DC
          </span>
          {PRODUCT_NAME}
        </NavLink>
        <span className="topbar-area">Staff</span>
      </header>
      <nav className="staff-nav" aria-label="Staff">
        <ul className="staff-nav-list">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="staff-nav-link">
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="staff-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
