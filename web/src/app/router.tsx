// Route table of the SPA in SPEC 2.1 order, with its guards (loaders) and route data (page access).
import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, replace, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../components/layouts/loading-screen';
import { AuthLayout } from '../components/layouts/auth-layout';
import { CustomerLayout } from '../components/layouts/customer-layout';
import { StaffLayout } from '../components/layouts/staff-layout';
import { PAGE_ACCESS } from '../config/page-access';
import { CUSTOMER_PURCHASE_STEPS, HELP_PAGES, PAPER_CONVERSION_STEPS, paths, REPORT_PAGES } from '../config/paths';
import type { PageAccess } from '../lib/auth/page-access';
import { requireAccess } from './guards/require-access';
import { arrivalGuard, logoutGuard, optionalSessionGuard, refreshBounceGuard, rootGuard } from './guards/session-guards';
import { giftLoginRedirect, giftRegistrationRedirect, homeRedirect, registrationRedirect } from './guards/token-redirects';
import { LoginRoute } from './routes/auth/login';
import { ForbiddenRoute } from './routes/forbidden';
import { LoadingRoute } from './routes/loading';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorRoute } from './routes/route-error';
import { AppShell } from './routes/shell';
import { UnavailableRoute } from './routes/unavailable';

/**
 * A page whose code loads when it is first visited (issue 10, item 21): only the shell, the
 * layouts, the sign-in page and the small status pages are in the first download. The router
 * loads the chunk before it renders the page, so the first visit shows the shell's
 * "Loading access..." screen and a later navigation keeps the current page until it is ready.
 */
const lazyPage = (load: () => Promise<ComponentType>): RouteObject['lazy'] => async () => ({ Component: await load() });

const SalesPage = lazyPage(() => import('./routes/employee/sales').then((m) => m.SalesRoute));
const UsersPage = lazyPage(() => import('./routes/employee/users').then((m) => m.UsersRoute));
const DevOutboxPage = lazyPage(() => import('./routes/employee/dev-outbox').then((m) => m.DevOutboxRoute));
const SystemHealthPage = lazyPage(() => import('./routes/employee/system-health').then((m) => m.SystemHealthRoute));
const ApiReferencePage = lazyPage(() => import('./routes/employee/api-reference').then((m) => m.ApiReferenceRoute));
const PublicApiReferencePage = lazyPage(() => import('./routes/employee/api-reference').then((m) => m.PublicApiReferenceRoute));
const RoSearchPage = lazyPage(() => import('./routes/employee/ro-search').then((m) => m.RoSearchRoute));
const CustomerHistoryPage = lazyPage(() => import('./routes/employee/customer-history').then((m) => m.CustomerHistoryRoute));
const PacksPage = lazyPage(() => import('./routes/employee/packs').then((m) => m.PacksRoute));
const CouponsPage = lazyPage(() => import('./routes/employee/coupons').then((m) => m.CouponsRoute));
const VerificationOpCodesPage = lazyPage(() => import('./routes/employee/verification-op-codes').then((m) => m.VerificationOpCodesRoute));
const CustomerProfilePage = lazyPage(() => import('./routes/customer/profile').then((m) => m.CustomerProfileRoute));
const GiftPage = lazyPage(() => import('./routes/auth/gift').then((m) => m.GiftRoute));
const RegisterPage = lazyPage(() => import('./routes/auth/register').then((m) => m.RegisterRoute));
const SelfRegisterPage = lazyPage(() => import('./routes/auth/self-register').then((m) => m.SelfRegisterRoute));
const VerifyIndexPage = lazyPage(() => import('./routes/verify/index').then((m) => m.VerifyIndexRoute));
const VerifyContactPage = lazyPage(() => import('./routes/verify/contact').then((m) => m.VerifyContactRoute));
const VerifyRedemptionPage = lazyPage(() => import('./routes/verify/redemption').then((m) => m.VerifyRedemptionRoute));
const UnsubscribePage = lazyPage(() => import('./routes/unsubscribe').then((m) => m.UnsubscribeRoute));
const PrivacyPage = lazyPage(() => import('./routes/privacy').then((m) => m.PrivacyRoute));
const TermsOfServicePage = lazyPage(() => import('./routes/terms-of-service').then((m) => m.TermsOfServiceRoute));
const PaperConversionLayout = lazyPage(() => import('./routes/employee/paper-conversion').then((m) => m.PaperConversionLayout));
const PaperConversionIndexPage = lazyPage(() => import('./routes/employee/paper-conversion').then((m) => m.PaperConversionIndexRoute));
const paperConversionStepPage = (step: (typeof PAPER_CONVERSION_STEPS)[number][0]) =>
  lazyPage(() => import('./routes/employee/paper-conversion').then((m) => m.PAPER_CONVERSION_ROUTES[step]));
