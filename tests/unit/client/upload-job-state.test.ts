import { describe, expect, it } from 'vitest';
import type { UploadJob, UploadResults } from '../../../src/shared/api/uploads';
import { pendingJob } from '../../../src/client/lib/jobs/job-state';
import {
  followedUploadId,
  jobCurrentIndex,
  jobPercent,
  nextVisibleCount,
  parseStoredUploadJob,
  RESULT_PAGE_SIZE,
  reportedWordOf,
  splitRemaining,
  summarizeResults,
  uploadJobOf,
  wordStats,
} from '../../../src/client/features/upload/lib/upload-job-state';
import {
  clearStoredUploadJob,
  readStoredUploadJob,
  writeStoredUploadJob,
} from '../../../src/client/features/upload/lib/upload-job-storage';

type JobOverrides = Omit<Partial<UploadJob>, 'progress'> & { progress?: Partial<UploadJob['progress']> };

const job = (overrides: JobOverrides = {}): UploadJob => {
  const base = uploadJobOf(pendingJob('job-1', 30, null, []));
  return { ...base, ...overrides, progress: { ...base.progress, ...overrides.progress } };
};

const results: UploadResults = {
  words: [
    {
      id: 1,
      spanish: 'el perro',
      russian: 'собака',
      example: 'El **perro** duerme.',
      exampleTranslation: '**Собака** спит.',
      cefrLevel: 'A1',
      partOfSpeech: 'noun',
      filled: [],
    },
  ],
  duplicates: [
    {
      spanish: 'casa',
      newRussian: 'дом',
      existingRussian: 'дом',
      existingWordId: 1,
      isActive: true,
      reason: { code: 'upload_word_exists' },
    },
    {
      spanish: 'gato',
      newRussian: 'кот',
      existingRussian: 'кошка',
      existingWordId: 2,
      isActive: false,
      reason: { code: 'upload_word_exists' },
    },
    {
      spanish: 'sol',
      newRussian: 'солнце',
      existingRussian: 'солнце',
      existingWordId: 3,
      isActive: true,
      reason: { code: 'upload_word_exists' },
    },
  ],
  errors: [{ lineNumber: 7, spanish: null, stage: 'duplicates', code: 'upload_line_no_spanish' }],
  fallbacks: [],
  stoppedProviders: [],
  builtinClipsJobId: null,
  moreWords: 0,
  moreDuplicates: 0,
  moreErrors: 0,
};

describe('the followed job as the upload screen reads it', () => {
  it('a new job starts pending with its line count and no results', () => {
    expect(uploadJobOf(pendingJob('abc', 12, null, []))).toMatchObject({
      jobId: 'abc',
      status: 'pending',
      progress: { total: 12, processed: 0, failed: 0, stages: [] },
      results: null,
      error: null,
    });
  });

  it('keeps only the known stages, and none when the job sent none', () => {
    const snapshot = pendingJob('job-1', 30, 'upload', [
      { name: 'duplicates', completed: 30, total: 30 },
      { name: 'unknown', completed: 1, total: 1 },
    ]);
    expect(uploadJobOf(snapshot).progress.stages).toEqual([{ name: 'duplicates', completed: 30, total: 30 }]);
    expect(uploadJobOf(pendingJob('job-1', 30)).progress.stages).toEqual([]);
  });

  it('parses the results with the upload schema, and reads anything else as none', () => {
    const done = { ...pendingJob('job-1', 30), status: 'completed' as const };
    expect(uploadJobOf({ ...done, results }).results).toEqual(results);
    expect(uploadJobOf({ ...done, results: { totalWords: 3 } }).results).toBeNull();
  });
});

describe('which upload the screen shows', () => {
  it('follows the job this tab started until the server names it', () => {
    expect(followedUploadId({ startedId: 'y', currentId: 'x', closedId: null })).toBe('y');
  });

  it('lets an upload started on another device take over from the one this tab showed', () => {
    // Tab A showed finished x and closed it; the server now names y, started on the phone.
    expect(followedUploadId({ startedId: null, currentId: 'y', closedId: 'x' })).toBe('y');
    // Tab A still shows finished x, never closed: the server's newer answer wins.
    expect(followedUploadId({ startedId: null, currentId: 'y', closedId: null })).toBe('y');
  });

  it("keeps the closed upload's results while the server still names it, or names none", () => {
    expect(followedUploadId({ startedId: null, currentId: 'x', closedId: 'x' })).toBe('x');
    expect(followedUploadId({ startedId: null, currentId: null, closedId: 'x' })).toBe('x');
    expect(followedUploadId({ startedId: null, currentId: null, closedId: null })).toBeNull();
  });
});

