// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  audiobookSentenceListSchema,
  dictionaryPaths,
  mediaGallerySchema,
  setPrimaryImageRequestSchema,
  wordImageListSchema,
} from '../../../src/shared/api/dictionary';
import { learnPaths, regenerateAudioResponseSchema } from '../../../src/shared/api/learn';
import { type WordListItem, wordsPaths, wordUpdateSchema } from '../../../src/shared/api/words';
import { playClip } from '../../../src/client/lib/audio/play-clip';
import { PLAY_COOLDOWN_MS } from '../../../src/client/features/dictionary/components/play-word-button.component';
import { type FakeApi } from '../../support/client/fake-api';
import { recordToasts, useFakeClient } from '../../support/client/fake-client';
import {
  answerWords,
  dictionaryWord,
  pathOf,
  renderDictionary,
} from '../../support/client/dictionary-answers';
import { answerSignedInLearner, loadTexts } from '../../support/client/render-client';

vi.mock('../../../src/client/lib/audio/play-clip', () => ({
  playClip: vi.fn(() => Promise.resolve({ stop: () => undefined, ended: Promise.resolve() })),
}));

/**
 * The word's row and card (docs/product/dictionary.md#word-row, docs/product/dictionary.md#word-card,
 * docs/product/dictionary.md#word-editing): what they show for given answers and what they send. The
 * server's side: tests/integration/word-editing.test.ts (edits, the 409, cleared clips),
 * learn.test.ts (`regenerate-audio` without force), dictionary.test.ts (gallery, primary picture,
 * library, audiobook sentences). Chromium keeps what only it proves: pictures' real widths and bytes,
 * the clip fetched, axe (e2e/dictionary.spec.ts).
 */

const fakeClient = useFakeClient();
let api: FakeApi;
let toasts: string[];

const CLIP = `/media/${'a'.repeat(64)}.mp3`;
const NEW_CLIP = `/media/${'b'.repeat(64)}.mp3`;
const FIRST_PICTURE = `/media/${'1'.repeat(64)}.webp`;
const SECOND_PICTURE = `/media/${'2'.repeat(64)}.webp`;

const wordList = () => screen.getByRole('list', { name: 'Слова' });
const rowOf = async (spanish: string) => {
  await waitFor(() =>
    expect(within(wordList()).getByRole('button', { name: `Карточка слова «${spanish}»` })).toBeDefined(),
  );
  return within(wordList())
    .getAllByRole('listitem')
    .find((item) => item.querySelector('[data-field="spanish"]')?.textContent === spanish)!;
};
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function openCard(words: WordListItem[], spanish: string) {
  answerWords(api, words);
  renderDictionary();
  fireEvent.click(within(await rowOf(spanish)).getByRole('button', { name: `Карточка слова «${spanish}»` }));
  return screen.findByRole('dialog', { name: spanish });
}

beforeEach(async () => {
  api = fakeClient.api;
  vi.mocked(playClip).mockClear();
  toasts = recordToasts();
  await loadTexts(['dictionary', 'errors']);
});

