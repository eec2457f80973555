import { timestamp } from 'drizzle-orm/pg-core';

/** Every instant is stored with its time zone so PGlite, PostgreSQL and the client agree on it. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** `$onUpdate` keeps the column current on every Drizzle `update()` without each repository remembering it. */
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
