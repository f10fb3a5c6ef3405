// Staff shell: top bar with the product name, the user and Sign out; navigation limited to what the user's access allows.
import { useLayoutEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
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
  { to: paths.employee.systemHealth, label: 'System health', access: PAGE_ACCESS.systemHealth },
  { to: paths.employee.apiReference, label: 'API reference', access: PAGE_ACCESS.apiReference },
];

/** Below desktop width the navigation is a strip that scrolls sideways: bring the current page's tab into view. */
function useActiveTabInView() {
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const nav = navRef.current;
    const active = nav?.querySelector<HTMLElement>('.staff-nav-link.active');
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    const navBox = nav.getBoundingClientRect();
    const activeBox = active.getBoundingClientRect();
    nav.scrollLeft += activeBox.left - navBox.left - (navBox.width - activeBox.width) / 2;
  }, [pathname]);
  return navRef;
}

export function StaffLayout() {
  const session = useSession();
  const home = useDefaultPage();
  const items = NAV_ITEMS.filter((item) => hasAccess(session?.payload, item.access));
  const navRef = useActiveTabInView();
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
      <nav className="staff-nav" aria-label="Staff" ref={navRef}>
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
