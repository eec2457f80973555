// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { wordsPaths } from '../../../src/shared/api/words-paths';
import { DictionaryPage } from '../../../src/client/features/dictionary/dictionary.page';
import { useFakeClient } from '../../support/client/fake-client';
import { currentSocket } from '../../support/client/fake-web-socket';
import { loadTexts, renderPage } from '../../support/client/render-client';
import { answerSettings } from '../../support/client/settings-answers';
import { listedWord } from '../../support/client/word-fixtures';

/**
 * The listen-count badge of each dictionary row follows the learner's `showListenCount`
 * (docs/product/dictionary.md#word-row), which Settings › Interface turns off.
 */

const fakeClient = useFakeClient();

const GATO = [
  listedWord(1, 'el gato', 'кот', { partOfSpeech: 'noun', createdAt: '2026-01-05T10:00:00.000Z' }),
];

beforeEach(async () => {
  await loadTexts(['dictionary', 'errors']);
  fakeClient.api.on('GET', wordsPaths.words, () => ({ body: GATO }));
  fakeClient.api.on('GET', wordsPaths.spacedRepetition, () => ({ body: [] }));
});

/** The dictionary opened (again, after a `cleanup()`: a reload), once its row is drawn. */
async function openDictionary() {
  renderPage(
    <MemoryRouter initialEntries={['/dictionary']}>
      <DictionaryPage />
    </MemoryRouter>,
  );
  act(() => currentSocket().open());
  const list = await screen.findByRole('list', { name: 'Слова' });
  const row = await within(list).findByRole('listitem');
  await within(row).findByText('el gato');
  return row;
}

describe('the dictionary’s listen counts', () => {
  it('show on every row while the setting is on, and on none once it is off', async () => {
    answerSettings(fakeClient.api, { showListenCount: true });
    expect(within(await openDictionary()).getByTitle('Прослушиваний: 0')).toBeDefined();

    // Turned off in Settings (settings-interface-saves.test.tsx saves it), the next visit draws no badge.
    answerSettings(fakeClient.api, { showListenCount: false });
    cleanup();
    await act(() => Promise.resolve());
    const row = await openDictionary();
    expect(within(row).queryByTitle(/^Прослушиваний:/)).toBeNull();
  });
});