const CustomerCouponsPage = lazyPage(() => import('./routes/customer/coupons').then((m) => m.CustomerCouponsRoute));
const CustomerServicePage = lazyPage(() => import('./routes/customer/service').then((m) => m.CustomerServiceRoute));
const CustomerContactPage = lazyPage(() => import('./routes/customer/contact').then((m) => m.CustomerContactRoute));
const PurchaseLandingPage = lazyPage(() => import('./routes/purchase/landing').then((m) => m.PurchaseLandingRoute));
const CustomerPurchasePage = lazyPage(() => import('./routes/customer/purchase').then((m) => m.CustomerPurchaseRoute));
const CUSTOMER_PURCHASE_PAGES: Record<(typeof CUSTOMER_PURCHASE_STEPS)[number][0], RouteObject['lazy']> = {
  checkout: lazyPage(() => import('./routes/customer/purchase').then((m) => m.CustomerCheckoutRoute)),
  confirm: lazyPage(() => import('./routes/customer/purchase').then((m) => m.CustomerPurchaseConfirmRoute)),
};
const TrainingPage = lazyPage(() => import('./routes/employee/training').then((m) => m.TrainingRoute));
const TrainingCouponsPage = lazyPage(() => import('./routes/training/video').then((m) => m.TrainingCouponsRoute));
const TrainingPaperPage = lazyPage(() => import('./routes/training/video').then((m) => m.TrainingPaperRoute));
const HelpIndexPage = lazyPage(() => import('./routes/employee/help').then((m) => m.HelpIndexRoute));
const ReportsIndexPage = lazyPage(() => import('./routes/employee/reports').then((m) => m.ReportsIndexRoute));
const reportPage = (name: (typeof REPORT_PAGES)[number][0]) => lazyPage(() => import('./routes/employee/reports').then((m) => m.REPORT_ROUTES[name]));
const helpTopicPage = (slug: (typeof HELP_PAGES)[number][0]) => lazyPage(() => import('./routes/employee/help').then((m) => m.HELP_ROUTES[slug]));

/**
 * A page guarded by its route data (SPEC 2.1: controller and action): the loader enforces it and the
 * handle carries it. A null path is the index page of its parent.
 */
function guarded(path: string | null, access: PageAccess, shown: { element: ReactNode } | { lazy: RouteObject['lazy'] }): RouteObject {
  const page = { ...shown, loader: requireAccess(access), handle: { access } };
  return path === null ? { index: true, ...page } : { path, ...page };
}

const toSales = { to: paths.employee.sales, label: 'Go to Sales' };
const staffPage = (path: string | null, title: string, access: PageAccess = PAGE_ACCESS.sales) =>
  guarded(path, access, { element: <UnavailableRoute title={title} back={toSales} /> });

const employeeRoutes: RouteObject = {
  path: 'employee',
  element: <StaffLayout />,
  children: [
    { index: true, loader: () => replace(paths.employee.sales) },
    guarded('sales', PAGE_ACCESS.sales, { lazy: SalesPage }),
    guarded('users', PAGE_ACCESS.users, { lazy: UsersPage }),
    guarded('dev-outbox', PAGE_ACCESS.devOutbox, { lazy: DevOutboxPage }),
    guarded('system-health', PAGE_ACCESS.systemHealth, { lazy: SystemHealthPage }),
    guarded('api-reference', PAGE_ACCESS.apiReference, { lazy: ApiReferencePage }),
    guarded('ro-search', PAGE_ACCESS.roSearch, { lazy: RoSearchPage }),
    guarded('customers/:customerId/history', PAGE_ACCESS.customerHistory, { lazy: CustomerHistoryPage }),
    guarded('verification-op-codes', PAGE_ACCESS.verificationOpCodes, { lazy: VerificationOpCodesPage }),
    guarded('packs', PAGE_ACCESS.packs, { lazy: PacksPage }),
    guarded('coupons', PAGE_ACCESS.coupons, { lazy: CouponsPage }),
    guarded('training', PAGE_ACCESS.training, { lazy: TrainingPage }),
    {
      path: 'paper-conversion',
      // The wizard's draft (decision 0082) lives in this layout, across its steps.
      lazy: PaperConversionLayout,
      children: [
        guarded(null, PAGE_ACCESS.paperConversion, { lazy: PaperConversionIndexPage }),
        ...PAPER_CONVERSION_STEPS.map(([path]) => guarded(path, PAGE_ACCESS.paperConversion, { lazy: paperConversionStepPage(path) })),
      ],
    },
    {
      path: 'reports',
      children: [
        guarded(null, PAGE_ACCESS.reports, { lazy: ReportsIndexPage }),
        ...REPORT_PAGES.map(([path]) => guarded(path, PAGE_ACCESS.reports, { lazy: reportPage(path) })),
      ],
    },
    {
      path: 'help',
      children: [
        guarded(null, PAGE_ACCESS.help, { lazy: HelpIndexPage }),
        ...HELP_PAGES.map(([path]) => guarded(path, PAGE_ACCESS.help, { lazy: helpTopicPage(path) })),
      ],
    },
  ],
};

