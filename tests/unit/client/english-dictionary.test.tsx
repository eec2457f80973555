// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { articleRepairsResponseSchema, wordMaintenancePaths } from '../../../src/shared/api/word-maintenance';
import {
  deleteAllAudioResponseSchema,
  deleteWithoutImagesResponseSchema,
  dictionaryPaths,
  resetListenCountResponseSchema,
  updateTagsResponseSchema,
} from '../../../src/shared/api/dictionary';
import { jobPaths } from '../../../src/shared/api/jobs';
import { undoResponseSchema, wordsPaths } from '../../../src/shared/api/words';
import { type FakeApi } from '../../support/client/fake-api';
import { currentSocket } from '../../support/client/fake-web-socket';
import { jobAnswer, jobAt, progressMessage, statusMessage } from '../../support/client/job-answers';
import {
  answerLearnerWithWords,
  LEARNER_WORDS,
  expectEnglish,
  findHeading,
  LEARNER_NAME,
  openWithKeyboard,
  renderApp,
  useEnglishClient,
} from '../../support/client/english-answers';

/**
 * A learner with words, in English (docs/product/errors.md#interface-language): the dictionary, its
 * filters, cards, menus and maintenance dialogs, each state scanned for Russian (the learner's name aside).
 */

const fakeClient = useEnglishClient();
let api: FakeApi;

beforeEach(() => {
  api = fakeClient.api;
  answerLearnerWithWords(api);
  for (const { id } of LEARNER_WORDS) {
    api.on('GET', dictionaryPaths.images.replace(':id', String(id)), () => ({ body: [] }));
  }
});

