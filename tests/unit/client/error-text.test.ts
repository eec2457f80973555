import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/client/lib/api-client';
import { errorText, serverErrorText } from '../../../src/client/lib/error-text';
import { enCatalog, ruCatalog } from '../../../src/client/i18n/catalogs';

// The real catalogues, in an instance of their own so the tests do not depend on the app's language.
const resources = { ru: { translation: ruCatalog }, en: { translation: enCatalog } };
const translators: Record<'ru' | 'en', TFunction> = {} as Record<'ru' | 'en', TFunction>;

beforeAll(async () => {
  for (const language of ['ru', 'en'] as const) {
    const instance = createInstance();
    await instance.init({ resources, lng: language, interpolation: { escapeValue: false } });
    translators[language] = instance.t;
  }
});

const ru = (code: string, params?: Record<string, string | number>) =>
  errorText(translators.ru, { code, params });
const en = (code: string, params?: Record<string, string | number>) =>
  errorText(translators.en, { code, params });

describe('errorText', () => {
  it('renders a code in Russian and in English', () => {
    expect(ru('invalid_credentials')).toBe('Неверные учетные данные');
    expect(en('invalid_credentials')).toBe('Invalid credentials');
    expect(ru('email_taken')).toBe('Пользователь с таким email уже существует');
    expect(en('email_taken')).toBe('A user with this email already exists');
  });

  it('names the provider in the learner’s language', () => {
    expect(ru('provider_unavailable', { provider: 'elevenlabs' })).toBe(
      'Сервис ElevenLabs сейчас недоступен. Попробуйте позже.',
    );
    expect(ru('provider_bad_output', { provider: 'builtin' })).toBe(
      'Встроенный генератор вернул непригодный ответ. Попробуйте ещё раз.',
    );
    expect(en('provider_bad_output', { provider: 'builtin' })).toBe(
      'Built-in generator returned an unusable answer. Please try again.',
    );
    expect(ru('image_key_missing', { provider: 'leonardo' })).toBe(
      'Нет ключа Leonardo. Добавьте его в Настройках.',
    );
  });

  it('formats numbers the way the learner’s language writes them', () => {
    // The server used to write this sentence with toLocaleString('ru-RU'); the learner sees the same.
    expect(ru('too_many_lines', { max: 5000 })).toBe(
      `Слишком много строк: не больше ${(5000).toLocaleString('ru-RU')} за раз`,
    );
    expect(en('too_many_lines', { max: 5000 })).toBe('Too many lines: at most 5,000 at a time');
  });

  it('renders a nested reason code with its own params', () => {
    expect(ru('phrase_failed', { reason: 'provider_quota_exhausted', provider: 'openai' })).toBe(
      'Не удалось перегенерировать фразу: Закончился лимит или баланс OpenAI. Пополните счёт или попробуйте позже.',
    );
    expect(ru('phrase_failed', { reason: 'phrase_no_example' })).toBe(
      'Не удалось перегенерировать фразу: Модель не вернула пример',
    );
    expect(en('phrase_failed', { reason: 'analysis_missing' })).toBe(
      'Could not regenerate the phrase: The model returned no analysis of this word',
    );
  });

  it('names the failing field of a validation error in the learner’s language', () => {
    expect(ru('validation_failed', { field: 'email', issue: 'invalid_format' })).toBe(
      'Проверьте поле «Email».',
    );
    expect(ru('validation_failed', { field: 'password', issue: 'too_small' })).toBe(
      'Проверьте поле «Пароль».',
    );
    expect(en('validation_failed', { field: 'spanish', issue: 'too_big' })).toBe(
      'Check the field “Spanish word”.',
    );
  });

  it('says the request was refused when the field has no label, never showing a raw field name', () => {
    expect(ru('validation_failed', { field: 'audiobookId' })).toBe(
      'Запрос не прошёл проверку. Обновите страницу и попробуйте снова.',
    );
    expect(en('validation_failed', { field: 'body' })).toBe(
      'The request was not accepted. Reload the page and try again.',
    );
  });

  it('falls back to errors.unknown for a code this client does not know', () => {
    expect(ru('a_code_from_a_newer_server')).toBe('Что-то пошло не так. Попробуйте ещё раз.');
    expect(en('a_code_from_a_newer_server', { provider: 'openai' })).toBe(
      'Something went wrong. Please try again.',
    );
  });
});

describe('serverErrorText', () => {
  it('renders the code of a failed call', () => {
    const failure = new HttpError(429, 'Too many attempts', {
      code: 'too_many_attempts',
      message: 'Too many attempts',
      error: 'Too many attempts',
    });
    expect(serverErrorText(translators.ru, failure)).toBe('Слишком много попыток. Попробуйте позже.');
    expect(serverErrorText(translators.en, failure)).toBe('Too many attempts. Please try again later.');
  });

  it('leaves the fallback to the caller when there is no code to render', () => {
    expect(serverErrorText(translators.ru, new HttpError(502, 'Bad Gateway', 'Bad Gateway'))).toBeUndefined();
    expect(serverErrorText(translators.ru, new HttpError(500, '', undefined))).toBeUndefined();
    expect(serverErrorText(translators.ru, new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
