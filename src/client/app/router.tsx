import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicLayout } from './public-layout.component';
import { LoadingScreen, RequireAuth, RootLayout, RouteError } from './route-guards.component';

/**
 * Routes of docs/product/overview.md#routes. Every screen is its own chunk, loaded when first visited, so the
 * first page a learner opens does not pay for the dictionary, the player or the settings.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: LoadingScreen,
    children: [
      {
        path: '/',
        lazy: async () => ({ Component: (await import('./index-route.component')).IndexRoute }),
      },
      {
        // Reachable signed in or out (docs/product/auth.md#signed-out-visitors).
        element: <PublicLayout />,
        children: [
          {
            path: '/login',
            lazy: async () => ({ Component: (await import('../features/auth/login.page')).LoginPage }),
          },
          {
            path: '/register',
            lazy: async () => ({ Component: (await import('../features/auth/register.page')).RegisterPage }),
          },
          {
            path: '/auth-error',
            lazy: async () => ({
              Component: (await import('../features/auth/auth-error.page')).AuthErrorPage,
            }),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts.component')).AppShell }),
            children: [
              {
                path: '/upload',
                lazy: async () => ({
                  Component: (await import('../features/upload/upload.page')).UploadPage,
                }),
              },
              {
                path: '/dashboard',
                lazy: async () => ({
                  Component: (await import('../features/dashboard/dashboard.page')).DashboardPage,
                }),
              },
              {
                path: '/dictionary',
                lazy: async () => ({
                  Component: (await import('../features/dictionary/dictionary.page')).DictionaryPage,
                }),
              },
              {
                path: '/settings',
                lazy: async () => ({
                  Component: (await import('../features/settings/settings.page')).SettingsPage,
                }),
              },
              {
                path: '/audiobooks',
                lazy: async () => ({
                  Component: (await import('../features/audiobooks/audiobooks.page')).AudiobooksPage,
                }),
              },
              {
                path: '/audio-test',
                lazy: async () => ({
                  Component: (await import('../features/audio-test/audio-test.page')).AudioTestPage,
                }),
              },
              {
                path: '*',
                lazy: async () => ({
                  Component: (await import('../features/not-found/not-found.page')).NotFoundPage,
                }),
              },
            ],
          },
          {
            lazy: async () => ({ Component: (await import('./layouts.component')).FullScreenLayout }),
            children: [
              {
                path: '/learn',
                lazy: async () => ({ Component: (await import('../features/learn/learn.page')).LearnPage }),
              },
              {
                path: '/audiobook/:id',
                lazy: async () => ({
                  Component: (await import('../features/audiobook-player/audiobook-player.page'))
                    .AudiobookPlayerPage,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
