import { vi } from 'vitest';
import { authPaths } from '../../../src/shared/api/auth-paths';
import { dictionaryPaths, regenerateImageResponseSchema } from '../../../src/shared/api/dictionary';
import {
  learnPath,
  learnPaths,
  listenCountResponseSchema,
  regenerateAudioResponseSchema,
  wordAudioResponseSchema,
  wordImageResponseSchema,
} from '../../../src/shared/api/learn';
import { type Settings, settingsPaths, settingsSchema } from '../../../src/shared/api/settings';
import {
  hideWordResponseSchema,
  undoResponseSchema,
  type WordListItem,
  wordListItemSchema,
  wordListSchema,
} from '../../../src/shared/api/words';
import { wordsPaths } from '../../../src/shared/api/words-paths';
import type { FakeApi } from './fake-api';
import { listedWord } from './word-fixtures';
import { learnerSettings } from './render-client';

/** The signed-in learner's settings (tests/support/client/render-client.tsx). */
export { learnerSettings };

/**
 * The Learn screen's server for a client test (docs/product/learn.md): the learner's words and settings,
 * what the screen saves, and the card clips it asks for. Each call is answered from `LearnServer`, which the
 * calls change as the real server would.
 */

let nextId = 1;

/** A word as `GET /api/words` lists it: active, heard `attempts` times, without a picture. */
export function learnWord(
  spanish: string,
  russian: string,
  overrides: Partial<WordListItem> = {},
): WordListItem {
  return listedWord(nextId++, spanish, russian, { createdAt: new Date().toISOString(), ...overrides });
}

/** The clips the audio call answers for a word: one path per voice, named by the word and voice. */
export const clipsOf = (word: WordListItem) => ({
  audioData: `/media/${word.id}-es1.mp3`,
  russianAudioData: word.russian === '' ? null : `/media/${word.id}-ru.mp3`,
  secondVoiceAudioData: `/media/${word.id}-es2.mp3`,
});

export interface LearnServer {
  words: WordListItem[];
  settings: Settings;
  /** Undo tokens the hide call gave, by token: the word they put back. */
  readonly undos: Map<string, number>;
}

/** The signed-in learner's settings as the server answers them, with `overrides`. */

/** Answers every call the Learn screen makes from `server`, for each of its words. */
export function answerLearn(api: FakeApi, server: LearnServer): void {
  api.on('GET', authPaths.status, () => ({ body: { isAuthenticated: true } }));
  api.on('GET', settingsPaths.settings, () => ({ body: server.settings }));
  api.on('PUT', settingsPaths.settings, (request) => {
    server.settings = settingsSchema.parse({ ...server.settings, ...(request.body as object) });
    return { body: server.settings };
  });
  api.on('GET', wordsPaths.words, () => ({ body: wordListSchema.parse(server.words) }));
  api.on('GET', wordsPaths.spacedRepetition, () => ({ body: [] }));
  const change = (id: number, update: Partial<WordListItem>) => {
    server.words = server.words.map((word) => (word.id === id ? { ...word, ...update } : word));
    return server.words.find((word) => word.id === id)!;
  };
  api.on('POST', wordsPaths.undo, (request) => {
    const { undoToken } = request.body as { undoToken: string };
    const id = server.undos.get(undoToken);
    if (id !== undefined) change(id, { isHidden: false });
    return { body: undoResponseSchema.parse({ restored: id === undefined ? 0 : 1 }) };
  });
  for (const { id } of server.words) {
    api.on('GET', learnPath(learnPaths.audio, id), () => ({
      body: wordAudioResponseSchema.parse(clipsOf(server.words.find((word) => word.id === id)!)),
    }));
    api.on('GET', learnPath(learnPaths.image, id), () => ({
      body: wordImageResponseSchema.parse({
        imageUrl: server.words.find((word) => word.id === id)!.imageUrl,
      }),
    }));
    api.on('PATCH', learnPath(learnPaths.listenCount, id), (request) => {
      const { listenCount } = request.body as { listenCount: number };
      change(id, { attempts: listenCount, listenCount });
      return {
        body: listenCountResponseSchema.parse({
          success: true,
          attempts: listenCount,
          listenCount,
          disabledUsageCount: 0,
        }),
      };
    });
    api.on('PUT', wordsPaths.word.replace(':id', String(id)), (request) => ({
      body: wordListItemSchema.parse(change(id, request.body as Partial<WordListItem>)),
    }));
    api.on('POST', wordsPaths.hide.replace(':id', String(id)), () => {
      change(id, { isHidden: true });
      const undoToken = crypto.randomUUID();
      server.undos.set(undoToken, id);
      return { body: hideWordResponseSchema.parse({ undoToken }) };
    });
    api.on('POST', learnPath(learnPaths.regenerateAudio, id), () => ({
      body: regenerateAudioResponseSchema.parse({
        ...clipsOf(server.words.find((word) => word.id === id)!),
        audioGenerated: true,
      }),
    }));
    api.on('POST', dictionaryPaths.regenerateImage.replace(':id', String(id)), () => {
      const imageUrl = `/media/${'a'.repeat(63)}${id % 10}.webp`;
      change(id, { imageUrl });
      return { body: regenerateImageResponseSchema.parse({ imageUrl }) };
    });
  }
}

/**
 * The page's audio elements, played without sound: each `play()` is recorded with its clip and ends at
 * once, or is refused as a browser refuses sound before a tap while `refuse` says so.
 */
export function recordAudioPlays(refuse: () => boolean = () => false): string[] {
  const played: string[] = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function play(this: HTMLMediaElement) {
    played.push(new URL(this.src, window.location.href).pathname);
    if (refuse()) {
      return Promise.reject(
        new DOMException(
          "play() failed because the user didn't interact with the document first.",
          'NotAllowedError',
        ),
      );
    }
    setTimeout(() => {
      this.dispatchEvent(new Event('playing'));
      this.dispatchEvent(new Event('ended'));
    }, 0);
    return Promise.resolve();
  });
  return played;
}
