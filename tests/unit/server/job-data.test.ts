import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobData, UnreadableJobDataError } from '../../../src/server/jobs/job-data';
import { codeOfLegacySentence } from '../../../src/server/http/job-failure';

// Stored job json and its versions (docs/product/jobs.md#versioned-schemas).
const v1 = z.object({ name: z.string() });
const v2 = z.object({ names: z.array(z.string()) });
const v3 = z.object({ names: z.array(z.string()), count: z.number().int() });
const data = jobData('test data', v1)
  .next(v2, (old) => ({ names: [old.name] }))
  .next(v3, (old) => ({ ...old, count: old.names.length }));

describe('versioned job data', () => {
  it('writes the current version beside the fields', () => {
    expect(data.version).toBe(3);
    expect(data.write({ names: ['a'], count: 1 })).toEqual({ v: 3, names: ['a'], count: 1 });
  });

  it('reads the current version without its marker', () => {
    expect(data.read({ v: 3, names: ['a', 'b'], count: 2 })).toEqual({ names: ['a', 'b'], count: 2 });
  });

  it('reads a row without `v` as version 1 and converts it through every version since', () => {
    expect(data.read({ name: 'casa' })).toEqual({ names: ['casa'], count: 1 });
    expect(data.read({ v: 2, names: ['x', 'y'] })).toEqual({ names: ['x', 'y'], count: 2 });
  });

  it('refuses a newer version, a shape no schema accepts, and anything but an object', () => {
    expect(() => data.read({ v: 4, names: [] })).toThrow(/version 4 is newer/);
    expect(() => data.read({ v: 2, names: 'casa' })).toThrow(UnreadableJobDataError);
    expect(() => data.read({ name: 7 })).toThrow(/version 1: name/);
    expect(() => data.read(null)).toThrow(UnreadableJobDataError);
    expect(() => data.read([])).toThrow(UnreadableJobDataError);
  });

  it('refuses what a converter makes that the newer schema does not accept', () => {
    const careless = jobData('careless data', v1).next(v2, (old) => ({ names: old.name }) as never);
    expect(() => careless.read({ name: 'casa' })).toThrow(/version 1 does not convert/);
  });
});

describe('old sentences back to codes', () => {
  it('maps the sentences earlier versions stored, and keeps an unknown one verbatim', () => {
    expect(codeOfLegacySentence('Слово повторяется в загрузке')).toEqual({ code: 'upload_word_repeated' });
    expect(codeOfLegacySentence('Модель не вернула пример')).toEqual({ code: 'phrase_no_example' });
    expect(codeOfLegacySentence('Не удалось разобрать строку: она длиннее 500 символов')).toEqual({
      code: 'upload_line_too_long',
      params: { max: 500 },
    });
    expect(codeOfLegacySentence('Сервис ElevenLabs сейчас недоступен. Попробуйте позже.')).toEqual({
      code: 'provider_unavailable',
      params: { provider: 'elevenlabs' },
    });
    // A provider failure a job rethrew was stored as its developer message.
    expect(codeOfLegacySentence('elevenlabs: provider_invalid_key: 401 invalid_api_key')).toEqual({
      code: 'provider_invalid_key',
      params: { provider: 'elevenlabs' },
    });
    expect(codeOfLegacySentence('Что-то ещё')).toEqual({
      code: 'legacy_text',
      params: { text: 'Что-то ещё' },
    });
    // Developers' English never was a learner's sentence: it is not shown.
    expect(codeOfLegacySentence('duplicate key value violates unique constraint "words_pkey"')).toEqual({
      code: 'unknown',
    });
  });
});
