import { Suspense, lazy, useEffect } from 'react';
import { Navigate, Outlet, createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { SCREEN_ROUTES, documentTitle, screenRouteOf } from '@egreso/domain';
import { PageLoader } from '../components/PageLoader';
import { FORCED_PASSWORD_PATH } from '../lib/session';
import { PAGES } from './routes';

const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const ForcedPasswordPage = lazy(() => import('../features/account/pages/ForcedPasswordPage'));
// The pages a mailed link opens, and the reset request: no session, no menu.
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/ForgotPasswordPage'));
const LinkPasswordPage = lazy(() => import('../features/auth/pages/LinkPasswordPage'));
const ConfirmEmailPage = lazy(() => import('../features/auth/pages/ConfirmEmailPage'));

/** The public pages of the mail links, by path, with their tab titles. */
export const MAIL_PAGES = {
  forgot: { path: '/olvide', title: 'Restablecer contraseña' },
  activate: { path: '/activar', title: 'Activa tu cuenta' },
  reset: { path: '/restablecer', title: 'Elige una contraseña nueva' },
  email: { path: '/confirmar-correo', title: 'Confirmar correo' },
} as const;
// The signed-in shell (menu, drawer) is its own chunk, so the login page loads only what it shows.
const AppLayout = lazy(() => import('./AppLayout'));

/** The browser tab names the screen: 'Gestionar periodos · Atributos de egreso'. */
export function screenTitle(pathname: string): string {
  if (pathname.toLowerCase().startsWith('/login')) return documentTitle('Iniciar sesión');
  const mailPage = Object.values(MAIL_PAGES).find((p) => pathname.toLowerCase() === p.path);
  if (mailPage) return documentTitle(mailPage.title);
  if (pathname.toLowerCase().startsWith(FORCED_PASSWORD_PATH.toLowerCase()))
    return documentTitle('Cambia tu contraseña');
  return documentTitle(screenRouteOf(pathname)?.title);
}

export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = screenTitle(pathname);
  }, [pathname]);
  return <Outlet />;
}

/**
 * Paths match without case, so the menu's /acount reaches the route table's /Acount
 * (and /teachers, /subjects... reach their screens).
 */
export const routes: RouteObject[] = [
  {
    element: <DocumentTitle />,
    children: [
      {
        path: '/login',
        element: (
          <Suspense fallback={<PageLoader />}>
            <LoginPage />
          </Suspense>
        ),
      },
      ...(
        [
          [MAIL_PAGES.forgot.path, <ForgotPasswordPage key="forgot" />],
          [MAIL_PAGES.activate.path, <LinkPasswordPage key="activate" activation />],
          [MAIL_PAGES.reset.path, <LinkPasswordPage key="reset" activation={false} />],
          [MAIL_PAGES.email.path, <ConfirmEmailPage key="email" />],
        ] as const
      ).map(([path, page]) => ({
        path,
        element: <Suspense fallback={<PageLoader />}>{page}</Suspense>,
      })),
      // Outside the signed-in layout: no menu, no way around it until the password is changed.
      {
        path: FORCED_PASSWORD_PATH,
        element: (
          <Suspense fallback={<PageLoader />}>
            <ForcedPasswordPage />
          </Suspense>
        ),
      },
      {
        element: (
          <Suspense fallback={<PageLoader />}>
            <AppLayout />
          </Suspense>
        ),
        children: SCREEN_ROUTES.map(({ path }) => {
          const Component = PAGES[path];
          return { path, element: <Component /> };
        }),
      },
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: '/app' });
}
