// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { adoptSavedInterfaceLanguage } from '../../../src/client/i18n/setup';
import { dictionaryPaths } from '../../../src/shared/api/dictionary';
import { learnPath, learnPaths } from '../../../src/shared/api/learn';
import { settingsPaths } from '../../../src/shared/api/settings';
import type { WordListItem } from '../../../src/shared/api/words';
import { wordsPaths } from '../../../src/shared/api/words-paths';
import { LearnPage } from '../../../src/client/features/learn/learn.page';
import { NavBar } from '../../../src/client/app/nav-bar.component';
import { settingsQueryOptions } from '../../../src/client/lib/api/settings.api';
import { createQueryClient } from '../../../src/client/lib/query-client';
import { queryKeys } from '../../../src/client/lib/query-keys';
import { Toaster } from '../../../src/client/ui/toaster.component';
import type { FakeApi } from '../../support/client/fake-api';
import { recordToasts, useFakeClient } from '../../support/client/fake-client';
import {
  answerLearn,
  clipsOf,
  learnerSettings,
  learnWord,
  type LearnServer,
  recordAudioPlays,
} from '../../support/client/learn-answers';
import { loadTexts, renderPage } from '../../support/client/render-client';
import type { Settings } from '../../../src/shared/api/settings';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The Learn screen's rules as the learner sees them (docs/product/learn.md), against its calls answered by
 * the test and audio elements that play without sound: taking a word out and its undo, the menu, the
 * automatic hide at the auto threshold, the list's order, a card without a translation and sound refused by
 * the browser. Real audio, the keys in a real page and the layout are e2e/learn.spec.ts's and
 * e2e/learn-sound.spec.ts's; the player's order and timing are learn-player.test.ts's.
 */

const fakeClient = useFakeClient();
let api: FakeApi;
let server: LearnServer;
let toasts: string[];

const counter = () => screen.queryByTestId('learn-counter')?.textContent;
const spanish = () => screen.getByTestId('learn-card-spanish').textContent;
const sent = (method: string, path: string) =>
  api.requests
    .filter((request) => request.method === method && request.path === path)
    .map((request) => request.body);

function serve(words: WordListItem[], settings: Partial<Settings> = {}) {
  server = { words, settings: learnerSettings({ autoplayAudio: false, ...settings }), undos: new Map() };
  answerLearn(api, server);
}

/** Learn as the app opens it: the learner's settings are in before a screen opens; a toaster shows toasts. */
async function renderLearn(queryClient: QueryClient = createQueryClient()) {
  await queryClient.query(settingsQueryOptions());
  const rendered = renderPage(
    <MemoryRouter>
      <LearnPage />
      <Toaster />
    </MemoryRouter>,
    queryClient,
  );
  await waitFor(() => expect(counter()).toMatch(/ (из|of) /));
  return rendered;
}

beforeEach(async () => {
  api = fakeClient.api;
  localStorage.clear();
  toasts = recordToasts();
  await loadTexts(['learn', 'errors']);
});

describe('taking a word out of study (docs/product/learn.md#taking-a-word-out-of-study)', () => {
  it('can be undone, the word back at its place; else it leaves the session', async () => {
    const words = [
      learnWord('cantar', 'петь'),
      learnWord('bailar', 'танцевать'),
      learnWord('nadar', 'плавать'),
    ];
    serve(words);
    await renderLearn();
    expect(counter()).toBe('1 из 3');
    expect(spanish()).toBe('cantar');
    const takeOut = screen.getByRole('button', { name: 'Убрать из изучения' });
    expect(takeOut.getAttribute('title')).toBe('Убрать из изучения');

    fireEvent.click(takeOut);
    await waitFor(() => expect(counter()).toBe('1 из 2'));
    expect(toasts).toContain('Слово скрыто');
    expect(server.words[0]?.isHidden).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить' }));
    await waitFor(() => expect(counter()).toBe('1 из 3'));
    expect(toasts).toContain('Слово возвращено в изучение');
    expect(spanish()).toBe('cantar');
    // The undo sends the token the hide answered: the server puts back what it changed.
    expect(sent('POST', wordsPaths.undo)).toEqual([{ undoToken: [...server.undos.keys()][0] }]);
    expect(server.words[0]?.isHidden).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Убрать из изучения' }));
    await waitFor(() => expect(counter()).toBe('1 из 2'));
    expect(spanish()).toBe('bailar');
    expect(server.words[0]?.isHidden).toBe(true);
  });

  it('a new visit leaves the hidden word out, also when the word list is still cached from the last one', async () => {
    const words = [
      learnWord('cantar', 'петь'),
      learnWord('bailar', 'танцевать'),
      learnWord('nadar', 'плавать'),
    ];
    serve(words);
    const queryClient = createQueryClient();
    // The list as the last visit read it, before the word was hidden.
    queryClient.setQueryData(queryKeys.words.whole, words);
    server.words = words.map((word, index) => (index === 0 ? { ...word, isHidden: true } : word));
    await renderLearn(queryClient);
    expect(counter()).toBe('1 из 2');
    expect(spanish()).toBe('bailar');
  });
});

