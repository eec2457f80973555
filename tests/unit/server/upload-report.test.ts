import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_LINES } from '../../../src/shared/api/uploads';
import { emptyUploadResults } from '../../../src/server/jobs/upload-words.data';
import { addLines } from '../../../src/server/modules/uploads/upload-report';
import { addWordsOfJob } from '../../../src/server/modules/uploads/upload-save.step';

// docs/product/upload.md#results-report: each list of a report holds its first lines and counts the rest.

const error = (lineNumber: number) => ({
  lineNumber,
  spanish: null,
  stage: 'duplicates' as const,
  code: 'upload_line_no_spanish',
});

describe('a report’s lists', () => {
  it('list up to their limit and count the rest, however the lines arrive', () => {
    const results = emptyUploadResults();
    addLines(results, 'errors', [error(1), error(2)], 3);
    addLines(results, 'errors', [error(3), error(4)], 3);
    addLines(results, 'errors', [error(5)], 3);
    expect(results.errors.map((line) => line.lineNumber)).toEqual([1, 2, 3]);
    expect(results.moreErrors).toBe(2);
    expect(results.moreWords).toBe(0);
  });

  it('take an import’s words from the job’s own rows at the end: the first listed, all counted', async () => {
    const results = emptyUploadResults();
    const word = (id: number) => ({
      id,
      duplicateKey: `palabra${id}`,
      spanish: `palabra${id}`,
      russian: 'слово',
      example: null,
      exampleTranslation: null,
      cefrLevel: null,
      partOfSpeech: null,
      filled: [],
    });
    let asked: number | undefined;
    await addWordsOfJob(
      {
        wordsOfJob: (_userId, _jobId, limit) => {
          asked = limit;
          return Promise.resolve({
            words: Array.from({ length: limit ?? 0 }, (_, index) => word(index + 1)),
            total: 20_000,
          });
        },
      },
      'user',
      'job',
      results,
    );
    expect(asked).toBe(MAX_REPORTED_LINES);
    expect(results.words).toHaveLength(MAX_REPORTED_LINES);
    expect(results.words[0]).toEqual({
      id: 1,
      spanish: 'palabra1',
      russian: 'слово',
      example: null,
      exampleTranslation: null,
      cefrLevel: null,
      partOfSpeech: null,
      filled: [],
    });
    expect(results.moreWords).toBe(20_000 - MAX_REPORTED_LINES);
  });
});
