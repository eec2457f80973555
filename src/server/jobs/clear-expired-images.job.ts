import { DICTIONARY_JOB_KINDS } from '../../shared/api/dictionary';
import { type MediaStore, parseMediaPath } from '../media/media-store';
import type { DictionaryRepository } from '../modules/dictionary/dictionary.repository';
import type { JobDefinition } from '../modules/jobs/jobs.service';
import type { FetchFunction } from '../providers/http/provider-fetch';
import { createDictionaryJobProgress, forEachInPool } from './dictionary-job-progress';

/** External links checked at once: they are on other people's servers, so a few at a time. */
const LINKS_AT_ONCE = 8;
const LINK_TIMEOUT_MS = 5_000;
/** `/media/` objects checked per query. */
const MEDIA_BATCH = 500;

/**
 * Dictionary → clear expired images (DESIGN §4): picture references whose `/media` object is gone (or
 * not this learner's), or whose external link no longer loads, are dropped from the learner's words and
 * library. data: URLs carry their picture with them and always stay.
 */
export function createClearExpiredImagesJob(deps: {
  dictionary: DictionaryRepository;
  mediaStore: MediaStore;
  fetch?: FetchFunction | undefined;
}): JobDefinition<Record<string, never>> {
  const fetchLink = deps.fetch ?? fetch;

  /** Whether the link still answers; a redirect counts as an answer (it is not followed). */
  async function isLinkAlive(url: string): Promise<boolean> {
    for (const method of ['HEAD', 'GET']) {
      try {
        const response = await fetchLink(url, {
          method,
          redirect: 'manual',
          signal: AbortSignal.timeout(LINK_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.status < 400) return true;
        // Some servers refuse HEAD; only then is GET worth a try.
        if (method === 'HEAD' && (response.status === 405 || response.status === 501)) continue;
        return false;
      } catch {
        return false;
      }
    }
    return false;
  }

  return {
    kind: DICTIONARY_JOB_KINDS.clearExpiredImages,
    async run(context) {
      const { userId } = context;
      const references = await deps.dictionary.listImageReferences(userId);
      const progress = createDictionaryJobProgress(context, references.length, 'images');
      await progress.report(null);
      const expired: string[] = [];

      const mediaPaths = references.filter((url) => url.startsWith('/media/'));
      for (let start = 0; start < mediaPaths.length; start += MEDIA_BATCH) {
        if (await progress.shouldStop()) break;
        const batch = mediaPaths.slice(start, start + MEDIA_BATCH);
        const parsed = batch.map((url) => ({ url, media: parseMediaPath(url) }));
        const loadable = await deps.mediaStore.findReadableIds(
          parsed.flatMap(({ media }) => (media ? [media.sha256] : [])),
          userId,
        );
        for (const { url, media } of parsed) {
          const isMissing = !media || !loadable.has(media.sha256);
          if (isMissing) expired.push(url);
          progress.results.processed += 1;
        }
        await progress.report(null);
      }

      const links = references.filter((url) => /^https?:\/\//i.test(url));
      await forEachInPool(links, LINKS_AT_ONCE, progress.shouldStop, async (url) => {
        const isAlive = await isLinkAlive(url);
        if (!isAlive) expired.push(url);
        progress.results.processed += 1;
        await progress.report(url);
      });

      // Neither a media path nor a link (data: URLs, imported base64): nothing that can expire.
      progress.results.processed += references.length - mediaPaths.length - links.length;
      // A cancelled run still drops what it found; a shutdown leaves it to the resumed run.
      if (!context.isInterrupted()) {
        progress.results.changed = await deps.dictionary.dropImageReferences(userId, expired);
      }
      await progress.report(null);
      return progress.finish();
    },
  };
}