describe('the menu (docs/product/learn.md#menu)', () => {
  it('changes the font, the layout and the stats bar, regenerates the audio and the picture, and says a phrase needs a key', async () => {
    const word = learnWord('cantar', 'петь');
    serve([word]);
    await renderLearn();
    const openMenu = async () => {
      fireEvent.keyDown(screen.getByRole('button', { name: 'Меню' }), { key: 'Enter' });
      return screen.findByRole('menu');
    };
    const fontBefore = parseFloat(screen.getByTestId('learn-card-spanish').style.fontSize);

    let menu = await openMenu();
    // No language-model key: a new phrase is disabled, and says why and where the key goes.
    const newPhrase = within(menu).getByRole('menuitem', { name: 'Перегенерировать фразу' });
    expect(newPhrase.getAttribute('aria-disabled')).toBe('true');
    const describedBy = newPhrase.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'Новой фразе нужен ключ OpenAI: Настройки › API',
    );
    expect(
      within(menu)
        .getByRole('menuitem', { name: /^Новой фразе нужен ключ OpenAI/ })
        .getAttribute('href'),
    ).toBe('/settings?tab=api');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Увеличить шрифт' }));
    await waitFor(() => expect(screen.getByRole('menu').textContent).toContain('Размер шрифта: 110%'));
    await waitFor(() =>
      expect(parseFloat(screen.getByTestId('learn-card-spanish').style.fontSize)).toBeGreaterThan(fontBefore),
    );
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    menu = await openMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Меню справа' }));
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Управление' }).className).toMatch(/justify-end/),
    );

    menu = await openMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Скрыть панель статистики' }));
    await waitFor(() => expect(counter()).toBeUndefined());

    menu = await openMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Перегенерировать аудио' }));
    await waitFor(() => expect(toasts).toContain('Аудио перегенерировано!'));
    expect(sent('POST', learnPath(learnPaths.regenerateAudio, word.id))).toEqual([{ forceRegenerate: true }]);

    menu = await openMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Стиль изображения' }));
    const dialog = await screen.findByRole('dialog', { name: 'Стиль изображения' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(
      ['Фотореализм', 'Мультфильм', 'Готика', 'Цифровое искусство', 'Акварель', 'Минимализм', 'Закрыть'].map(
        (name) => expect.stringContaining(name) as unknown,
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /Мультфильм/ }));
    await waitFor(() => expect(toasts).toContain('Изображение создано'));
    expect(sent('POST', dictionaryPaths.regenerateImage.replace(':id', String(word.id)))).toEqual([
      { style: 4 },
    ]);
    expect(await screen.findByTestId('learn-card-picture')).toBeDefined();

    // Each display choice was saved as the learner's setting.
    expect(sent('PUT', settingsPaths.settings)).toEqual([
      { learnFontScale: 110 },
      { bottomMenuAlignment: 'right' },
      { showStatsBar: false },
    ]);
  });
});

