import {
  PROVIDER_KEY_FIELDS,
  type ProviderKeyField,
  type Settings,
  type settingsUpdateSchema,
  type SettingsValues,
  settingsDefaults,
  settingsValuesSchema,
} from '../../../shared/api/settings';
import { SPEECH_SPEEDS } from '../../../shared/catalogs/voices';
import { maskSecret, type SecretBox } from '../../lib/secret-box';
import { AppError } from '../../http/app-error';
import type { KeyedProviderName } from '../../providers/provider-set';
import type { SettingsRepository, SettingsRow, SettingsRowUpdate } from './settings.repository';

type ParsedSettingsUpdate = ReturnType<typeof settingsUpdateSchema.parse>;

const VALUE_FIELDS = settingsValuesSchema.keyof().options;
const ENCRYPTED_COLUMN = {
  openaiApiKey: 'openaiApiKeyEncrypted',
  elevenlabsApiKey: 'elevenlabsApiKeyEncrypted',
  leonardoApiKey: 'leonardoApiKeyEncrypted',
} as const satisfies Record<ProviderKeyField, keyof SettingsRow>;

/** Which provider each key field is for. */
const PROVIDER_OF_KEY_FIELD = [
  ['openaiApiKey', 'openai'],
  ['elevenlabsApiKey', 'elevenlabs'],
  ['leonardoApiKey', 'leonardo'],
] as const satisfies ReadonlyArray<readonly [ProviderKeyField, KeyedProviderName]>;

