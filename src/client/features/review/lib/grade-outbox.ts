import { z } from 'zod';
import { reviewGradeRequestSchema } from '../../../../shared/api/review';
import { type KeyValueStorage, readStorage, writeStorage } from '../../../lib/local-storage';

/**
 * Grades on their way to the server (docs/product/review.md#offline): each is stored in the browser first,
 * then sent in order, one at a time. A failure that may pass (no connection, a server error, a lapsed
 * session, too many calls) stops the sending until the next try; one that never will (the word was deleted)
 * drops that grade. Each grade carries its own id, so sending one twice grades once.
 */
export const pendingGradeSchema = reviewGradeRequestSchema.extend({ cardId: z.number().int() });
export type PendingGrade = z.infer<typeof pendingGradeSchema>;

export interface GradeOutboxOptions {
  storageKey: string;
  storage?: KeyValueStorage;
  send: (grade: PendingGrade) => Promise<void>;
  /** True for a refusal that a later try would meet again. */
  isPermanentFailure: (error: unknown) => boolean;
  /** Told the number of grades not yet sent whenever it changes. */
  onChange?: (pendingCount: number) => void;
  /** How long after a failed try the next one starts on its own. */
  retryDelayMs?: number;
}

export interface GradeOutbox {
  add(grade: PendingGrade): void;
  /** Sends what waits; resolves when the outbox is empty or a try failed. */
  flush(): Promise<void>;
  pendingCount(): number;
  dispose(): void;
}

const storedGradesSchema = z.array(z.unknown());

function readPending(key: string, storage: KeyValueStorage | undefined): PendingGrade[] {
  const raw = readStorage(key, storage);
  if (!raw) return [];
  try {
    const items = storedGradesSchema.parse(JSON.parse(raw));
    // A damaged entry cannot be sent; the rest still can.
    return items.flatMap((item) => {
      const parsed = pendingGradeSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  } catch {
    return [];
  }
}

export function createGradeOutbox(options: GradeOutboxOptions): GradeOutbox {
  const { storageKey, storage, send, isPermanentFailure, onChange } = options;
  const retryDelayMs = options.retryDelayMs ?? 5000;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let isDisposed = false;

  const pending = () => readPending(storageKey, storage);
  const save = (grades: readonly PendingGrade[]) => {
    writeStorage(storageKey, JSON.stringify(grades), storage);
    onChange?.(grades.length);
  };
  /** Removes the grade just sent (or dropped) by its id: another tab may have added grades meanwhile. */
  const remove = (reviewId: string) => save(pending().filter((grade) => grade.reviewId !== reviewId));

  const scheduleRetry = () => {
    if (isDisposed || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void outbox.flush();
    }, retryDelayMs);
  };

  async function sendAll(): Promise<void> {
    for (;;) {
      if (isDisposed) return;
      const [next] = pending();
      if (!next) return;
      try {
        await send(next);
        remove(next.reviewId);
      } catch (error) {
        if (!isPermanentFailure(error)) {
          scheduleRetry();
          return;
        }
        remove(next.reviewId);
      }
    }
  }

  const outbox: GradeOutbox = {
    add(grade) {
      save([...pending(), grade]);
      void outbox.flush();
    },
    flush() {
      if (retryTimer !== undefined) {
        clearTimeout(retryTimer);
        retryTimer = undefined;
      }
      running ??= sendAll().finally(() => {
        running = undefined;
      });
      return running;
    },
    pendingCount: () => pending().length,
    dispose() {
      isDisposed = true;
      clearTimeout(retryTimer);
    },
  };
  return outbox;
}
