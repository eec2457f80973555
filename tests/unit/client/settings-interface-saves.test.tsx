// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SettingsPage } from '../../../src/client/features/settings/settings.page';
import { useFakeClient, recordToasts } from '../../support/client/fake-client';
import { loadTexts, renderPage } from '../../support/client/render-client';
import { answerSettings, type SettingsServer } from '../../support/client/settings-answers';

/**
 * Settings › Interface as the learner sees it (docs/product/settings.md#interface-tab): each control shows the
 * stored value, saves itself at once with a partial update, and a reload shows what was saved. What the saved
 * appearance does to the page (its font size, its colours, the theme following the device) is the browser's:
 * e2e/settings-display.spec.ts.
 */

/**
 * The code the screen fetches at idle (the later tabs' chunks, Radix's select parts) is loaded before the
 * first render, as a learner's browser has it by the time they reach for it: its first transform on a busy
 * machine would outlast the waits.
 */
beforeAll(async () => {
  await import('../../../src/client/ui/select-radix.component');
});

const fakeClient = useFakeClient();
let server: SettingsServer;

beforeEach(async () => {
  await loadTexts(['settingsDisplay', 'settingsProviders', 'errors']);
  server = answerSettings(fakeClient.api);
});

/** Settings opened (again, after a `cleanup()`: a reload), once its first tab is drawn. */
async function openSettings() {
  renderPage(
    <MemoryRouter initialEntries={['/settings']}>
      <SettingsPage />
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Настройки' });
}

async function reload() {
  cleanup();
  await act(() => Promise.resolve());
  await openSettings();
}

const group = (name: string) => screen.getByRole('group', { name });
const isPressed = (button: HTMLElement) => button.getAttribute('aria-pressed') === 'true';

/** Saves made by `action`, once they have been answered. */
async function savedBy(action: () => unknown) {
  const before = server.saves.length;
  await action();
  await waitFor(() => expect(server.saves.length).toBeGreaterThan(before));
  return server.saves.slice(before);
}

/** Opens a select from the keyboard, as Radix's trigger allows, and answers its option named `name`. */
async function openSelect(name: string) {
  const trigger = screen.getByRole('combobox', { name });
  fireEvent.focus(trigger);
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return trigger;
}
async function choose(name: string, option: string) {
  await openSelect(name);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Settings › Interface', () => {
  it('font size, colour scheme, font colour and listen counts: the stored one shown, each saved alone, kept over a reload', async () => {
    const toasts = recordToasts();
    await openSettings();
    expect(screen.getByRole('tab', { name: 'Интерфейс' }).getAttribute('aria-selected')).toBe('true');

    const sizes = within(group('Размер шрифта')).getAllByRole('button');
    expect(sizes).toHaveLength(10);
    expect(sizes.filter(isPressed).map((button) => button.textContent)).toEqual(['100%']);
    expect(
      await savedBy(() =>
        fireEvent.click(within(group('Размер шрифта')).getByRole('button', { name: '120%' })),
      ),
    ).toEqual([{ fontSize: '120' }]);
    await waitFor(() => expect(toasts).toContain('Настройки сохранены'));

    const schemes = within(group('Цветовая схема')).getAllByRole('button');
    expect(schemes).toHaveLength(8);
    expect(isPressed(within(group('Цветовая схема')).getByRole('button', { name: 'Тёмно-синяя' }))).toBe(
      true,
    );
    expect(
      await savedBy(() =>
        fireEvent.click(within(group('Цветовая схема')).getByRole('button', { name: 'Океан' })),
      ),
    ).toEqual([{ colorScheme: 'ocean' }]);

    expect(within(group('Цвет шрифта')).getAllByRole('button')).toHaveLength(8);
    expect(
      await savedBy(() =>
        fireEvent.click(within(group('Цвет шрифта')).getByRole('button', { name: 'Зелёный' })),
      ),
    ).toEqual([{ fontColorScheme: 'green' }]);

    // docs/product/dictionary.md#word-row: the dictionary's rows then show no listen count
    // (dictionary-listen-count.test.tsx).
    const listenCounts = screen.getByRole('switch', { name: 'Показывать число прослушиваний' });
    expect(listenCounts.getAttribute('aria-checked')).toBe('true');
    expect(await savedBy(() => fireEvent.click(listenCounts))).toEqual([{ showListenCount: false }]);

    await reload();
    expect(
      screen.getByRole('switch', { name: 'Показывать число прослушиваний' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(isPressed(within(group('Размер шрифта')).getByRole('button', { name: '120%' }))).toBe(true);
    expect(isPressed(within(group('Цветовая схема')).getByRole('button', { name: 'Океан' }))).toBe(true);
    expect(isPressed(within(group('Цвет шрифта')).getByRole('button', { name: 'Зелёный' }))).toBe(true);
  });

  it('the theme: dark by hand for a new learner, “as the system” saves the mode, dark saves both', async () => {
    // docs/product/settings.md#theme: one control for `themeMode` and `theme`.
    await openSettings();
    const theme = screen.getByRole('combobox', { name: 'Тема' });
    expect(theme.textContent).toBe('Тёмная');
    expect(await savedBy(() => choose('Тема', 'Как в системе'))).toEqual([{ themeMode: 'auto' }]);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Тема' }).textContent).toBe('Как в системе'),
    );
    expect(await savedBy(() => choose('Тема', 'Тёмная'))).toEqual([{ themeMode: 'manual', theme: 'dark' }]);

    await reload();
    expect(screen.getByRole('combobox', { name: 'Тема' }).textContent).toBe('Тёмная');
  });

  it('a threshold change that crosses another moves it too, in one save, and the bilingual modes follow', async () => {
    // docs/product/settings.md#listen-thresholds
    await openSettings();
    const shown = () =>
      ['Внимание', 'Уверенно', 'Автоскрытие'].map(
        (name) => screen.getByRole('combobox', { name }).textContent,
      );
    expect(shown()).toEqual(['20 прослушиваний', '40 прослушиваний', '60 прослушиваний']);

    // Raising warning to safe lifts safe to warning + 20.
    expect(await savedBy(() => choose('Внимание', '40 прослушиваний'))).toEqual([
      { listenThresholdWarning: 40, listenThresholdSafe: 60 },
    ]);
    await waitFor(() =>
      expect(shown()).toEqual(['40 прослушиваний', '60 прослушиваний', '60 прослушиваний']),
    );

    // Auto 30 (at most safe) brings safe to 20 and warning to 10.
    expect(await savedBy(() => choose('Автоскрытие', '30 прослушиваний'))).toEqual([
      { listenThresholdWarning: 10, listenThresholdSafe: 20, listenThresholdAuto: 30 },
    ]);
    await waitFor(() =>
      expect(shown()).toEqual(['10 прослушиваний', '20 прослушиваний', '30 прослушиваний']),
    );

    // The automatic-bilingual choices name the thresholds they follow.
    await openSelect('Автоматический двуязычный режим');
    expect(await screen.findByRole('option', { name: 'До порога «Уверенно» (20)' })).toBeDefined();

    await reload();
    expect(shown()).toEqual(['10 прослушиваний', '20 прослушиваний', '30 прослушиваний']);
  });
});
