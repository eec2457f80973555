import { describe, expect, it } from 'vitest';
import errorsEn from '../../../src/client/i18n/errors.en.json';
import errorsRu from '../../../src/client/i18n/errors.ru.json';
import { SERVER_ERROR_CODES } from '../../../src/server/http/error-codes';
import { JOB_ERROR_CODES, REJECTED_LINE_CODES } from '../../../src/server/http/job-failure';
import { PROVIDER_ERROR_CODES } from '../../../src/server/providers/provider-error';

const textOf = (catalogue: Record<string, unknown>, key: string) => catalogue[key];

describe('server error codes', () => {
  it('has a Russian and an English sentence for every code the server sends', () => {
    for (const code of SERVER_ERROR_CODES) {
      expect(typeof textOf(errorsRu, code), `errors.ru.json: ${code}`).toBe('string');
      expect(typeof textOf(errorsEn, code), `errors.en.json: ${code}`).toBe('string');
    }
  });

  it('has both sentences for every code a job stores in its results or as its failure', () => {
    for (const code of [...Object.values(JOB_ERROR_CODES), ...Object.values(REJECTED_LINE_CODES)]) {
      expect(typeof textOf(errorsRu, code), `errors.ru.json: ${code}`).toBe('string');
      expect(typeof textOf(errorsEn, code), `errors.en.json: ${code}`).toBe('string');
    }
  });

  it('includes every provider failure and names each provider in both languages', () => {
    expect(SERVER_ERROR_CODES).toEqual(expect.arrayContaining([...PROVIDER_ERROR_CODES]));
    for (const provider of ['openai', 'elevenlabs', 'leonardo', 'builtin']) {
      expect(textOf(errorsRu.providers, provider)).toEqual(expect.any(String));
      expect(textOf(errorsEn.providers, provider)).toEqual(expect.any(String));
    }
    expect(errorsRu.providers.builtin).toBe('Встроенный генератор');
    expect(errorsEn.providers.builtin).toBe('Built-in generator');
  });
});
