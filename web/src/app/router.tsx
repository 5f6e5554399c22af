import { lazy, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { GuestOnly, RequireAdmin, RequireUser } from './guards';
import { NotFoundPage } from './NotFoundPage';

type Guard = 'user' | 'admin' | 'guest';

const GUARDS: Record<Guard, ComponentType<{ children: ReactNode }>> = {
  user: RequireUser,
  admin: RequireAdmin,
  guest: GuestOnly,
};

/**
 * A screen that is its own chunk, loaded on first visit (the Layout's Suspense shows the wait; a navigation keeps the
 * old page on screen meanwhile, since the router renders it in a transition). A guarded screen is loaded only once
 * its guard lets the visitor in, so someone who will be sent away never fetches it (GraphiQL's chunk above all).
 */
function page(load: () => Promise<ComponentType>, guard?: Guard): ReactNode {
  const Screen = lazy(() => load().then((Component) => ({ default: Component })));
  if (!guard) return <Screen />;
  const Guarded = GUARDS[guard];
  return (
    <Guarded>
      <Screen />
    </Guarded>
  );
}

const productForm = () => import('../features/admin/ProductFormPage').then((m) => m.ProductFormPage);
const barItemForm = () => import('../features/admin/BarItemFormPage').then((m) => m.BarItemFormPage);

/** The spec's route table. Declarative routes: the data router's loaders and actions would cost ~16 kB we never use. */
const ROUTES: Array<[path: string, element: ReactNode]> = [
  ['/', page(() => import('../features/home/HomePage').then((m) => m.HomePage))],
  ['/about', page(() => import('../features/about/AboutPage').then((m) => m.AboutPage))],
  ['/booking', page(() => import('../features/booking/BookingPage').then((m) => m.BookingPage))],
  ['/shop', page(() => import('../features/shop/ShopPage').then((m) => m.ShopPage))],
  ['/products/create', page(productForm, 'admin')],
  ['/products/edit/:id', page(productForm, 'admin')],
  ['/products/:productId', page(() => import('../features/product/ProductPage').then((m) => m.ProductPage))],
  ['/menu', page(() => import('../features/bar/MenuPage').then((m) => m.MenuPage))],
  ['/bar/create', page(barItemForm, 'admin')],
  ['/bar/edit/:id', page(barItemForm, 'admin')],
  ['/login', page(() => import('../features/auth/LoginPage').then((m) => m.LoginPage), 'guest')],
  ['/signup', page(() => import('../features/auth/SignupPage').then((m) => m.SignupPage), 'guest')],
  [
    '/forgot-password',
    page(() => import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage), 'guest'),
  ],
  ['/reset-password/:token', page(() => import('../features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage))],
  ['/logout', page(() => import('../features/auth/LogoutPage').then((m) => m.LogoutPage))],
  ['/cart', page(() => import('../features/cart/CartPage').then((m) => m.CartPage))],
  ['/checkout', page(() => import('../features/checkout/CheckoutPage').then((m) => m.CheckoutPage), 'user')],
  ['/thank-you', page(() => import('../features/checkout/ThankYouPage').then((m) => m.ThankYouPage))],
  ['/reports', page(() => import('../features/reports/ReportsPage').then((m) => m.ReportsPage), 'admin')],
  ['/playground', page(() => import('../features/reports/PlaygroundPage').then((m) => m.PlaygroundPage), 'admin')],
  ['/profile', page(() => import('../features/profile/ProfilePage').then((m) => m.ProfilePage), 'user')],
  ['/verify-email/:token', page(() => import('../features/auth/VerifyEmailPage').then((m) => m.VerifyEmailPage))],
  ['*', <NotFoundPage key="not-found" />],
];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {ROUTES.map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Route>
    </Routes>
  );
}
