import type { User } from '../../shared/api/auth';

/**
 * The identity provider's first-name claim first, then the stored first name
 * (docs/product/overview.md#navigation). Blank values count as missing: e-mail registration stores '' when
 * the name field was left empty.
 */
export function userFirstName(user: User | undefined): string | undefined {
  for (const candidate of [user?.claims.first_name, user?.firstName]) {
    const trimmed = candidate?.trim();
    if (trimmed) return trimmed;
  }
  return undefined;
}
