/**
 * Every page has a URL under /admin (deep links, the back button). Each area (products,
 * orders, …) is its own chunk, loaded when first visited; the area's component routes its
 * own sub-pages. Store pages live under /admin/s/:store (the store's id).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Shell, RequireSession, NotFound, RouteError } from './shell.tsx';
import { StoreRoute, Home } from './store-route.tsx';
import { SignIn, SignUp } from '../pages/auth/index.tsx';

const area = (load: () => Promise<{ default: ComponentType }>) => ({ lazy: async () => ({ Component: (await load()).default }) });

export const router = createBrowserRouter([
  {
    path: '/admin',
    errorElement: <RouteError />,
    children: [
      { path: 'sign-in', Component: SignIn },
      { path: 'sign-up', Component: SignUp },
      {
        Component: RequireSession,
        children: [
          {
            Component: Shell,
            children: [
              { index: true, Component: Home },
              { path: 'stores/*', ...area(() => import('../pages/stores/index.tsx')) },
              { path: 'account/*', ...area(() => import('../pages/account/index.tsx')) },
              { path: 'wallet/*', ...area(() => import('../pages/wallet/index.tsx')) },
              { path: 'studio/*', ...area(() => import('../pages/studio/index.tsx')) },
              {
                path: 's/:store',
                Component: StoreRoute,
                children: [
                  { index: true, element: <Navigate to="products" replace /> },
                  { path: 'products/*', ...area(() => import('../pages/products/index.tsx')) },
                  { path: 'orders/*', ...area(() => import('../pages/orders/index.tsx')) },
                  { path: 'templates/*', ...area(() => import('../pages/templates/index.tsx')) },
                  { path: 'assets/*', ...area(() => import('../pages/assets/index.tsx')) },
                  { path: 'developers/*', ...area(() => import('../pages/developers/index.tsx')) },
                  { path: 'settings/*', ...area(() => import('../pages/settings/index.tsx')) },
                ],
              },
              { path: '*', Component: NotFound },
            ],
          },
        ],
      },
    ],
  },
]);
