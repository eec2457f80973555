/**
 * The Russian sentences versions before errors became codes (docs/product/errors.md) stored in job rows
 * for provider failures: kept only so that such a row reads back as its code (job-failure.ts). Nothing
 * sends these to a learner any more; the client has its own catalogue.
 */
export const LEGACY_PROVIDER_NAMES = {
  openai: 'OpenAI',
  elevenlabs: 'ElevenLabs',
  leonardo: 'Leonardo',
  builtin: 'Встроенный генератор',
} as const;
export type LegacyProviderName = keyof typeof LEGACY_PROVIDER_NAMES;

export const LEGACY_PROVIDER_SENTENCES = {
  provider_invalid_key: (provider: string) =>
    `Ключ ${provider} недействителен. Введите новый ключ в Настройках и нажмите «Применить».`,
  provider_quota_exhausted: (provider: string) =>
    `Закончился лимит или баланс ${provider}. Пополните счёт или попробуйте позже.`,
  provider_unavailable: (provider: string) => `Сервис ${provider} сейчас недоступен. Попробуйте позже.`,
  provider_bad_output: (provider: string) => `${provider} вернул непригодный ответ. Попробуйте ещё раз.`,
  provider_rejected: (provider: string) => `${provider} отклонил запрос. Проверьте текст, голос или стиль.`,
} as const;
