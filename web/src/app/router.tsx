import type { ComponentType, ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { GuestOnly, RequireAdmin, RequireUser } from './guards';
import { NotFoundPage } from './NotFoundPage';
import { usePageTitle } from '../lib/page-title';
import { lazyScreen } from './lazy-screen';

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
  const Screen = lazyScreen(load);
  if (!guard) return <Screen />;
  const Guarded = GUARDS[guard];
  return (
    <Guarded>
      <Screen />
    </Guarded>
  );
}

/** The route's own title (spec route table); a page may name itself better once its data comes. */
function DocumentTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

const productForm = () => import('../features/admin/ProductFormPage').then((m) => m.ProductFormPage);
const barItemForm = () => import('../features/admin/BarItemFormPage').then((m) => m.BarItemFormPage);

/** The spec's route table. Declarative routes: the data router's loaders and actions would cost ~16 kB we never use. */
const ROUTES: Array<[path: string, title: string, element: ReactNode]> = [
  ['/', '', page(() => import('../features/home/HomePage').then((m) => m.HomePage))],
  ['/about', 'About Us', page(() => import('../features/about/AboutPage').then((m) => m.AboutPage))],
  ['/booking', 'Booking', page(() => import('../features/booking/BookingPage').then((m) => m.BookingPage))],
  ['/shop', 'Shop', page(() => import('../features/shop/ShopPage').then((m) => m.ShopPage))],
  ['/products/create', 'New product', page(productForm, 'admin')],
  ['/products/edit/:id', 'Edit product', page(productForm, 'admin')],
  ['/products/:productId', 'Product', page(() => import('../features/product/ProductPage').then((m) => m.ProductPage))],
  ['/menu', 'Bar Menu', page(() => import('../features/bar/MenuPage').then((m) => m.MenuPage))],
  ['/bar/create', 'New bar item', page(barItemForm, 'admin')],
  ['/bar/edit/:id', 'Edit bar item', page(barItemForm, 'admin')],
  ['/login', 'Login', page(() => import('../features/auth/LoginPage').then((m) => m.LoginPage), 'guest')],
  ['/signup', 'Sign up', page(() => import('../features/auth/SignupPage').then((m) => m.SignupPage), 'guest')],
  [
    '/forgot-password',
    'Forgot password',
    page(() => import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage), 'guest'),
  ],
  [
    '/reset-password/:token',
    'Reset password',
    page(() => import('../features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage)),
  ],
  ['/logout', 'Logout', page(() => import('../features/auth/LogoutPage').then((m) => m.LogoutPage))],
  ['/cart', 'Cart', page(() => import('../features/cart/CartPage').then((m) => m.CartPage))],
  [
    '/checkout',
    'Checkout',
    page(() => import('../features/checkout/CheckoutPage').then((m) => m.CheckoutPage), 'user'),
  ],
  ['/thank-you', 'Thank you', page(() => import('../features/checkout/ThankYouPage').then((m) => m.ThankYouPage))],
  ['/reports', 'Reports', page(() => import('../features/reports/ReportsPage').then((m) => m.ReportsPage), 'admin')],
  [
    '/playground',
    'Playground',
    page(() => import('../features/reports/PlaygroundPage').then((m) => m.PlaygroundPage), 'admin'),
  ],
  ['/profile', 'Profile', page(() => import('../features/profile/ProfilePage').then((m) => m.ProfilePage), 'user')],
  [
    '/verify-email/:token',
    'E-mail confirmation',
    page(() => import('../features/auth/VerifyEmailPage').then((m) => m.VerifyEmailPage)),
  ],
  ['*', 'Page not found', <NotFoundPage key="not-found" />],
];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {ROUTES.map(([path, title, element]) => (
          <Route
            key={path}
            path={path}
            element={
              <>
                <DocumentTitle title={title} />
                {element}
              </>
            }
          />
        ))}
      </Route>
    </Routes>
  );
}
