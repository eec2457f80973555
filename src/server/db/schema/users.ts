import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    // Text, not uuid: ids are random UUIDs made in app code, and text leaves room for other id shapes.
    id: text('id').primaryKey(),
    // Null for external identities without an e-mail; the app stores it lower-cased, so a plain unique is enough.
    email: text('email').unique('users_email_unique'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    // Null for accounts that only sign in through OIDC or Google.
    passwordHash: text('password_hash'),
    authProvider: text('auth_provider').notNull().default('oidc'),
    // The provider's subject claim; with authProvider it identifies an external account even if its e-mail changes.
    authSubject: text('auth_subject'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_auth_provider_subject_idx').on(t.authProvider, t.authSubject)],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<Record<string, unknown>>().notNull(),
    expire: timestamptz('expire').notNull(),
    // Denormalised from `sess` so "sign out everywhere" and deleting a user need no JSON scan.
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * The attempt counts every instance shares (docs/DEPLOY.md#shared-limits): one fixed window per limit and
 * key. `key` is a hash of the limit's name and what it counts (an address, an account, a learner and a
 * route), so the table holds no e-mail or address in the clear.
 */
export const attemptCounts = pgTable(
  'attempt_counts',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamptz('reset_at').notNull(),
  },
  (t) => [index('attempt_counts_reset_at_idx').on(t.resetAt)],
);
