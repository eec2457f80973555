// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SettingsPage } from '../../../src/client/features/settings/settings.page';
import { useFakeClient } from '../../support/client/fake-client';
import { loadTexts, renderPage } from '../../support/client/render-client';
import { answerSettings, type SettingsServer } from '../../support/client/settings-answers';

/**
 * Settings' tabs live in the address (docs/product/settings.md#settings: a reload or a shared link opens the
 * same tab), and the Images tab's pickers save at once (docs/product/settings.md#images-tab). How the tabs
 * follow the keyboard and the focus is the browser's: e2e/settings-display.spec.ts.
 */

/**
 * The code the screen fetches at idle (the later tabs' chunks, Radix's select parts) is loaded before the
 * first render, as a learner's browser has it by the time they reach for it: its first transform on a busy
 * machine would outlast the waits.
 */
beforeAll(async () => {
  await import('../../../src/client/features/settings/components/images-tab.component');
  await import('../../../src/client/ui/select-radix.component');
});

const fakeClient = useFakeClient();
let server: SettingsServer;

beforeEach(async () => {
  await loadTexts(['settingsDisplay', 'settingsProviders', 'errors']);
  server = answerSettings(fakeClient.api);
});

/** The address the page is at, as the router holds it. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Адрес">{pathname + search}</output>;
}

async function openSettings(address: string) {
  renderPage(
    <MemoryRouter initialEntries={[address]}>
      <SettingsPage />
      <Address />
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Настройки' });
}

const address = () => screen.getByRole('status', { name: 'Адрес' }).textContent;
const tab = (name: string) => screen.getByRole('tab', { name });
const group = (name: string) => screen.getByRole('group', { name });
const pressed = (name: string) =>
  within(group(name))
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-pressed') === 'true')
    .map((button) => button.textContent);

async function savedBy(action: () => unknown) {
  const before = server.saves.length;
  await action();
  await waitFor(() => expect(server.saves.length).toBeGreaterThan(before));
  return server.saves.slice(before);
}

describe('Settings’ tabs and the Images tab', () => {
  it('the tabs switch and live in the address; the Images pickers save and survive a reload', async () => {
    await openSettings('/settings');
    const tabs = screen.getByRole('tablist', { name: 'Разделы настроек' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((each) => each.textContent),
    ).toEqual(['Интерфейс', 'Аудио', 'Изображения', 'API', 'Данные']);
    expect(tab('Интерфейс').getAttribute('aria-selected')).toBe('true');

    fireEvent.click(tab('Изображения'));
    await waitFor(() => expect(address()).toBe('/settings?tab=images'));
    expect(tab('Изображения').getAttribute('aria-selected')).toBe('true');
    const styles = await screen.findByRole('group', { name: 'Стиль картинок для слов' });
    expect(within(styles).getAllByRole('button')).toHaveLength(15);
    expect(pressed('Стиль картинок для слов')).toEqual([expect.stringContaining('Фотореализм')]);
    expect(
      await savedBy(() => fireEvent.click(within(styles).getByRole('button', { name: 'Аниме' }))),
    ).toEqual([{ selectedImageStyle: 'anime' }]);
    const covers = screen.getByRole('switch', { name: 'Показывать обложки аудиокниг' });
    expect(covers.getAttribute('aria-checked')).toBe('true');
    expect(await savedBy(() => fireEvent.click(covers))).toEqual([{ showAudiobookCovers: false }]);

    // The upload's own style, of five (docs/product/upload.md): the upload form starts from it.
    const uploadStyles = group('Стиль картинок при загрузке слов');
    expect(within(uploadStyles).getAllByRole('button')).toHaveLength(5);
    expect(pressed('Стиль картинок при загрузке слов')).toEqual([expect.stringContaining('Набросок')]);
    expect(
      await savedBy(() => fireEvent.click(within(uploadStyles).getByRole('button', { name: 'Драматичный' }))),
    ).toEqual([{ defaultImageStyle: 'dramatic' }]);

    // A reload (or a shared link) at this address opens the same tab, with what was saved.
    cleanup();
    await act(() => Promise.resolve());
    await openSettings('/settings?tab=images');
    expect(tab('Изображения').getAttribute('aria-selected')).toBe('true');
    expect(pressed('Стиль картинок для слов')).toEqual([expect.stringContaining('Аниме')]);
    expect(pressed('Стиль картинок при загрузке слов')).toEqual([expect.stringContaining('Драматичный')]);
    expect(
      screen.getByRole('switch', { name: 'Показывать обложки аудиокниг' }).getAttribute('aria-checked'),
    ).toBe('false');

    fireEvent.click(tab('Интерфейс'));
    await waitFor(() => expect(address()).toBe('/settings?tab=interface'));
    expect(group('Размер шрифта')).toBeDefined();
  });
});
