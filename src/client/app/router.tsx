import type { CatalogArea } from '../i18n/catalog-areas';
import { loadCatalogAreas } from '../i18n/setup';
import { PublicLayout } from './public-layout.component';
import { prepareRoutes, type ScreenRoute } from './app-routes.component';
import { RequireAuth, RootLayout } from './route-guards.component';

/**
 * A screen's chunk, once it and the texts of its catalogue areas have both arrived (fetched side by side).
 * Every screen may show a failed call's error, so the error texts come with each.
 */
async function withTexts<T>(screen: Promise<T>, areas: readonly CatalogArea[]): Promise<T> {
  const [module] = await Promise.all([screen, loadCatalogAreas(['errors', ...areas])]);
  return module;
}

/**
 * Routes of docs/product/overview.md#routes. Every screen is its own chunk, loaded when first visited, so the
 * first page a learner opens does not pay for the dictionary, the player or the settings.
 */
export const routes: ScreenRoute[] = [
  {
    element: <RootLayout />,
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
            lazy: async () => ({
              Component: (await withTexts(import('../features/auth/login.page'), [])).LoginPage,
            }),
          },
          {
            path: '/register',
            lazy: async () => ({
              Component: (await withTexts(import('../features/auth/register.page'), [])).RegisterPage,
            }),
          },
          {
            path: '/auth-error',
            lazy: async () => ({
              Component: (await withTexts(import('../features/auth/auth-error.page'), [])).AuthErrorPage,
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
                  Component: (
                    await withTexts(import('../features/upload/upload.page'), ['upload', 'dictionary'])
                  ).UploadPage,
                }),
              },
              {
                path: '/dashboard',
                lazy: async () => ({
                  Component: (await withTexts(import('../features/dashboard/dashboard.page'), ['dashboard']))
                    .DashboardPage,
                }),
              },
              {
                path: '/dictionary',
                lazy: async () => ({
                  Component: (
                    await withTexts(import('../features/dictionary/dictionary.page'), ['dictionary'])
                  ).DictionaryPage,
                }),
              },
              {
                path: '/review',
                lazy: async () => ({
                  Component: (await withTexts(import('../features/review/review.page'), ['review']))
                    .ReviewPage,
                }),
              },
              {
                path: '/settings',
                lazy: async () => ({
                  Component: (
                    await withTexts(import('../features/settings/settings.page'), [
                      'settingsDisplay',
                      'settingsProviders',
                    ])
                  ).SettingsPage,
                }),
              },
              {
                path: '/audiobooks',
                lazy: async () => ({
                  Component: (
                    await withTexts(import('../features/audiobooks/audiobooks.page'), [
                      'audiobooks',
                      'audiobookCreation',
                    ])
                  ).AudiobooksPage,
                }),
              },
              {
                path: '/audio-test',
                lazy: async () => ({
                  Component: (
                    await withTexts(import('../features/audio-test/audio-test.page'), ['audioTest'])
                  ).AudioTestPage,
                }),
              },
              {
                path: '*',
                lazy: async () => ({
                  Component: (await withTexts(import('../features/not-found/not-found.page'), []))
                    .NotFoundPage,
                }),
              },
            ],
          },
          {
            lazy: async () => ({ Component: (await import('./layouts.component')).FullScreenLayout }),
            children: [
              {
                path: '/learn',
                lazy: async () => ({
                  Component: (await withTexts(import('../features/learn/learn.page'), ['learn'])).LearnPage,
                }),
              },
              {
                path: '/audiobook/:id',
                lazy: async () => ({
                  Component: (
                    await withTexts(import('../features/audiobook-player/audiobook-player.page'), [
                      'audiobookPlayer',
                      'audiobooks',
                    ])
                  ).AudiobookPlayerPage,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
];

export const appRoutes = prepareRoutes(routes);
