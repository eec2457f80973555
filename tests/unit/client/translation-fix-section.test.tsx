// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jobPaths } from '../../../src/shared/api/jobs';
import {
  regenerateTranslationsResponseSchema,
  stopTranslationFixResponseSchema,
  wordMaintenancePaths,
} from '../../../src/shared/api/word-maintenance';
import type { ServerMessage, TranslationCorrection } from '../../../src/shared/realtime';
import { TranslationFixSection } from '../../../src/client/features/settings/components/translation-fix-section.component';
import { TRANSLATION_FIX_JOB_KIND } from '../../../src/client/features/settings/lib/translation-fix-state';
import { JOB_POLL_INTERVAL_MS } from '../../../src/client/lib/jobs/job-state';
import { deferred, type FakeAnswer, type FakeApi } from '../../support/client/fake-api';
import { recordToasts, useFakeClient } from '../../support/client/fake-client';
import { currentSocket } from '../../support/client/fake-web-socket';
import {
  jobAnswer,
  jobAt,
  type JobFixture,
  progressMessage,
  statusMessage,
} from '../../support/client/job-answers';
import { answerSignedInLearner, loadTexts, renderPage } from '../../support/client/render-client';

/**
 * Settings › API › the translation fix (docs/product/settings.md#translation-fix), its state as the
 * learner sees it: fed by the fix's own `/ws` messages and its job, against a fake socket and stubbed
 * calls.
 */

const JOB = 'fix-1';
const WORDS = 7;
const CORRECTIONS: TranslationCorrection[] = Array.from({ length: WORDS }, (_, index) => ({
  spanish: `palabra${index + 1}`,
  oldTranslation: `старое${index + 1}`,
  newTranslation: `новое${index + 1}`,
}));

const fakeClient = useFakeClient();
let api: FakeApi;
/** The fix's job as the server's status call answers it. */
let fix: JobFixture;
let toasts: string[];

const startButton = () => screen.getByRole('button', { name: 'Запустить исправление' });
const stopButton = () => screen.getByRole('button', { name: 'Остановить' });
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const toastsTitled = (title: string) => toasts.filter((seen) => seen === title);

function send(...messages: ServerMessage[]) {
  act(() => {
    for (const message of messages) currentSocket().receive(message);
  });
}

function counted(current: number, regenerated = current, failed = 0): ServerMessage {
  return {
    type: 'translation_regeneration_progress',
    progress: {
      current,
      total: WORDS,
      regenerated,
      failed,
      currentWord: CORRECTIONS[current]?.spanish ?? null,
    },
  };
}

/** The job ends: the summary on the socket, then the job's own end, with its results for the status call. */
function finish(regenerated: number, isStopped = false) {
  const summary = { totalWords: WORDS, regenerated, failed: 0, isStopped };
  fix = { ...fix, status: 'completed', results: summary };
  send({ type: 'translation_regeneration_complete', summary }, progressMessage(fix), statusMessage(fix));
}

async function renderSection() {
  renderPage(
    <MemoryRouter>
      <TranslationFixSection />
    </MemoryRouter>,
  );
  act(() => currentSocket().open());
  // The learner's settings have arrived once the start is enabled.
  await waitFor(() => expect(startButton()).toHaveProperty('disabled', false));
}

beforeEach(async () => {
  api = fakeClient.api;
  fix = jobAt(JOB, TRANSLATION_FIX_JOB_KIND, WORDS);
  await loadTexts(['settingsProviders', 'errors']);
  answerSignedInLearner(api, { hasOpenaiApiKey: true, openaiApiKeyHint: 'sk-…test' });
  api.on('GET', jobPaths.job(JOB), () => ({ body: jobAnswer(fix) }));
  api.on('POST', wordMaintenancePaths.regenerateTranslations, () => ({
    body: regenerateTranslationsResponseSchema.parse({ jobId: JOB, summary: { totalWords: WORDS } }),
  }));
  toasts = recordToasts();
});

