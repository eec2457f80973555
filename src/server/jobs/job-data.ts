import { z } from 'zod';
import { UnreadableJobDataError } from '../http/job-failure';

export { UnreadableJobDataError };

/**
 * A job's stored json — its input, checkpoint and results — is versioned (docs/product/jobs.md#versioned-schemas):
 * it is written as `{ v, ...value }`, a row without `v` is version 1, and each version ships a converter
 * from the one before. A job that was running across an upgrade therefore resumes, and a finished job's
 * report stays readable; only data no converter reads (a newer version, or a shape that no schema
 * accepts) is unreadable, and then only the job it belongs to fails.
 */

export interface JobData<T> {
  /** The version this server writes. */
  readonly version: number;
  /** The stored value at any version up to `version`, converted to the current one. */
  read(raw: unknown): T;
  /** The value as it is stored: the current version alongside the fields. */
  write(value: T): Record<string, unknown>;
  /** The next version: its schema and how a value of this version becomes one of it. */
  next<U extends object>(schema: z.ZodType<U>, convert: (previous: T) => U): JobData<U>;
}

const versionOf = (raw: unknown): number | undefined => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const stored = (raw as { v?: unknown }).v;
  if (stored === undefined) return 1;
  return typeof stored === 'number' && Number.isInteger(stored) && stored >= 1 ? stored : undefined;
};

function build<T extends object>(
  what: string,
  version: number,
  schema: z.ZodType<T>,
  readOlder: ((raw: unknown) => T) | null,
): JobData<T> {
  const data: JobData<T> = {
    version,
    read(raw) {
      const stored = versionOf(raw);
      if (stored === undefined) throw new UnreadableJobDataError(what, 'not a versioned object');
      if (stored > version) {
        throw new UnreadableJobDataError(
          what,
          `version ${stored} is newer than ${version}, the newest known`,
        );
      }
      if (stored < version) {
        if (!readOlder) throw new UnreadableJobDataError(what, `no converter from version ${stored}`);
        return readOlder(raw);
      }
      // The version marker is not part of the value: strip it before the schema sees it.
      const { v: _v, ...fields } = raw as Record<string, unknown>;
      const parsed = schema.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.join('.') || '(root)';
        throw new UnreadableJobDataError(
          what,
          `version ${version}: ${where}: ${issue?.message ?? 'invalid'}`,
        );
      }
      return parsed.data;
    },
    write: (value) => ({ ...value, v: version }),
    next: (nextSchema, convert) =>
      build(what, version + 1, nextSchema, (raw) => {
        // A converter's answer is parsed like a stored value, so "parsed on every read" holds for old rows.
        const converted = nextSchema.safeParse(convert(data.read(raw)));
        if (!converted.success) {
          throw new UnreadableJobDataError(
            what,
            `version ${version} does not convert: ${converted.error.message}`,
          );
        }
        return converted.data;
      }),
  };
  return data;
}

/** Version 1 of a job's stored json (`what` names it in errors: "upload-words results"). */
export const jobData = <T extends object>(what: string, schema: z.ZodType<T>): JobData<T> =>
  build(what, 1, schema, null);

/** The input of a job that takes none: an empty object, versioned like any other. */
export const noJobInput = jobData('input', z.object({}));
