/**
 * What the learner is told when an AI provider fails, by error code (server ProviderError codes). HTTP
 * answers no longer use these (the client renders `errors.<code>`); job results still do until they
 * carry codes.
 */
export const PROVIDER_NAMES_RU = {
  openai: 'OpenAI',
  elevenlabs: 'ElevenLabs',
  leonardo: 'Leonardo',
  builtin: 'Встроенный генератор',
} as const;
export type ProviderLabel = keyof typeof PROVIDER_NAMES_RU;

export const PROVIDER_ERROR_MESSAGES_RU = {
  provider_invalid_key: (provider: string) =>
    `Ключ ${provider} недействителен. Введите новый ключ в Настройках и нажмите «Применить».`,
  provider_quota_exhausted: (provider: string) =>
    `Закончился лимит или баланс ${provider}. Пополните счёт или попробуйте позже.`,
  provider_unavailable: (provider: string) => `Сервис ${provider} сейчас недоступен. Попробуйте позже.`,
  provider_bad_output: (provider: string) => `${provider} вернул непригодный ответ. Попробуйте ещё раз.`,
  provider_rejected: (provider: string) => `${provider} отклонил запрос. Проверьте текст, голос или стиль.`,
} as const;
