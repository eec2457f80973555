import { describe, expect, it } from 'vitest';
import { authStatusSchema } from '../../../src/shared/api/auth';
import { authStatusParser } from '../../../src/shared/api/auth-status';

/** The hand-written parser of the first page and the server's zod schema must judge every answer alike. */
describe('auth status parser', () => {
  const answers: unknown[] = [
    { isAuthenticated: true },
    { isAuthenticated: false },
    { isAuthenticated: true, extra: 'dropped' },
    { isAuthenticated: 'true' },
    { isAuthenticated: 1 },
    { isAuthenticated: null },
    {},
    [],
    [true],
    null,
    undefined,
    'signed in',
    42,
  ];

  it.each(answers.map((answer) => [answer === undefined ? 'undefined' : JSON.stringify(answer), answer]))(
    '%s',
    (_, answer) => {
      const expected = authStatusSchema.safeParse(answer);
      if (expected.success) {
        expect(authStatusParser.parse(answer)).toEqual(expected.data);
      } else {
        expect(() => authStatusParser.parse(answer)).toThrow(TypeError);
      }
    },
  );
});