describe('listening (docs/product/learn.md#listen-counts)', () => {
  it('a word heard up to the auto threshold is hidden automatically and leaves the session', async () => {
    const played = recordAudioPlays();
    const first = learnWord('cantar', 'петь', { attempts: 29 });
    const second = learnWord('bailar', 'танцевать');
    serve([first, second], { listenThresholdSafe: 20, listenThresholdAuto: 30 });
    await renderLearn();
    expect(counter()).toBe('1 из 2');
    expect(screen.getByTestId('learn-listen-count').textContent).toBe('Прослушано: 29');

    fireEvent.click(screen.getByRole('button', { name: 'Воспроизвести карточку' }));
    await waitFor(() => expect(toasts).toContain('Слово автоматически скрыто'));
    expect(counter()).toBe('1 из 1');
    expect(spanish()).toBe('bailar');
    expect(played.length).toBeGreaterThan(0);
    expect(sent('PATCH', learnPath(learnPaths.listenCount, first.id))).toEqual([{ listenCount: 30 }]);
    expect(sent('PUT', wordsPaths.word.replace(':id', String(first.id)))).toEqual([
      { attempts: 30, isActive: false },
    ]);
  });

  it('a word kept without a translation says so on its card and plays its two Spanish voices', async () => {
    const played = recordAudioPlays();
    const word = learnWord('nadar', '');
    serve([word], { bilingualPlaybackLearn: true });
    await renderLearn();
    expect(screen.getByTestId('learn-card-russian').textContent).toBe('перевод не указан');
    fireEvent.click(screen.getByRole('button', { name: 'Воспроизвести карточку' }));
    await waitFor(() => expect(sent('PATCH', learnPath(learnPaths.listenCount, word.id))).toHaveLength(1));
    expect(played).toEqual([clipsOf(word).audioData, clipsOf(word).secondVoiceAudioData]);
  });
});

describe('the list’s order (docs/product/learn.md#word-list)', () => {
  it('the navigation bar’s Learn link sorts the next list by listens, once; opened again it is the server’s', async () => {
    const words = [
      learnWord('cantar', 'петь', { attempts: 5 }),
      learnWord('bailar', 'танцевать', { attempts: 0 }),
      learnWord('nadar', 'плавать', { attempts: 2 }),
    ];
    serve(words);
    const nav = renderPage(
      <MemoryRouter>
        <NavBar />
      </MemoryRouter>,
    );
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Основная навигация' })).getByRole('link', {
        name: 'Изучение',
      }),
    );
    nav.unmount();

    const visit = await renderLearn();
    const shown: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      await waitFor(() => expect(counter()).toBe(`${index + 1} из 3`));
      shown.push(spanish());
      if (index < 2) fireEvent.click(screen.getByRole('button', { name: 'Следующее слово' }));
    }
    expect(shown).toEqual(['bailar', 'nadar', 'cantar']);
    expect(localStorage.getItem('sortWordsOnNextLearn')).toBeNull();
    visit.unmount();

    await renderLearn();
    expect(spanish()).toBe('cantar');
  });
});

describe('sound refused by the browser (docs/product/learn.md#sound-blocked)', () => {
  it('nothing plays on opening by default; with autoPlayNavigation a refused card waits under one prompt, and the tap plays it from there', async () => {
    let isRefusing = true;
    const played = recordAudioPlays(() => isRefusing);
    const word = learnWord('cantar', 'петь');
    serve([word]);
    const first = await renderLearn();
    expect(screen.getByRole('button', { name: 'Воспроизвести карточку' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(played).toEqual([]);
    first.unmount();

    server.settings = learnerSettings({ autoPlayNavigation: true, bilingualPlaybackLearn: false });
    await renderLearn();
    const prompt = await screen.findByRole('alert');
    expect(prompt.textContent).toContain('Звук не включился');
    expect(prompt.textContent).toContain('Браузер не даёт включить звук, пока вы не коснётесь страницы.');
    expect(played).toEqual([clipsOf(word).audioData]);
    expect(screen.getAllByRole('button', { name: 'Нажмите, чтобы включить звук' })).toHaveLength(1);

    isRefusing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Нажмите, чтобы включить звук' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    // The refused clip first, then the card's second Spanish voice.
    await waitFor(() =>
      expect(played).toEqual([
        clipsOf(word).audioData,
        clipsOf(word).audioData,
        clipsOf(word).secondVoiceAudioData,
      ]),
    );
    await waitFor(() =>
      expect(sent('PATCH', learnPath(learnPaths.listenCount, word.id))).toEqual([{ listenCount: 1 }]),
    );
  });

  it('words the prompt in English in the English interface', async () => {
    recordAudioPlays(() => true);
    serve([learnWord('cantar', 'петь')], { autoPlayNavigation: true, interfaceLanguage: 'en' });
    await adoptSavedInterfaceLanguage('en');
    onTestFinished(() => adoptSavedInterfaceLanguage('ru'));
    await renderLearn();
    const prompt = await screen.findByRole('alert');
    expect(prompt.textContent).toContain('Sound did not start');
    expect(prompt.textContent).toContain('The browser will not play sound until you touch the page.');
    expect(within(prompt).getByRole('button', { name: 'Tap to start sound' })).toBeDefined();
  });
});
