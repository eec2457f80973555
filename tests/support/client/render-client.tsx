import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  type Settings,
  settingsDefaults,
  settingsPaths,
  settingsSchema,
} from '../../../src/shared/api/settings';
import { authPaths } from '../../../src/shared/api/auth-paths';
import type { CatalogArea } from '../../../src/client/i18n/catalog-areas';
import { initInterfaceTexts, loadCatalogAreas } from '../../../src/client/i18n/setup';
import { createQueryClient } from '../../../src/client/lib/query-client';
import type { FakeApi } from './fake-api';

/**
 * A screen or hook rendered as the app renders it: the app's own query client (its retries and stale
 * times) and its Russian texts, loaded as the router loads a screen's areas.
 */

export async function loadTexts(areas: readonly CatalogArea[]): Promise<void> {
  initInterfaceTexts();
  await loadCatalogAreas(areas);
}

/** What a screen is rendered inside: the query client's provider. */
export function pageWrapper(queryClient: QueryClient) {
  return function PageWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  };
}

/** A fresh page: a new query client, so nothing is cached from an earlier render (a reload). */
export function renderPage(ui: ReactElement, queryClient: QueryClient = createQueryClient()) {
  return { queryClient, ...render(ui, { wrapper: pageWrapper(queryClient) }) };
}

/** The signed-in learner's settings as `GET`/`PUT /api/settings` answer them, with `overrides`. */
export function learnerSettings(overrides: Partial<Settings> = {}): Settings {
  return settingsSchema.parse({
    ...settingsDefaults,
    timeZone: 'UTC',
    reviewDirections: ['es-ru'],
    hasOpenaiApiKey: false,
    hasElevenlabsApiKey: false,
    hasLeonardoApiKey: false,
    openaiApiKeyHint: null,
    elevenlabsApiKeyHint: null,
    leonardoApiKeyHint: null,
    unreadableApiKeys: [],
    ...overrides,
  });
}

/** The sign-in check and the settings of a signed-in learner. */
export function answerSignedInLearner(api: FakeApi, settings: Partial<Settings> = {}): void {
  api.on('GET', authPaths.status, () => ({ body: { isAuthenticated: true } }));
  api.on('GET', settingsPaths.settings, () => ({ body: learnerSettings(settings) }));
}
