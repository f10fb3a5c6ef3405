// Staff shell: top bar with the product name, the user and Sign out; navigation limited to what the user's access allows.
import { NavLink, Outlet } from 'react-router-dom';
import { PAGE_ACCESS } from '../../config/page-access';
import { paths } from '../../config/paths';
import { PRODUCT_NAME } from '../../hooks/use-document-title';
import { hasAccess, type PageAccess } from '../../lib/auth/page-access';
import { useDefaultPage, useSession } from '../../lib/auth/use-session';
import { UserMenu } from './user-menu';
import './staff-layout.css';
import './topbar.css';

const NAV_ITEMS: { to: string; label: string; access: PageAccess }[] = [
  { to: paths.employee.sales, label: 'Sales', access: PAGE_ACCESS.sales },
  { to: paths.employee.roSearch, label: 'RO Search', access: PAGE_ACCESS.roSearch },
  { to: paths.employee.paperConversion, label: 'Paper Conversion', access: PAGE_ACCESS.paperConversion },
  { to: paths.employee.packs, label: 'Packs', access: PAGE_ACCESS.packs },
  { to: paths.employee.coupons, label: 'Coupons', access: PAGE_ACCESS.coupons },
  { to: paths.employee.reports, label: 'Reports', access: PAGE_ACCESS.reports },
  { to: paths.employee.help, label: 'Help', access: PAGE_ACCESS.help },
  { to: paths.employee.training, label: 'Training', access: PAGE_ACCESS.training },
  { to: paths.employee.verificationOpCodes, label: 'Verification Op Codes', access: PAGE_ACCESS.verificationOpCodes },
  { to: paths.employee.users, label: 'Users', access: PAGE_ACCESS.users },
  { to: paths.employee.devOutbox, label: 'Dev outbox', access: PAGE_ACCESS.devOutbox },
];

export function StaffLayout() {
  const session = useSession();
  const home = useDefaultPage();
  const items = NAV_ITEMS.filter((item) => hasAccess(session?.payload, item.access));
  return (
    <div className="staff-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <NavLink to={home} className="topbar-brand">
          <span className="topbar-logo" aria-hidden="true">
            DC
          </span>
          <span className="topbar-product">{PRODUCT_NAME}</span>
        </NavLink>
        <UserMenu />
      </header>
      <nav className="staff-nav" aria-label="Staff">
        <ul className="staff-nav-list">
          {items.map((item) => (
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