describe('the translation fix', () => {
  it('streams its progress and corrections, the newest five first, and announces its end once', async () => {
    await renderSection();
    fireEvent.click(startButton());
    await waitFor(() => expect(toastsTitled('Запущено создание качественных переводов')).toHaveLength(1));
    expect(api.count('POST', wordMaintenancePaths.regenerateTranslations)).toBe(1);
    expect(startButton()).toHaveProperty('disabled', true);
    expect(stopButton()).toHaveProperty('disabled', false);
    expect(currentSocket().subscriptions()).toContain(JOB);

    fix = jobAt(JOB, TRANSLATION_FIX_JOB_KIND, WORDS, 0, 'processing');
    send(progressMessage(fix), counted(0));
    expect(await screen.findByText('Создаём качественные переводы…')).toBeDefined();

    for (const [index, correction] of CORRECTIONS.entries())
      send(counted(index + 1), { type: 'translation_regeneration_update', wordData: correction });
    expect(await screen.findByText(`Обработано ${WORDS} из ${WORDS}`)).toBeDefined();
    expect(screen.getByText(`${WORDS} из ${WORDS} (100%)`)).toBeDefined();
    const shown = within(screen.getByRole('region', { name: 'Последние исправления' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(shown).toEqual([7, 6, 5, 4, 3].map((n) => `palabra${n}: старое${n} → новое${n}`));

    finish(WORDS);
    expect(await screen.findByText(`Готово: исправлено ${WORDS} из ${WORDS}`)).toBeDefined();
    await waitFor(() => expect(toastsTitled('Исправление переводов завершено')).toHaveLength(1));
    expect(startButton()).toHaveProperty('disabled', false);
    expect(stopButton()).toHaveProperty('disabled', true);
    // The status call's last word on it, and the time that passes, announce nothing more.
    await pass(JOB_POLL_INTERVAL_MS * 2);
    expect(toastsTitled('Исправление переводов завершено')).toHaveLength(1);
  });

  it('shows a run that ended before its start was answered as done, announcing no start', async () => {
    const answer = deferred<FakeAnswer>();
    api.on('POST', wordMaintenancePaths.regenerateTranslations, () => answer.promise);
    await renderSection();
    fireEvent.click(startButton());
    expect(await screen.findByText('Создаём качественные переводы...')).toBeDefined();
    await waitFor(() => expect(api.count('POST', wordMaintenancePaths.regenerateTranslations)).toBe(1));

    fix = jobAt(JOB, TRANSLATION_FIX_JOB_KIND, WORDS, 0, 'processing');
    send(progressMessage(fix), counted(WORDS, 2), {
      type: 'translation_regeneration_update',
      wordData: CORRECTIONS[0]!,
    });
    finish(2);
    answer.resolve({ body: { jobId: JOB, summary: { totalWords: WORDS } } });

    expect(await screen.findByText(`Готово: исправлено 2 из ${WORDS}`)).toBeDefined();
    await waitFor(() => expect(toastsTitled('Исправление переводов завершено')).toHaveLength(1));
    expect(screen.getByText('palabra1: старое1 → новое1')).toBeDefined();
    expect(toastsTitled('Запущено создание качественных переводов')).toEqual([]);
  });

  it('once stopped here, stays stopped whatever messages were already on their way', async () => {
    api.on('POST', wordMaintenancePaths.stopTranslationFix, () => ({
      body: stopTranslationFixResponseSchema.parse({ stopped: true }),
    }));
    await renderSection();
    fireEvent.click(startButton());
    fix = jobAt(JOB, TRANSLATION_FIX_JOB_KIND, WORDS, 0, 'processing');
    await waitFor(() => expect(currentSocket().subscriptions()).toContain(JOB));
    send(progressMessage(fix), counted(2));
    expect(await screen.findByText(`Обработано 2 из ${WORDS}`)).toBeDefined();

    fireEvent.click(stopButton());
    await waitFor(() => expect(toastsTitled('Исправление переводов остановлено')).toHaveLength(1));
    expect(stopButton()).toHaveProperty('disabled', true);
    expect(startButton()).toHaveProperty('disabled', false);

    send(progressMessage(fix), counted(3));
    expect(await screen.findByText(`Обработано 3 из ${WORDS}`)).toBeDefined();
    expect(stopButton()).toHaveProperty('disabled', true);
    expect(screen.queryByText(/^Сейчас:/)).toBeNull();

    finish(3, true);
    expect(await screen.findByText(`Остановлено: исправлено 3 из ${WORDS}`)).toBeDefined();
    await pass(JOB_POLL_INTERVAL_MS);
    // The stop was announced; its end is not announced as a finished fix.
    expect(toastsTitled('Исправление переводов завершено')).toEqual([]);
  });

  it('takes up a run started elsewhere from its first progress message', async () => {
    await renderSection();
    fix = jobAt(JOB, TRANSLATION_FIX_JOB_KIND, WORDS, 0, 'processing');
    send(progressMessage(fix));
    await waitFor(() => expect(stopButton()).toHaveProperty('disabled', false));
    expect(startButton()).toHaveProperty('disabled', true);
    await waitFor(() => expect(currentSocket().subscriptions()).toContain(JOB));

    send(counted(4));
    expect(await screen.findByText(`Обработано 4 из ${WORDS}`)).toBeDefined();
    expect(screen.getByText('Сейчас: palabra5')).toBeDefined();
    expect(api.count('POST', wordMaintenancePaths.regenerateTranslations)).toBe(0);
  });

  it('without a language-model key, the start is disabled and says why and where the key goes', async () => {
    answerSignedInLearner(api, { hasOpenaiApiKey: false });
    renderPage(
      <MemoryRouter>
        <TranslationFixSection />
      </MemoryRouter>,
    );
    // Disabled alone proves nothing (it is disabled while the socket connects): wait for the reason.
    await waitFor(() => expect(startButton().getAttribute('aria-describedby')).toBeTruthy());
    expect(startButton()).toHaveProperty('disabled', true);
    const reason = document.getElementById(startButton().getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toMatch(/Исправлению переводов нужен ключ OpenAI/);
    expect(within(reason!).getByRole('link', { name: 'Настройки › API' }).getAttribute('href')).toBe(
      '/settings?tab=api',
    );
  });
});
