import { describe, expect, it } from 'vitest';
import {
  createProviderPauses,
  PROVIDER_PAUSE_MS,
} from '../../../src/server/modules/providers/provider-pauses';
import { ProviderError } from '../../../src/server/providers/provider-error';

/** docs/product/providers.md#fallback: a provider that failed a learner is passed over for a while. */
describe('provider pauses', () => {
  it("pauses a learner's failing provider for five minutes, and only that learner's", () => {
    let clock = Date.parse('2026-01-01T10:00:00Z');
    const pauses = createProviderPauses(() => new Date(clock));
    pauses.noteFailure('ana', new ProviderError('provider_unavailable', 'openai', 'no answer'));
    expect(pauses.of('ana').has('openai')).toBe(true);
    expect(pauses.of('ana').has('elevenlabs')).toBe(false);
    expect(pauses.of('eva').has('openai')).toBe(false);
    clock += PROVIDER_PAUSE_MS - 1;
    expect(pauses.isPaused('ana', 'openai')).toBe(true);
    clock += 1;
    expect(pauses.isPaused('ana', 'openai')).toBe(false);
  });

  it('does not pause for a refusal of one request, nor the built-in providers, nor other errors', () => {
    const pauses = createProviderPauses();
    pauses.noteFailure('ana', new ProviderError('provider_rejected', 'openai', 'text too long'));
    pauses.noteFailure('ana', new ProviderError('provider_unavailable', 'builtin', 'worker closed'));
    pauses.noteFailure('ana', new Error('database'));
    for (const provider of ['openai', 'builtin']) expect(pauses.isPaused('ana', provider)).toBe(false);
    pauses.of('ana').add('elevenlabs');
    expect(pauses.isPaused('ana', 'elevenlabs')).toBe(true);
  });
});
