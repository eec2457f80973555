import { z } from 'zod';
import { wordListItemSchema } from '../../src/shared/api/words';

/**
 * `wordListSchema` with items that must carry exactly the contract's keys. `GET /api/words` is built by
 * the database with no response schema to strip extras, so a field leaking into it must fail the test
 * rather than be dropped by the parse.
 */
export const exactWordListSchema = z.array(wordListItemSchema.strict());