const customerRoutes: RouteObject = {
  path: 'customer',
  element: <CustomerLayout />,
  children: [
    { index: true, loader: () => replace(paths.customer.coupons) },
    guarded('coupons', PAGE_ACCESS.customerPages, { lazy: CustomerCouponsPage }),
    guarded('service', PAGE_ACCESS.customerPages, { lazy: CustomerServicePage }),
    guarded('contact', PAGE_ACCESS.customerContact, { lazy: CustomerContactPage }),
    guarded('profile', PAGE_ACCESS.customerPages, { lazy: CustomerProfilePage }),
    {
      path: 'purchase',
      children: [
        guarded(null, PAGE_ACCESS.customerPages, { lazy: CustomerPurchasePage }),
        ...CUSTOMER_PURCHASE_STEPS.map(([path]) => guarded(path, PAGE_ACCESS.customerPages, { lazy: CUSTOMER_PURCHASE_PAGES[path] })),
      ],
    },
  ],
};

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteErrorRoute />,
    // SPEC 2.3: shown while the first guard obtains the token.
    hydrateFallbackElement: <LoadingScreen message="Loading access..." />,
    children: [
      // (empty): the not-found page, but the guard always sends the user on first.
      { index: true, loader: rootGuard, element: <NotFoundRoute /> },
      { path: 'employee/login', loader: () => replace(paths.logout) },
      { path: 'login', loader: () => replace(paths.root) },
      employeeRoutes,
      customerRoutes,
      // Landing area for buying packs: open to anyone (a refresh cookie still signs the visitor in).
      {
        path: 'purchase',
        element: <CustomerLayout />,
        loader: optionalSessionGuard,
        children: [
          { index: true, lazy: PurchaseLandingPage },
          { path: '*', element: <UnavailableRoute title="Buy Coupon Packs" /> },
        ],
      },
      {
        path: 'training',
        element: <StaffLayout />,
        children: [
          { index: true, loader: () => replace(paths.training.coupons) },
          guarded('coupons', PAGE_ACCESS.training, { lazy: TrainingCouponsPage }),
          guarded('paper', PAGE_ACCESS.training, { lazy: TrainingPaperPage }),
        ],
      },
      {
        path: 'verify',
        element: <AuthLayout />,
        children: [
          // Open to anyone: a signed-in customer sees what waits on them, anyone else how to sign in.
          { index: true, loader: optionalSessionGuard, lazy: VerifyIndexPage },
          { path: 'contact/:token', lazy: VerifyContactPage },
          { path: 'redemption/:token', lazy: VerifyRedemptionPage },
          // A verification address without its token leads to the verification page.
          { path: '*', loader: () => replace(paths.verify) },
        ],
      },
      { path: 'loading', element: <LoadingRoute /> },
      { path: 'logout', loader: logoutGuard },
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          { index: true, loader: () => replace(paths.auth.login) },
          { path: 'receiving', loader: arrivalGuard },
          { path: 'login', element: <LoginRoute /> },
          { path: 'refresh', loader: refreshBounceGuard },
          { path: 'logout', loader: logoutGuard },
          { path: 'register', lazy: SelfRegisterPage },
          { path: 'register/:securityToken', lazy: RegisterPage },
          { path: 'gift/:email/:giftToken', lazy: GiftPage },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: 'privacy', lazy: PrivacyPage },
          // A reminder's unsubscribe link (issue 24): public, stops reminders only when the button is pressed.
          { path: 'unsubscribe/:token', lazy: UnsubscribePage },
          { path: 'terms-of-service', lazy: TermsOfServicePage },
          // Open to anyone: the server decides who reads the document (staff; everyone in demo mode).
          { path: 'api-reference', loader: optionalSessionGuard, lazy: PublicApiReferencePage },
        ],
      },
      { path: 'forbidden', element: <ForbiddenRoute /> },
      { path: 'not-found', element: <NotFoundRoute /> },
      { path: 'registration/:securityToken', loader: registrationRedirect },
      { path: 'registration/gift/:email/:giftToken', loader: giftRegistrationRedirect },
      { path: 'login/:giftToken', loader: giftLoginRedirect },
      // Registration and login addresses without a usable token go home.
      { path: 'registration', loader: homeRedirect },
      { path: 'registration/gift/*', loader: homeRedirect },
      { path: 'login/*', loader: homeRedirect },
      { path: 'coupons', loader: () => replace(paths.customer.coupons) },
      { path: 'contact', loader: () => replace(paths.customer.contact) },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