describe('progress figures', () => {
  it('percent counts processed and failed words, clamped and rounded', () => {
    expect(jobPercent(job({ status: 'processing', progress: { total: 3, processed: 1 } }))).toBe(33);
    expect(jobPercent(job({ status: 'processing', progress: { total: 10, processed: 4, failed: 1 } }))).toBe(
      50,
    );
    expect(jobPercent(job({ status: 'processing', progress: { total: 10, processed: 12 } }))).toBe(100);
    expect(jobPercent(job({ status: 'processing', progress: { total: 0 } }))).toBe(0);
    expect(jobPercent(job({ status: 'completed', progress: { total: 0 } }))).toBe(100);
  });

  it('the index is the word being worked on, then the words handled', () => {
    expect(jobCurrentIndex(job({ status: 'processing', progress: { total: 30, processed: 4 } }))).toBe(5);
    expect(jobCurrentIndex(job({ status: 'processing', progress: { total: 30, processed: 30 } }))).toBe(30);
    expect(jobCurrentIndex(job({ status: 'pending', progress: { total: 30 } }))).toBe(0);
    expect(
      jobCurrentIndex(job({ status: 'completed', progress: { total: 30, processed: 28, failed: 1 } })),
    ).toBe(29);
  });

  it('splits the time remaining into minutes and seconds, rounded up to 5 s', () => {
    expect(splitRemaining(null)).toBeNull();
    expect(splitRemaining(0)).toBeNull();
    expect(splitRemaining(Number.NaN)).toBeNull();
    expect(splitRemaining(1200)).toEqual({ minutes: 0, seconds: 5 });
    expect(splitRemaining(61_000)).toEqual({ minutes: 1, seconds: 5 });
    expect(splitRemaining(150_000)).toEqual({ minutes: 2, seconds: 30 });
  });
});

describe('completion summary', () => {
  it('counts added words, duplicates split by status, and errors', () => {
    expect(summarizeResults(results)).toEqual({
      added: 1,
      duplicates: 3,
      activeDuplicates: 2,
      inactiveDuplicates: 1,
      errors: 1,
      isNothingAdded: false,
    });
  });

  it('counts the lines a long report does not list, its unlisted duplicates as active', () => {
    expect(summarizeResults({ ...results, moreWords: 15_000, moreDuplicates: 10, moreErrors: 4 })).toEqual({
      added: 15_001,
      duplicates: 13,
      activeDuplicates: 12,
      inactiveDuplicates: 1,
      errors: 5,
      isNothingAdded: false,
    });
  });

  it('is destructive when nothing was added, or nothing is known', () => {
    expect(summarizeResults({ ...results, words: [] }).isNothingAdded).toBe(true);
    expect(summarizeResults(null)).toMatchObject({
      added: 0,
      duplicates: 0,
      errors: 0,
      isNothingAdded: true,
    });
  });
});

describe('the word a report row names', () => {
  it('is the Spanish, else the text of a line whose bytes did not read, else none', () => {
    expect(reportedWordOf({ spanish: 'caminar', code: 'upload_translation_missing' })).toBe('caminar');
    expect(
      reportedWordOf({
        spanish: null,
        code: 'import_row_bad_bytes',
        params: { line: 'el ni\uFFFDo / мальчик' },
      }),
    ).toBe('el ni\uFFFDo / мальчик');
    expect(reportedWordOf({ spanish: null, code: 'upload_line_too_long', params: { max: 500 } })).toBeNull();
    expect(reportedWordOf({ spanish: null, code: 'upload_line_no_spanish' })).toBeNull();
  });
});

describe('word statistics', () => {
  it('counts total, hidden (isActive false), studying and the listens', () => {
    expect(
      wordStats([
        { isActive: true, listenCount: 3 },
        { isActive: false, listenCount: 1200 },
        { isActive: true, listenCount: 0 },
      ]),
    ).toEqual({ total: 3, hidden: 1, studying: 2, listened: 1203 });
    expect(wordStats([])).toEqual({ total: 0, hidden: 0, studying: 0, listened: 0 });
  });
});

describe('capped lists', () => {
  it('grow a page at a time up to the total', () => {
    expect(nextVisibleCount(RESULT_PAGE_SIZE, 5000)).toBe(RESULT_PAGE_SIZE * 2);
    expect(nextVisibleCount(4990, 5000)).toBe(5000);
    expect(nextVisibleCount(10, 12, 5)).toBe(12);
  });
});

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('the watched job in storage', () => {
  it('survives a reload and is forgotten on close', () => {
    const storage = memoryStorage();
    expect(readStoredUploadJob(storage)).toBeNull();
    writeStoredUploadJob({ jobId: 'job-9', hasNotified: false }, storage);
    expect(readStoredUploadJob(storage)).toEqual({ jobId: 'job-9', hasNotified: false });
    clearStoredUploadJob(storage);
    expect(readStoredUploadJob(storage)).toBeNull();
  });

  it('ignores anything that is not a stored job', () => {
    expect(parseStoredUploadJob('not json')).toBeNull();
    expect(parseStoredUploadJob('{"jobId":""}')).toBeNull();
    expect(parseStoredUploadJob('{"jobId":"a","hasNotified":true}')).toEqual({
      jobId: 'a',
      hasNotified: true,
    });
  });

  it('a storage that throws is survived', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => writeStoredUploadJob({ jobId: 'a', hasNotified: false }, broken)).not.toThrow();
    expect(readStoredUploadJob(broken)).toBeNull();
    expect(() => clearStoredUploadJob(broken)).not.toThrow();
  });
});
