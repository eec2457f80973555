import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { themes, wordThemes } from '../../db/schema';

/**
 * Links words to their themes by name (themes are one catalogue for every learner): a theme the catalogue
 * lacks is added, a link already there stays. Runs on the database or inside a transaction.
 */
export async function linkWordThemes(
  db: Pick<Db, 'insert' | 'select'>,
  links: ReadonlyArray<{ wordId: number; theme: string; order?: number }>,
): Promise<void> {
  if (links.length === 0) return;
  const names = [...new Set(links.map((link) => link.theme))];
  await db
    .insert(themes)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing({ target: themes.name });
  const rows = await db.select().from(themes).where(inArray(themes.name, names));
  const ids = new Map(rows.map((row) => [row.name, row.id]));
  const values = links.flatMap((link) => {
    const themeId = ids.get(link.theme);
    return themeId ? [{ wordId: link.wordId, themeId, order: link.order ?? 0 }] : [];
  });
  if (values.length > 0) await db.insert(wordThemes).values(values).onConflictDoNothing();
}