export function createSettingsService(deps: {
  settings: SettingsRepository;
  secretBox: SecretBox;
  /**
   * Refuses a base URL this server may not call (docs/product/providers.md#endpoint-addresses) with a
   * ProviderError the error handler answers as 400 `provider_address_refused`.
   */
  checkOpenaiBaseUrl?: (url: string | null) => Promise<void>;
  /** Told when a learner changes a provider's key or endpoint, so a pause of that provider ends. */
  onProviderChanged?: (userId: string, provider: KeyedProviderName) => void;
}) {
  const { settings, secretBox } = deps;

  /** A stored key in clear; `isUnreadable` when it was sealed under another APP_SECRET. */
  const openKey = (sealed: string | null): { key: string | null; isUnreadable: boolean } => {
    if (!sealed) return { key: null, isUnreadable: false };
    try {
      return { key: secretBox.open(sealed), isUnreadable: false };
    } catch {
      return { key: null, isUnreadable: true };
    }
  };
  const hintOf = (sealed: string | null): string | null => {
    const { key, isUnreadable } = openKey(sealed);
    // An unreadable key still exists; the learner is told to enter it again, never shown it as absent.
    return isUnreadable ? '…' : key && maskSecret(key);
  };
  const unreadableKeysOf = (row: SettingsRow): ProviderKeyField[] =>
    PROVIDER_KEY_FIELDS.filter((field) => openKey(row[ENCRYPTED_COLUMN[field]]).isUnreadable);

  const toSettings = (row: SettingsRow): Settings => {
    const values = Object.fromEntries(VALUE_FIELDS.map((field) => [field, row[field]])) as SettingsValues;
    return {
      unreadableApiKeys: unreadableKeysOf(row),
      ...values,
      hasOpenaiApiKey: row.openaiApiKeyEncrypted !== null,
      hasElevenlabsApiKey: row.elevenlabsApiKeyEncrypted !== null,
      hasLeonardoApiKey: row.leonardoApiKeyEncrypted !== null,
      openaiApiKeyHint: hintOf(row.openaiApiKeyEncrypted),
      elevenlabsApiKeyHint: hintOf(row.elevenlabsApiKeyEncrypted),
      leonardoApiKeyHint: hintOf(row.leonardoApiKeyEncrypted),
    };
  };

  return {
    async get(userId: string): Promise<Settings> {
      return toSettings(await settings.findOrCreate(userId));
    },

    async update(userId: string, update: ParsedSettingsUpdate): Promise<Settings> {
      const { openaiApiKey, elevenlabsApiKey, leonardoApiKey, ...values } = update;
      if (values.openaiBaseUrl !== undefined) await deps.checkOpenaiBaseUrl?.(values.openaiBaseUrl);
      // The streak's days are computed in SQL: a zone Node knows but the database's zone data does not
      // (an older PostgreSQL) is refused here rather than failing every progress call later
      // (docs/product/progress.md#learner-day).
      if (values.timeZone !== undefined && !(await settings.isKnownTimeZone(values.timeZone))) {
        throw new AppError('validation_failed', 400, { field: 'timeZone' });
      }
      const changes: SettingsRowUpdate = { ...values };
      const keys = { openaiApiKey, elevenlabsApiKey, leonardoApiKey } satisfies Record<
        ProviderKeyField,
        unknown
      >;
      const changedProviders = new Set<KeyedProviderName>(
        PROVIDER_OF_KEY_FIELD.filter(([field]) => keys[field] !== undefined).map(([, provider]) => provider),
      );
      if (values.openaiBaseUrl !== undefined || values.openaiModel !== undefined)
        changedProviders.add('openai');
      for (const field of PROVIDER_KEY_FIELDS) {
        const key = keys[field];
        // Absent leaves the stored key alone; null (or '') removes it.
        if (key !== undefined) changes[ENCRYPTED_COLUMN[field]] = key === null ? null : secretBox.seal(key);
      }
      // Rows written by older clients may carry a speed outside the offered list; the spec's answer is 1.0.
      const current = await settings.findOrCreate(userId);
      const speed = changes.speechSpeed ?? current.speechSpeed;
      if (!(SPEECH_SPEEDS as readonly number[]).includes(speed)) changes.speechSpeed = 1.0;
      const updated = toSettings(await settings.update(userId, changes));
      for (const provider of changedProviders) deps.onProviderChanged?.(userId, provider);
      return updated;
    },

    /**
     * A backup's settings over the learner's (docs/product/transfer.md#backup), each value read as
     * `PUT /api/settings` reads it: one its field's schema refuses, an endpoint the address policy refuses
     * and a time zone the database does not know each take the default, and their fields are answered for
     * the report. Keys are never restored: a backup holds none, and a row carrying one is not believed.
     */
    async restore(userId: string, row: Readonly<Record<string, unknown>>): Promise<string[]> {
      const changes: Record<string, unknown> = {};
      const refused: string[] = [];
      const fallBack = (field: (typeof VALUE_FIELDS)[number]) => {
        changes[field] = settingsDefaults[field];
        refused.push(field);
      };
      for (const field of VALUE_FIELDS) {
        if (!(field in row)) continue;
        const parsed = settingsValuesSchema.shape[field].safeParse(row[field]);
        if (parsed.success) changes[field] = parsed.data;
        else fallBack(field);
      }
      const { openaiBaseUrl, timeZone } = changes;
      if (typeof openaiBaseUrl === 'string') {
        try {
          await deps.checkOpenaiBaseUrl?.(openaiBaseUrl);
        } catch {
          fallBack('openaiBaseUrl');
        }
      }
      if (typeof timeZone === 'string' && !(await settings.isKnownTimeZone(timeZone))) fallBack('timeZone');
      if (
        typeof changes.speechSpeed === 'number' &&
        !(SPEECH_SPEEDS as readonly number[]).includes(changes.speechSpeed)
      ) {
        fallBack('speechSpeed');
      }
      await settings.update(userId, changes);
      return refused;
    },

    /** The learner's time zone alone, for the calls that only need their day (no key is opened). */
    async timeZoneOf(userId: string): Promise<string> {
      return (await settings.findOrCreate(userId)).timeZone;
    },

    /** Every provider key in clear text plus the model settings, for the provider layer only. */
    async readProviderCredentials(userId: string) {
      const row = await settings.findOrCreate(userId);
      // A key sealed under another APP_SECRET cannot be used; Settings asks the learner to enter it again.
      const open = (sealed: string | null) => openKey(sealed).key;
      const unreadable = unreadableKeysOf(row);
      return {
        unreadableKeys: PROVIDER_OF_KEY_FIELD.filter(([field]) => unreadable.includes(field)).map(
          ([, provider]) => provider,
        ),
        openaiApiKey: open(row.openaiApiKeyEncrypted),
        openaiBaseUrl: row.openaiBaseUrl,
        openaiModel: row.openaiModel,
        elevenlabsApiKey: open(row.elevenlabsApiKeyEncrypted),
        leonardoApiKey: open(row.leonardoApiKeyEncrypted),
      };
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
