import { lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Layout, PageSpinner } from './layout/Layout';
import { GuestOnly, RequireAdmin, RequireUser } from './guards';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';

type Guard = 'user' | 'admin' | 'guest';

const GUARDS: Record<Guard, ComponentType<{ children: ReactNode }>> = {
  user: RequireUser,
  admin: RequireAdmin,
  guest: GuestOnly,
};

/**
 * A route whose screen is its own chunk, loaded on first visit. A guarded screen is loaded
 * only once its guard lets the visitor in, so someone who will be sent away never fetches it
 * (the admin pages' chunks, GraphiQL's above all); the Layout's Suspense shows the wait.
 */
function page(path: string, load: () => Promise<ComponentType>, guard?: Guard): RouteObject {
  if (!guard) return { path, lazy: async () => ({ Component: await load() }) };
  const Screen = lazy(() => load().then((Component) => ({ default: Component })));
  const Guarded = GUARDS[guard];
  return {
    path,
    element: (
      <Guarded>
        <Screen />
      </Guarded>
    ),
  };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      page('/', () => import('../features/home/HomePage').then((m) => m.HomePage)),
      page('/about', () => import('../features/about/AboutPage').then((m) => m.AboutPage)),
      page('/booking', () => import('../features/booking/BookingPage').then((m) => m.BookingPage)),
      page('/shop', () => import('../features/shop/ShopPage').then((m) => m.ShopPage)),
      page(
        '/products/create',
        () => import('../features/admin/ProductFormPage').then((m) => m.ProductFormPage),
        'admin',
      ),
      page(
        '/products/edit/:id',
        () => import('../features/admin/ProductFormPage').then((m) => m.ProductFormPage),
        'admin',
      ),
      page('/products/:productId', () => import('../features/product/ProductPage').then((m) => m.ProductPage)),
      page('/menu', () => import('../features/bar/MenuPage').then((m) => m.MenuPage)),
      page('/bar/create', () => import('../features/admin/BarItemFormPage').then((m) => m.BarItemFormPage), 'admin'),
      page('/bar/edit/:id', () => import('../features/admin/BarItemFormPage').then((m) => m.BarItemFormPage), 'admin'),
      page('/login', () => import('../features/auth/LoginPage').then((m) => m.LoginPage), 'guest'),
      page('/signup', () => import('../features/auth/SignupPage').then((m) => m.SignupPage), 'guest'),
      page(
        '/forgot-password',
        () => import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
        'guest',
      ),
      page('/reset-password/:token', () =>
        import('../features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage),
      ),
      page('/logout', () => import('../features/auth/LogoutPage').then((m) => m.LogoutPage)),
      page('/cart', () => import('../features/cart/CartPage').then((m) => m.CartPage)),
      page('/checkout', () => import('../features/checkout/CheckoutPage').then((m) => m.CheckoutPage), 'user'),
      page('/thank-you', () => import('../features/checkout/ThankYouPage').then((m) => m.ThankYouPage)),
      page('/reports', () => import('../features/reports/ReportsPage').then((m) => m.ReportsPage), 'admin'),
      page('/playground', () => import('../features/reports/PlaygroundPage').then((m) => m.PlaygroundPage), 'admin'),
      page('/profile', () => import('../features/profile/ProfilePage').then((m) => m.ProfilePage), 'user'),
      page('/verify-email/:token', () => import('../features/auth/VerifyEmailPage').then((m) => m.VerifyEmailPage)),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
