// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providerPaths } from '../../../src/shared/api/providers';
import type { Settings } from '../../../src/shared/api/settings';
import { SettingsPage } from '../../../src/client/features/settings/settings.page';
import { useFakeClient } from '../../support/client/fake-client';
import { loadTexts, renderPage } from '../../support/client/render-client';
import { answerSettings, type SettingsServer } from '../../support/client/settings-answers';
import { BUILTIN_VOICES, ELEVENLABS_VOICES, OPENAI_VOICES } from '../../support/client/voice-answers';

/**
 * Settings › Audio's voice slots, voice style and pause (docs/product/settings.md#audio-tab,
 * docs/product/settings.md#voice-filters, docs/product/settings.md#play-all-delay) for the voice list the server
 * answers. The samples heard, at the learner's volume, are the browser's: e2e/settings-audio.spec.ts.
 */

/**
 * The code the screen fetches at idle (the later tabs' chunks, Radix's select parts) is loaded before the
 * first render, as a learner's browser has it by the time they reach for it: its first transform on a busy
 * machine would outlast the waits.
 */
beforeAll(async () => {
  await import('../../../src/client/features/settings/components/audio-tab.component');
  await import('../../../src/client/ui/select-radix.component');
});

const fakeClient = useFakeClient();
let server: SettingsServer;

beforeEach(async () => {
  await loadTexts(['settingsDisplay', 'settingsProviders', 'errors']);
});

async function openAudioTab(settings: Partial<Settings>, voices: readonly unknown[]) {
  server = answerSettings(fakeClient.api, settings);
  fakeClient.api.on('GET', providerPaths.voices, () => ({ body: voices }));
  renderPage(
    <MemoryRouter initialEntries={['/settings?tab=audio']}>
      <SettingsPage />
    </MemoryRouter>,
  );
  // The voices have arrived once the main slot names the automatic voice.
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'Испанский голос (основной)' }).textContent).toMatch(
      /^Автоматически: /,
    ),
  );
}

async function savedBy(action: () => unknown) {
  const before = server.saves.length;
  await action();
  await waitFor(() => expect(server.saves.length).toBeGreaterThan(before));
  return server.saves.slice(before);
}

const combobox = (name: string) => screen.getByRole('combobox', { name });
/** Opens a select from the keyboard, as Radix's trigger allows; answers its list. */
async function open(name: string) {
  fireEvent.focus(combobox(name));
  fireEvent.keyDown(combobox(name), { key: 'Enter' });
  return screen.findByRole('listbox');
}
async function choose(name: string, option: string | RegExp) {
  fireEvent.click(within(await open(name)).getByRole('option', { name: option }));
}

describe('Settings › Audio', () => {
  it('with no key: the built-in voices speak, the voice style says why it is off, the pause and a second voice are saved', async () => {
    await openAudioTab({}, BUILTIN_VOICES);
    expect(combobox('Испанский голос (основной)').textContent).toBe(
      'Автоматически: Испанский (Испания), мужской',
    );
    expect(combobox('Второй испанский голос').textContent).toBe(
      'Автоматически: Испанский (Латинская Америка), женский',
    );
    expect(combobox('Русский голос').textContent).toBe('Автоматически: Русский, женский');
    for (const slot of ['Испанский голос (основной)', 'Второй испанский голос', 'Русский голос'])
      expect(combobox(slot)).toHaveProperty('disabled', false);

    // Built-in voices read always the same: the style cannot be heard, and the control says why.
    expect(combobox('Стиль голоса')).toHaveProperty('disabled', true);
    expect(screen.getByText(/Встроенные голоса читают всегда одинаково/)).toBeDefined();

    expect(combobox('Пауза между карточками').textContent).toBe('Без паузы');
    expect(await savedBy(() => choose('Пауза между карточками', '3 с'))).toEqual([{ playAllDelay: 3 }]);
    await waitFor(() => expect(combobox('Пауза между карточками').textContent).toBe('3 с'));

    // Choosing a second voice while the main one is automatic keeps that main voice, now saved.
    expect(
      await savedBy(() => choose('Второй испанский голос', /Испанский \(Испания\), женский.*офлайн/)),
    ).toEqual([{ spanishVoices: ['builtin:es-ES-m3', 'builtin:es-ES-f3'] }]);
    await waitFor(() =>
      expect(combobox('Второй испанский голос').textContent).toContain('Испанский (Испания), женский'),
    );
    expect(combobox('Испанский голос (основной)').textContent).toContain('Испанский (Испания), мужской');
  });

  it('with OpenAI and ElevenLabs keys: each voice and group carries its provider’s icon, and the style is chosen', async () => {
    await openAudioTab({ hasOpenaiApiKey: true, hasElevenlabsApiKey: true }, [
      ...ELEVENLABS_VOICES,
      ...OPENAI_VOICES,
      ...BUILTIN_VOICES,
    ]);
    const list = await open('Испанский голос (основной)');
    for (const [provider, group, voice] of [
      ['elevenlabs', 'ElevenLabs', /^Lucía/],
      ['openai', 'OpenAI', /^OpenAI Alloy/],
      ['builtin', 'Встроенные (офлайн)', /^Испанский \(Испания\), мужской/],
    ] as const) {
      const inGroup = within(list).getByRole('group', { name: group });
      const option = within(inGroup)
        .getAllByRole('option')
        .find((each) => voice.test(each.textContent));
      expect(option?.querySelector(`[data-voice-provider="${provider}"]`)).not.toBeNull();
      // The group's label and each of its voices carry the provider's icon, and only that one.
      expect(inGroup.querySelectorAll('[data-voice-provider]')).toHaveLength(
        within(inGroup).getAllByRole('option').length + 1,
      );
      expect(
        inGroup.querySelectorAll(`[data-voice-provider]:not([data-voice-provider="${provider}"])`),
      ).toHaveLength(0);
    }
    fireEvent.keyDown(list, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    // The trigger shows the voice that speaks (here the automatic one), with its provider's icon.
    expect(
      combobox('Испанский голос (основной)').querySelector('[data-voice-provider="elevenlabs"]'),
    ).not.toBeNull();

    expect(combobox('Стиль голоса')).toHaveProperty('disabled', false);
    expect(await savedBy(() => choose('Стиль голоса', 'Спокойный'))).toEqual([{ defaultVoiceStyle: 'calm' }]);
    await waitFor(() => expect(combobox('Стиль голоса').textContent).toBe('Спокойный'));
  });
});
