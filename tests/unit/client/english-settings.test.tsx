// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { providerPaths, voicesResponseSchema } from '../../../src/shared/api/providers';
import { modelsResponseSchema } from '../../../src/shared/api/providers';
import { BUILTIN_VOICES, toSpeechVoice } from '../../../src/server/providers/builtin-speech/builtin-voices';
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
 * Settings in English (docs/product/errors.md#interface-language), every tab and option list, the voices
 * with and without an OpenAI key and a refused key's notice, each scanned for Russian. The built-in voices
 * are listed with the server's own (Russian) names, which the client words in English.
 */

const fakeClient = useEnglishClient();
let api: FakeApi;

const builtinVoices = BUILTIN_VOICES.map((voice) => {
  const { voiceId, name, labels, languages } = toSpeechVoice(voice);
  return { voice_id: voiceId, name, labels, languages };
});
const openaiVoices = ['alloy', 'nova'].map((name) => ({
  voice_id: `openai:${name}`,
  name: `OpenAI ${name.charAt(0).toUpperCase()}${name.slice(1)}`,
  labels: { provider: 'openai', gender: 'neutral', language: 'multilingual', accent: 'multilingual' },
  languages: ['es' as const, 'ru' as const],
}));

function answerVoices(voices: unknown[]) {
  api.on('GET', providerPaths.voices, () => ({ body: voicesResponseSchema.parse(voices) }));
}

async function openTab(name: string) {
  const tab = await screen.findByRole('tab', { name });
  // Radix's tabs select on focus (automatic activation), as a keyboard's arrows move it.
  fireEvent.focus(tab);
  await waitFor(() => expect(tab.getAttribute('aria-selected')).toBe('true'));
  return screen.getByRole('tabpanel', { name });
}

/** Opens each enabled option list of the panel in turn and scans the page with it open. */
async function scanEachOptionList(panel: HTMLElement, state: string) {
  const lists = within(panel).getAllByRole('combobox');
  expect(lists.length).toBeGreaterThan(0);
  for (const combobox of lists) {
    if ((combobox as HTMLButtonElement).disabled) continue;
    openWithKeyboard(combobox);
    const options = await screen.findByRole('listbox');
    expectEnglish(`${state}: ${combobox.getAttribute('aria-label') ?? combobox.id}`, LEARNER_NAME);
    fireEvent.keyDown(options, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  }
}

beforeEach(() => {
  api = fakeClient.api;
});

describe('settings in English', () => {
  it('every tab, the Interface tab’s lists and switches, the Data tab’s file field', async () => {
    answerNewLearner(api);
    answerVoices(builtinVoices);
    renderApp('/settings');
    await findHeading('Settings');
    // Each tab once its content has come (the Audio tab's voices have loaded once no slot is busy).
    const ready: Record<string, (panel: HTMLElement) => Promise<unknown>> = {
      Audio: (panel) => waitFor(() => expect(within(panel).queryByRole('status')).toBeNull()),
      // The file field of the Data tab is a button in English, not the browser's own.
      Data: (panel) => within(panel).findByRole('button', { name: 'Choose a file' }),
    };
    for (const tab of ['Interface', 'Audio', 'Images', 'API', 'Data']) {
      const panel = await openTab(tab);
      await ready[tab]?.(panel);
      expectEnglish(`settings: ${tab}`, LEARNER_NAME);
    }
    expect(screen.getByTestId('file-picker-name').textContent).toBe('No file chosen');

    const display = await openTab('Interface');
    expect(within(display).getByRole('switch', { name: 'Show phrase translations' })).toBeDefined();
    expect(within(display).getByRole('switch', { name: 'Show listen counts' })).toBeDefined();
    await scanEachOptionList(display, 'settings: an option list');

    // The upload styles on the Images tab.
    const images = await openTab('Images');
    const styles = within(images).getByRole('group', { name: 'Picture style for uploaded words' });
    expect(within(styles).getAllByRole('button')).toHaveLength(5);
    expectEnglish('settings: upload styles', LEARNER_NAME);
  });

  it('the Audio tab with built-in voices only: the voice style disabled with its reason, each list', async () => {
    answerNewLearner(api);
    answerVoices(builtinVoices);
    renderApp('/settings?tab=audio');
    const audio = await openTab('Audio');
    await waitFor(() => expect(within(audio).queryByRole('status')).toBeNull());
    const style = within(audio).getByRole<HTMLButtonElement>('combobox', { name: 'Voice style' });
    expect(style.disabled).toBe(true);
    expect(within(audio).getByText(/Built-in voices always read the same way/)).toBeDefined();
    const pause = within(audio).getByRole<HTMLButtonElement>('combobox', { name: 'Pause between cards' });
    expect(pause.disabled).toBe(false);
    await scanEachOptionList(audio, 'settings: a voice list');
  });

  it('a key the provider refuses: the notice with its steps', async () => {
    answerNewLearner(api);
    api.on('POST', providerPaths.validateOpenaiKey, () => ({ body: { valid: false } }));
    renderApp('/settings?tab=api');
    const panel = await openTab('API');
    const key = within(panel).getByLabelText('OpenAI key', { exact: true });
    fireEvent.change(key, { target: { value: 'sk-not-a-real-key' } });
    fireEvent.click(within(key.closest('form')!).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((alert) => alert.textContent.includes('OpenAI'))).toBe(true),
    );
    expectEnglish('settings: API with a refused key', LEARNER_NAME);
  });

  it('with an OpenAI key: the voice styles, and the voices with their providers', async () => {
    answerNewLearner(api, { hasOpenaiApiKey: true, openaiApiKeyHint: 'sk-…test' });
    answerVoices([...openaiVoices, ...builtinVoices]);
    api.on('GET', providerPaths.models, () => ({ body: modelsResponseSchema.parse({ models: ['gpt-4o'] }) }));
    renderApp('/settings?tab=audio');
    const audio = await openTab('Audio');
    await waitFor(() => expect(within(audio).queryByRole('status')).toBeNull());
    const style = within(audio).getByRole<HTMLButtonElement>('combobox', { name: 'Voice style' });
    await waitFor(() => expect(style.disabled).toBe(false));
    openWithKeyboard(style);
    await screen.findByRole('option', { name: 'Professional' });
    expectEnglish('settings: voice styles', LEARNER_NAME);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    openWithKeyboard(within(audio).getByRole('combobox', { name: 'Spanish voice (main)' }));
    const voices = await screen.findByRole('listbox');
    await waitFor(() => expect(voices.querySelector('[data-voice-provider="openai"]')).not.toBeNull());
    expectEnglish('settings: voices with their providers', LEARNER_NAME);
  });
});
