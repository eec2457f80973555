// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { audiobookPathOf } from '../../../src/shared/api/audiobooks';
import { type FakeApi } from '../../support/client/fake-api';
import {
  answerNewLearner,
  expectEnglish,
  findHeading,
  LEARNER_NAME,
  openWithKeyboard,
  renderApp,
  useEnglishClient,
} from '../../support/client/english-answers';

/**
 * A signed-in learner before any word, in English (docs/product/errors.md#interface-language): home and its
 * user menu, every screen empty, the 404 page, each scanned for Russian (the learner's name aside).
 */

// The charts draw on a canvas, which happy-dom lacks; their text is canvas pixels, which no scan reads
// (a browser's neither), so a chart that draws nothing changes nothing scanned here.
vi.mock('uplot', () => ({
  default: class {
    static paths = {};
    setSize() {}
    destroy() {}
  },
}));

const fakeClient = useEnglishClient();
let api: FakeApi;

beforeEach(() => {
  api = fakeClient.api;
  answerNewLearner(api);
});

describe('a new learner’s screens in English', () => {
  it('home, and its user menu open', async () => {
    renderApp('/');
    await findHeading(`Hello, ${LEARNER_NAME[0]}!`);
    // The progress has arrived once its region shows.
    await screen.findByRole('region', { name: 'Your progress' });
    expectEnglish('home (empty)', LEARNER_NAME);
    openWithKeyboard(await screen.findByRole('button', { name: /User menu/ }));
    await screen.findByRole('menu');
    expectEnglish('user menu open', LEARNER_NAME);
  });

  it('the dashboard, its calendars’ weekdays in English', async () => {
    renderApp('/dashboard');
    await findHeading('Progress');
    const calendar = (await screen.findAllByTestId('activity-calendar'))[0]!;
    expect(within(calendar).getByTestId('calendar-weekdays').textContent).toBe('MonTueWedThuFriSatSun');
    expectEnglish('/dashboard', LEARNER_NAME);
  });

  it.each([
    ['/dictionary', 'Dictionary'],
    ['/upload', 'Upload words'],
    ['/audiobooks', 'Audiobooks'],
    ['/audio-test', 'Audio diagnostics'],
    ['/review', 'Review'],
    ['/no/such/page', '404 Page Not Found'],
  ])('%s', async (path, heading) => {
    renderApp(path);
    await findHeading(heading);
    await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
    expectEnglish(path, LEARNER_NAME);
  });

  it('a book that is not there', async () => {
    api.on('GET', audiobookPathOf.book(1), () => ({
      status: 404,
      body: { code: 'audiobook_not_found', message: 'Audiobook not found' },
    }));
    renderApp('/audiobook/1');
    await findHeading(/Audiobook/);
    expectEnglish('/audiobook/1', LEARNER_NAME);
  });

  it('Learn without words points to the upload', async () => {
    renderApp('/learn');
    await screen.findByRole('link', { name: 'Upload words' });
    expectEnglish('learn (no words)', LEARNER_NAME);
  });

  it('the upload form’s picture styles', async () => {
    renderApp('/upload');
    openWithKeyboard(await screen.findByRole('combobox', { name: 'Picture style' }));
    await screen.findByRole('option', { name: /Sketch/ });
    expectEnglish('upload: picture styles', LEARNER_NAME);
  });
});
