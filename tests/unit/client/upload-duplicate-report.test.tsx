// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { uploadResultsSchema } from '../../../src/shared/api/uploads';
import { DuplicateReport } from '../../../src/client/features/upload/components/duplicate-report.component';
import { useFakeClient } from '../../support/client/fake-client';
import { answerWords, dictionaryWord } from '../../support/client/dictionary-answers';
import { answerSignedInLearner, loadTexts, renderPage } from '../../support/client/render-client';

/**
 * The upload report's duplicate whose translation is new (docs/product/upload.md#new-translation): the new
 * translation named, added in one click, and the link to the word's card. The server's side:
 * tests/integration/word-editing.test.ts ('the upload report names the existing word of each duplicate');
 * the card the link opens: dictionary-word-card.test.tsx.
 */

const fakeClient = useFakeClient();

beforeEach(async () => {
  await loadTexts(['upload', 'errors']);
  answerSignedInLearner(fakeClient.api);
});

describe('the duplicate report', () => {
  it('adds a new translation to the existing word in one click and links to its card', async () => {
    const words = [dictionaryWord(7, 'la casa', 'дом')];
    answerWords(fakeClient.api, words);
    const { duplicates } = uploadResultsSchema.parse({
      words: [],
      errors: [],
      duplicates: [
        {
          spanish: 'la casa',
          newRussian: 'дом, жилище',
          existingRussian: 'дом',
          existingWordId: 7,
          isActive: true,
          reason: { code: 'upload_word_exists' },
        },
      ],
    });
    renderPage(
      <MemoryRouter>
        <DuplicateReport duplicates={duplicates} />
      </MemoryRouter>,
    );
    const report = screen.getByRole('region', { name: 'Подробный отчет о дубликатах' });
    expect(within(report).getByText('Новый перевод отличается: жилище')).toBeDefined();
    fireEvent.click(
      within(report).getByRole('button', { name: 'Добавить перевод «жилище» к слову «la casa»' }),
    );
    await waitFor(() =>
      expect(
        within(report)
          .getAllByRole('status')
          .some((status) => status.textContent.includes('Перевод добавлен')),
      ).toBe(true),
    );
    expect(fakeClient.api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      russian: 'дом, жилище',
    });
    expect(
      within(report).getByRole('link', { name: 'Изменить слово «la casa» в словаре' }).getAttribute('href'),
    ).toBe('/dictionary?word=7');
  });
});
