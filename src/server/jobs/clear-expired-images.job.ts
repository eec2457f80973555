import { DICTIONARY_JOB_KINDS } from '../../shared/api/dictionary';
import { type MediaStore, parseMediaPath } from '../media/media-store';
import type { DictionaryRepository } from '../modules/dictionary/dictionary.repository';
import type { FetchFunction } from '../providers/http/provider-fetch';
import {
  chunksOf,
  createDictionaryTally,
  type DictionaryJobDefinition,
  dictionaryJobData,
} from './dictionary-job';
import { noJobInput } from './job-data';

/** One unit: a batch of `/media/` paths checked in one query, or one external link. */
type ImageCheck = { kind: 'media'; urls: string[] } | { kind: 'link'; url: string };

/** External links checked at once: they are on other people's servers, so a few at a time. */
const LINKS_AT_ONCE = 8;
const LINK_TIMEOUT_MS = 5_000;
/** `/media/` objects checked per query. */
const MEDIA_BATCH = 500;

/**
 * Dictionary → clear expired images (docs/product/dictionary.md#maintenance-actions): picture references whose `/media` object is gone (or
 * not this learner's), or whose external link no longer loads, are dropped from the learner's words and
 * library. data: URLs carry their picture with them and always stay.
 */
export function createClearExpiredImagesJob(deps: {
  dictionary: DictionaryRepository;
  mediaStore: MediaStore;
  fetch?: FetchFunction | undefined;
}): DictionaryJobDefinition<object, ImageCheck> {
  const fetchLink = deps.fetch ?? fetch;

  /**
   * Whether the link still answers; a redirect counts as an answer (it is not followed). `fetch` checks
   * the address it connects to (docs/product/providers.md#endpoint-addresses): a link to an address the
   * server may not reach is never requested and counts as one that no longer loads.
   */
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
    input: noJobInput,
    ...dictionaryJobData,
    async plan(context) {
      const { userId } = context;
      const references = await deps.dictionary.listImageReferences(userId);
      // Checking is cheap next to drawing: a resumed run checks everything again, from a fresh tally.
      const tally = createDictionaryTally(context, {
        total: references.length,
        stage: 'images',
        checkpoint: null,
      });
      await tally.report(null);
      const expired: string[] = [];

      const mediaPaths = references.filter((url) => url.startsWith('/media/'));
      const links = references.filter((url) => /^https?:\/\//i.test(url));
      const units: ImageCheck[] = [
        ...chunksOf(mediaPaths, MEDIA_BATCH).map((urls): ImageCheck => ({ kind: 'media', urls })),
        ...links.map((url): ImageCheck => ({ kind: 'link', url })),
      ];

      const checkMedia = async (urls: string[]) => {
        const parsed = urls.map((url) => ({ url, media: parseMediaPath(url) }));
        const loadable = await deps.mediaStore.findReadableIds(
          parsed.flatMap(({ media }) => (media ? [media.sha256] : [])),
          userId,
        );
        for (const { url, media } of parsed) if (!media || !loadable.has(media.sha256)) expired.push(url);
        tally.count(urls.length);
        await tally.report(null);
      };
      const checkLink = async (url: string) => {
        if (!(await isLinkAlive(url))) expired.push(url);
        tally.count(1);
        await tally.report(url);
      };

      return {
        units,
        // Media batches are queries on this database; links are other people's servers, a few at a time.
        unitsAtOnce: LINKS_AT_ONCE,
        step: (unit) => (unit.kind === 'media' ? checkMedia(unit.urls) : checkLink(unit.url)),
        // A cancelled run still drops what it found.
        async finish() {
          // Neither a media path nor a link (data: URLs, imported base64): nothing that can expire.
          tally.count(references.length - mediaPaths.length - links.length);
          tally.results.changed = await deps.dictionary.dropImageReferences(userId, expired);
          await tally.report(null);
          return tally.results;
        },
      };
    },
  };
}