describe('the dictionary in English', () => {
  it('its list, filters, cards and menus', async () => {
    renderApp('/dictionary');
    await findHeading('Dictionary');
    const words = await screen.findByRole('list', { name: 'Words' });
    await waitFor(() => expect(within(words).getAllByRole('listitem')).toHaveLength(4));
    expectEnglish('dictionary: list', LEARNER_NAME);

    const untranslated = screen.getByRole('button', { name: 'No translation (1)' });
    fireEvent.click(untranslated);
    await waitFor(() => expect(within(words).getAllByRole('listitem')).toHaveLength(1));
    expectEnglish('dictionary: the no-translation filter', LEARNER_NAME);
    fireEvent.click(screen.getByRole('button', { name: /^Word card of .nadar/ }));
    const untranslatedCard = await screen.findByRole('dialog');
    await within(untranslatedCard).findByLabelText('Add a translation');
    expectEnglish('dictionary: card of a word without a translation', LEARNER_NAME);
    fireEvent.keyDown(untranslatedCard, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(untranslated);
    await waitFor(() => expect(within(words).getAllByRole('listitem')).toHaveLength(4));

    const filters = screen.getAllByRole('combobox');
    expect(filters.length).toBeGreaterThan(0);
    for (const combobox of filters) {
      openWithKeyboard(combobox);
      const options = await screen.findByRole('listbox');
      expectEnglish(`dictionary: the filter ${combobox.getAttribute('aria-label') ?? ''}`, LEARNER_NAME);
      fireEvent.keyDown(options, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    }

    const search = screen.getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'zzz' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await screen.findByText('No words found');
    expectEnglish('dictionary: nothing found', LEARNER_NAME);
    fireEvent.keyDown(search, { key: 'Escape' });
    const shownAgain = await screen.findByRole('list', { name: 'Words' });
    await waitFor(() => expect(within(shownAgain).getAllByRole('listitem')).toHaveLength(4));

    fireEvent.click(screen.getAllByRole('button', { name: /^Word card/ })[1]!);
    const card = await screen.findByRole('dialog');
    expectEnglish('dictionary: word card', LEARNER_NAME);
    fireEvent.keyDown(card, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    openWithKeyboard(screen.getAllByRole('button', { name: /^More actions/ })[0]!);
    const actions = await screen.findByRole('menu');
    expectEnglish('dictionary: word actions', LEARNER_NAME);
    fireEvent.keyDown(actions, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('its maintenance menu, the actions that ask first or answer at once, a job’s end and an undo', async () => {
    // The server's own messages are Russian: the screen words every answer itself.
    const TAGS = 'tags-1';
    let tags = jobAt(TAGS, 'update-tags', 4);
    api.on('POST', dictionaryPaths.updateTags, () => ({
      body: updateTagsResponseSchema.parse({ jobId: TAGS, totalWords: 4, updated: 4, total: 4 }),
    }));
    api.on('GET', jobPaths.job(TAGS), () => ({ body: jobAnswer(tags) }));
    api.on('DELETE', dictionaryPaths.deleteAllAudio, () => ({
      body: deleteAllAudioResponseSchema.parse({ deletedCount: 0, message: 'Удалено аудио: 0' }),
    }));
    api.on('POST', dictionaryPaths.deleteWithoutImages, () => ({
      body: deleteWithoutImagesResponseSchema.parse({ deletedCount: 0 }),
    }));
    api.on('POST', dictionaryPaths.resetListenCount, () => ({
      body: resetListenCountResponseSchema.parse({
        reset: 1,
        message: 'Сброшено: 1',
        undoToken: '00000000-0000-4000-8000-000000000001',
      }),
    }));
    api.on('POST', wordsPaths.undo, () => ({ body: undoResponseSchema.parse({ restored: 1 }) }));
    api.on('GET', wordMaintenancePaths.articleRepairs, () => ({
      body: articleRepairsResponseSchema.parse({ words: [] }),
    }));

    renderApp('/dictionary');
    await findHeading('Dictionary');
    await screen.findByRole('list', { name: 'Words' });
    act(() => currentSocket().open());
    const maintenance = screen.getByRole('button', { name: 'Maintenance' });
    openWithKeyboard(maintenance);
    const menu = await screen.findByRole('menu');
    await within(menu).findByRole('menuitem', { name: 'Update tags' });
    expectEnglish('dictionary: maintenance menu', LEARNER_NAME);

    // Each action that asks first or answers with a toast (none changes the words): its dialog or toast.
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent)
      .filter((item) => /delete|reset/i.test(item));
    expect(items).toHaveLength(3);
    for (const item of items) {
      if (!screen.queryByRole('menu')) openWithKeyboard(screen.getByRole('button', { name: 'Maintenance' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: item }));
      const confirm = await screen.findByRole('alertdialog');
      expectEnglish(`dictionary: ${item}`, LEARNER_NAME);
      fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    }

    // A maintenance job to its end: the toast counts what it did against the words it was given.
    openWithKeyboard(screen.getByRole('button', { name: 'Maintenance' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Update tags' }));
    await waitFor(() => expect(api.count('POST', dictionaryPaths.updateTags)).toBe(1));
    await waitFor(() => expect(currentSocket().subscriptions()).toContain(TAGS));
    tags = {
      ...tags,
      status: 'completed',
      progress: { ...tags.progress, processed: 4 },
      results: { processed: 4, changed: 3, failed: 0, errors: [] },
    };
    act(() => {
      currentSocket().receive(progressMessage(tags));
      currentSocket().receive(statusMessage(tags));
    });
    await screen.findByText('Words whose tags were filled: 3 of 4, failed: 0.');
    expectEnglish('dictionary: a maintenance job ended', LEARNER_NAME);

    openWithKeyboard(screen.getByRole('button', { name: 'Maintenance' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Words with a stray article' }));
    const repairs = await screen.findByRole('dialog', { name: 'Words with a stray article' });
    await within(repairs).findByText('There are no such words.');
    expectEnglish('dictionary: words with a stray article', LEARNER_NAME);
    fireEvent.keyDown(repairs, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A reset of counts there are, confirmed: its toast offers the undo, which says what it restored.
    openWithKeyboard(screen.getByRole('button', { name: 'Maintenance' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reset the listen counter' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset the counter' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await screen.findByText('Counter restored');
    expectEnglish('dictionary: listen counts restored', LEARNER_NAME);
  });
});