describe('the word card', () => {
  it('without a language model says where examples come from; an edit refuses a duplicate, then saves, and the cleared clips are made again', async () => {
    answerSignedInLearner(api, { hasOpenaiApiKey: false });
    const words = [
      dictionaryWord(1, 'el perro', 'собака', { audioData: CLIP }),
      dictionaryWord(2, 'el gato', 'кошка', { partOfSpeech: 'noun', audioData: CLIP }),
    ];
    const card = await openCard(words, 'el perro');
    expect(
      within(card).getByText('Пример, уровень CEFR и тему подбирает языковая модель', { exact: false }),
    ).toBeDefined();
    expect(within(card).getByRole('link', { name: 'Настройки → API' }).getAttribute('href')).toBe(
      '/settings?tab=api',
    );
    expect(within(card).queryByText('Примера пока нет')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Произнести' })).toHaveProperty('disabled', false);

    // The server refuses another word's Spanish (tests/integration/word-editing.test.ts), then takes the edit
    // and clears the clip that spoke the old Spanish.
    api.on('PUT', pathOf(wordsPaths.word, 1), (request) => {
      const update = wordUpdateSchema.parse(request.body);
      if (update.spanish?.toLowerCase() === 'gato')
        return { status: 409, body: { code: 'duplicate_word', message: 'Duplicate word' } };
      // The theme is stored trimmed and in lower case, as the server keeps it.
      const themeCategory = update.themeCategory?.toLowerCase() ?? null;
      words[0] = { ...words[0]!, ...update, themeCategory, audioData: null };
      return { body: words[0] };
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Изменить' }));
    const form = await screen.findByRole('dialog', { name: 'Изменение слова' });
    fireEvent.change(within(form).getByLabelText('Испанское слово'), { target: { value: 'Gato' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Слово уже существует в словаре');

    fireEvent.change(within(form).getByLabelText('Испанское слово'), { target: { value: 'el perrito' } });
    fireEvent.change(within(form).getByLabelText('Перевод', { exact: true }), {
      target: { value: 'собачка' },
    });
    fireEvent.click(within(form).getByRole('combobox', { name: 'Часть речи' }));
    fireEvent.click(await screen.findByRole('option', { name: 'существительное' }));
    fireEvent.click(within(form).getByRole('combobox', { name: 'Уровень CEFR' }));
    fireEvent.click(await screen.findByRole('option', { name: 'B1' }));
    fireEvent.change(within(form).getByLabelText('Тема'), { target: { value: 'Животные' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));

    const edited = await screen.findByRole('dialog', { name: 'el perrito' });
    const sent = api.requests.filter((request) => request.method === 'PUT').at(-1)?.body;
    expect(sent).toMatchObject({
      spanish: 'el perrito',
      russian: 'собачка',
      partOfSpeech: 'noun',
      cefrLevel: 'B1',
    });
    expect(within(edited).getByText('собачка', { exact: true })).toBeDefined();
    const tags = within(edited).getByTestId('word-card-tags');
    expect(tags.textContent).toContain('B1');
    expect(tags.textContent).toContain('существительное');
    expect(tags.textContent).toContain('животные');
    // The old clip spoke 'el perro': it is no longer played, and can be made again at once.
    expect(within(edited).getByRole('button', { name: 'Произнести' })).toHaveProperty('disabled', true);
    expect(within(edited).getByText('старая озвучка удалена', { exact: false })).toBeDefined();
    api.on('POST', pathOf(learnPaths.regenerateAudio, 1), () => {
      words[0] = { ...words[0]!, audioData: NEW_CLIP };
      return {
        body: regenerateAudioResponseSchema.parse({
          audioData: NEW_CLIP,
          russianAudioData: null,
          secondVoiceAudioData: null,
          audioGenerated: true,
        }),
      };
    });
    fireEvent.click(within(edited).getByRole('button', { name: 'Озвучить заново' }));
    await waitFor(() =>
      expect(within(edited).getByRole('button', { name: 'Произнести' })).toHaveProperty('disabled', false),
    );
    // Only the clips the edit cleared are asked for (no force).
    expect(
      api.requests.find((request) => request.path === pathOf(learnPaths.regenerateAudio, 1))?.body,
    ).toEqual({});
    fireEvent.click(within(edited).getByRole('button', { name: 'Произнести' }));
    await waitFor(() => expect(playClip).toHaveBeenCalledWith(NEW_CLIP, expect.anything()));

    fireEvent.click(within(edited).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('combobox', { name: 'Тема' }));
    fireEvent.click(await screen.findByRole('option', { name: 'животные (1)' }));
    await waitFor(() =>
      expect(
        within(wordList())
          .getAllByRole('listitem')
          .map((row) => row.querySelector('[data-field="spanish"]')?.textContent),
      ).toEqual(['el perrito']),
    );
  });

  it('with a language-model key keeps its plain texts', async () => {
    answerSignedInLearner(api, { hasOpenaiApiKey: true });
    const card = await openCard([dictionaryWord(1, 'la mesa', 'стол')], 'la mesa');
    expect(within(card).getByText('Примера пока нет')).toBeDefined();
    expect(within(card).queryByText('подбирает языковая модель', { exact: false })).toBeNull();
  });

  it('opens from a link to the word, and closing it leaves the plain dictionary address', async () => {
    answerSignedInLearner(api);
    answerWords(api, [dictionaryWord(7, 'la casa', 'дом, жилище')]);
    renderDictionary('/dictionary?word=7');
    const card = await screen.findByRole('dialog', { name: 'la casa' });
    expect(within(card).getByText('дом, жилище', { exact: true })).toBeDefined();
    expect(within(card).getByRole('button', { name: 'Изменить' })).toBeDefined();
    fireEvent.keyDown(card, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status', { name: 'Адрес' }).textContent).toBe('/dictionary');
  });
});

describe('the word row', () => {
  it('plays the stored clip, and its button rests for 3 s after a press', async () => {
    answerSignedInLearner(api);
    answerWords(api, [dictionaryWord(1, 'el perro', 'собака', { audioData: CLIP })]);
    renderDictionary();
    const play = within(await rowOf('el perro')).getByRole('button', { name: 'Произнести «el perro»' });
    expect(play).toHaveProperty('disabled', false);
    // From here the page's time stands still unless the test moves it, whatever the machine's load.
    vi.useFakeTimers();
    fireEvent.click(play);
    expect(playClip).toHaveBeenCalledWith(CLIP, expect.anything());
    expect(play).toHaveProperty('disabled', true);
    await pass(PLAY_COOLDOWN_MS - 100);
    expect(play).toHaveProperty('disabled', true);
    await pass(200);
    expect(play).toHaveProperty('disabled', false);
  });

  it('shows the thumbnail, opens the picture, and makes an older picture the primary one', async () => {
    answerSignedInLearner(api);
    const words = [dictionaryWord(1, 'correr', 'бегать', { imageUrl: SECOND_PICTURE })];
    answerWords(api, words);
    const gallery = () =>
      wordImageListSchema.parse(
        [SECOND_PICTURE, FIRST_PICTURE].map((url, index) => ({
          id: index + 1,
          url,
          styleId: null,
          imageFormat: 'webp',
          createdAt: new Date(0).toISOString(),
          isPrimary: url === words[0]!.imageUrl,
        })),
      );
    api.on('GET', pathOf(dictionaryPaths.images, 1), () => ({ body: gallery() }));
    api.on('POST', pathOf(dictionaryPaths.setPrimaryImage, 1), (request) => {
      const { imageId } = setPrimaryImageRequestSchema.parse(request.body);
      const imageUrl = gallery().find((image) => image.id === imageId)!.url;
      words[0] = { ...words[0]!, imageUrl };
      return { body: { imageUrl } };
    });
    renderDictionary();
    const row = await rowOf('correr');
    // lowQualityImages is on by default: the row's 56 px slot takes the 64 px variant
    // (docs/product/media.md#picture-variants).
    await waitFor(() => expect(row.querySelector('img')?.getAttribute('src')).toBe(`${SECOND_PICTURE}?w=64`));

    fireEvent.click(within(row).getByRole('button', { name: 'Открыть изображение «correr»' }));
    const viewer = await screen.findByRole('dialog', { name: 'correr' });
    expect(within(viewer).getByRole('img', { name: 'Изображение к слову «correr»' })).toBeDefined();
    fireEvent.keyDown(viewer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(row).getByRole('button', { name: 'Карточка слова «correr»' }));
    const card = await screen.findByRole('dialog', { name: 'correr' });
    expect(await within(card).findByRole('button', { name: 'Изображение 1 — основное' })).toBeDefined();
    fireEvent.click(within(card).getByRole('button', { name: 'Сделать основным изображение 2' }));
    await waitFor(() => expect(toasts).toContain('Основное изображение изменено'));
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ imageId: 2 });
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Изображение 2 — основное' })).toBeDefined(),
    );
    expect(within(card).getAllByRole('button', { name: /^Изображение \d — основное$/ })).toHaveLength(1);
    fireEvent.click(within(card).getByRole('button', { name: 'Закрыть' }));
    const thumbnail = () => wordList().querySelector('img')?.getAttribute('src');
    await waitFor(() => expect(thumbnail()).toBe(`${FIRST_PICTURE}?w=64`));
  });

  it('lists the library’s pictures and says when no audiobook has the word', async () => {
    answerSignedInLearner(api);
    answerWords(api, [dictionaryWord(1, 'correr', 'бегать', { imageUrl: FIRST_PICTURE })]);
    api.on('GET', pathOf(dictionaryPaths.mediaGallery, 1), () => ({
      body: mediaGallerySchema.parse(
        [FIRST_PICTURE, SECOND_PICTURE].map((imageUrl, index) => ({
          id: index + 1,
          imageUrl,
          styleId: null,
          styleName: null,
          imageFormat: 'webp',
          createdAt: new Date(0).toISOString(),
        })),
      ),
    }));
    api.on('GET', pathOf(dictionaryPaths.audiobookSentences, 1), () => ({
      body: audiobookSentenceListSchema.parse([]),
    }));
    renderDictionary();
    const row = await rowOf('correr');
    // Radix's menu opens on the press itself.
    fireEvent.pointerDown(within(row).getByRole('button', { name: 'Ещё действия со словом «correr»' }), {
      button: 0,
      ctrlKey: false,
      pointerType: 'mouse',
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Медиатека' }));
    const library = await screen.findByRole('dialog', { name: 'Медиатека' });
    await waitFor(() =>
      expect(within(library).getAllByRole('button', { name: /^Применить изображение/ })).toHaveLength(2),
    );
    fireEvent.keyDown(library, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(row).getByRole('button', { name: /^Предложений в аудиокнигах: 0/ }));
    const sentences = await screen.findByRole('dialog', { name: '«correr» в аудиокнигах' });
    expect(await within(sentences).findByText('Слово не найдено в аудиокнигах')).toBeDefined();
  });

  it('opens the card’s picture full screen only with fullscreenImage on', async () => {
    answerSignedInLearner(api, { fullscreenImage: false });
    const card = await openCard(
      [dictionaryWord(1, 'el gato', 'кошка', { imageUrl: FIRST_PICTURE })],
      'el gato',
    );
    const picture = within(card).getByTestId('word-card-picture');
    expect(
      within(picture).getByRole('img', { name: 'Изображение к слову «el gato»' }).getAttribute('src'),
    ).toBe(`${FIRST_PICTURE}?w=384`);
    expect(
      within(card).queryByRole('button', { name: 'Открыть изображение «el gato» на весь экран' }),
    ).toBeNull();
    fireEvent.click(picture.querySelector('img')!);
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1);
  });
});
