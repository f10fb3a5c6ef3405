// Route table of the SPA (SPEC 2.1 order); guards will wrap the employee and customer branches.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { StaffLayout } from '../components/layouts/staff-layout';
import { defaultPagePath, paths } from '../config/paths';
import { DevOutboxRoute } from './routes/employee/dev-outbox';
import { SalesRoute } from './routes/employee/sales';
import { UpcomingSectionRoute } from './routes/employee/upcoming-section';
import { ForbiddenRoute } from './routes/forbidden';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorRoute } from './routes/route-error';

const employeeRoutes: RouteObject = {
  path: paths.employee.root,
  element: <StaffLayout />,
  children: [
    { index: true, element: <Navigate to={paths.employee.sales} replace /> },
    { path: 'sales', element: <SalesRoute /> },
    { path: 'ro-search', element: <UpcomingSectionRoute title="RO Search" /> },
    { path: 'reports', element: <UpcomingSectionRoute title="Reports" /> },
    { path: 'help', element: <UpcomingSectionRoute title="Help" /> },
    { path: 'users', element: <UpcomingSectionRoute title="Users" /> },
    { path: 'dev-outbox', element: <DevOutboxRoute /> },
  ],
};

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorRoute />,
    children: [
      // SPEC 2.1: the empty path sends a signed-in user to their default page.
      { index: true, element: <Navigate to={defaultPagePath()} replace /> },
      employeeRoutes,
      { path: 'forbidden', element: <ForbiddenRoute /> },
      { path: 'not-found', element: <NotFoundRoute /> },
      { path: 'coupons', element: <Navigate to={paths.customer.coupons} replace /> },
      { path: 'contact', element: <Navigate to={paths.customer.contact} replace /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
