import { createSchemaFactory } from 'drizzle-zod';
import { z } from 'zod';
import { AUDIOBOOK_STATUSES } from '../../../shared/api/audiobooks';
import { SERIES_STATUSES } from '../../../shared/api/audiobook-player';
import { coded } from '../../../shared/api/errors';
import { IMAGE_SERVICE_PROVIDERS } from '../../../shared/api/providers';
import { reviewCardStateSchema } from '../../../shared/api/review';
import { AUDIOBOOK_LEVELS } from '../../../shared/catalogs/audiobook-genres';
import { REVIEW_DIRECTIONS, REVIEW_SCHEDULERS, REVIEW_STATES } from '../../../shared/catalogs/review';
import type { BackupTable } from './backup-tables';
import type { BackupRow } from './backup.repository';

/**
 * What a restored row must be before it is written (docs/product/transfer.md#backup): a backup is a file the
 * learner hands in, and a row of it is trusted no more than a request. Each table's contract is its own
 * columns' types, ranges and nullability (drizzle-zod reads them off the table, 32-bit integers included),
 * with the domains the app's own answers hold a column to (an audiobook's status, a card's state…), so a
 * restored row can never make a later call fail; the columns a backup never holds (keys, links to job
 * records) are dropped, and a column the table lacks is left out. Instants travel as ISO text and come back
 * as dates. The settings row is read by the settings' own contract instead (SettingsService.restore).
 */

const { createInsertSchema } = createSchemaFactory({ zodInstance: z, coerce: { date: true } });

/** Per table, the columns whose values the app's answers allow fewer of than the column's type. */
const DOMAINS: Readonly<Record<string, Readonly<Record<string, z.ZodType>>>> = {
  // Always the app's own reading of the Spanish (D8), never the file's: a row may come without it.
  words: { duplicateKey: z.string().optional() },
  audiobooks: {
    status: z.enum(AUDIOBOOK_STATUSES),
    grammarLevel: z.enum(AUDIOBOOK_LEVELS).nullable(),
    genreNames: z.array(z.string()),
    error: coded.nullable(),
  },
  audiobook_image_series: {
    serviceProvider: z.enum(IMAGE_SERVICE_PROVIDERS),
    status: z.enum(SERIES_STATUSES),
  },
  audiobook_sentence_images: { serviceProvider: z.enum(IMAGE_SERVICE_PROVIDERS) },
  review_cards: { state: z.enum(REVIEW_STATES), direction: z.enum(REVIEW_DIRECTIONS) },
  review_logs: {
    grade: z.number().int().min(1).max(4),
    scheduler: z.enum(REVIEW_SCHEDULERS),
    stateBefore: z.enum(REVIEW_STATES),
    cardBefore: reviewCardStateSchema,
    cardAfter: reviewCardStateSchema,
  },
};

const contracts = new Map<string, z.ZodType<BackupRow>>();

/** The contract of a backup's table, made once. */
export function contractOf(backupTable: BackupTable): z.ZodType<BackupRow> {
  const known = contracts.get(backupTable.name);
  if (known) return known;
  const dropped = Object.fromEntries(
    ['userId', ...(backupTable.omitted ?? []), ...(backupTable.cleared ?? [])].map((column) => [
      column,
      true,
    ]),
  ) as Record<string, true>;
  const columns = (createInsertSchema(backupTable.table) as unknown as z.ZodObject).omit(dropped);
  // A column the table fills by default may be absent, its domain or not.
  const shape = columns.shape as Record<string, z.ZodType | undefined>;
  const domains = Object.fromEntries(
    Object.entries(DOMAINS[backupTable.name] ?? {}).map(([column, domain]) => {
      const type = shape[column];
      if (!type) throw new Error(`${backupTable.name} has no column ${column}`);
      return [column, type.safeParse(undefined).success ? domain.optional() : domain];
    }),
  );
  // The backup's own id of a row, which later rows refer to: any number, mapped to the new one.
  const id = backupTable.hasId ? { id: z.number().int() } : {};
  const contract = columns.extend({ ...domains, ...id }) as unknown as z.ZodType<BackupRow>;
  contracts.set(backupTable.name, contract);
  return contract;
}
