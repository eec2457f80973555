import { z } from 'zod';
import { reviewGradeRequestSchema } from '../../../../shared/api/review';
import { type KeyValueStorage, readStorage, writeStorage } from '../../../lib/local-storage';

/**
 * Grades on their way to the server (docs/product/review.md#offline): each is stored in the browser first,
 * then sent in order, one at a time. A failure that may pass (no connection, a server error, a lapsed
 * session, too many calls) stops the sending until the next try; one that never will (the word was deleted)
 * drops that grade. Each grade carries its own id, so sending one twice grades once. An undo
 * (docs/product/review.md#undo) takes back a grade still waiting here; one already sent waits its turn as
 * an undo entry, after that grade.
 */
export const pendingGradeSchema = reviewGradeRequestSchema.extend({ cardId: z.number().int() });
export type PendingGrade = z.infer<typeof pendingGradeSchema>;
export const pendingUndoSchema = z.object({ kind: z.literal('undo'), reviewId: z.uuid() });
export type PendingUndo = z.infer<typeof pendingUndoSchema>;
type PendingEntry = PendingGrade | PendingUndo;

const isUndo = (entry: PendingEntry): entry is PendingUndo => 'kind' in entry;
/** An undo shares its grade's id: the kind tells the two entries apart. */
const keyOf = (entry: PendingEntry) => `${isUndo(entry) ? 'undo' : 'grade'}:${entry.reviewId}`;

export interface GradeOutboxOptions {
  storageKey: string;
  storage?: KeyValueStorage;
  send: (grade: PendingGrade) => Promise<void>;
  sendUndo: (undo: PendingUndo) => Promise<void>;
  /** True for a refusal that a later try would meet again. */
  isPermanentFailure: (error: unknown) => boolean;
  /** Told the number of grades not yet sent whenever it changes. */
  onChange?: (pendingCount: number) => void;
  /** How long after a failed try the next one starts on its own. */
  retryDelayMs?: number;
  /** Told of an entry dropped for a refusal that a later try would meet again (an undo refused, say). */
  onDropped?: (entry: PendingEntry, error: unknown) => void;
}

export interface GradeOutbox {
  add(grade: PendingGrade): void;
  /**
   * Undoes the grade `reviewId`: 'removed' when it was still waiting (it is never sent), 'queued' when it
   * was sent or is being sent (the server is told after it).
   */
  undo(reviewId: string): 'removed' | 'queued';
  /** Sends what waits; resolves when the outbox is empty or a try failed. */
  flush(): Promise<void>;
  pendingCount(): number;
  dispose(): void;
}

const storedGradesSchema = z.array(z.unknown());

function readPending(key: string, storage: KeyValueStorage | undefined): PendingEntry[] {
  const raw = readStorage(key, storage);
  if (!raw) return [];
  try {
    const items = storedGradesSchema.parse(JSON.parse(raw));
    // A damaged entry cannot be sent; the rest still can.
    return items.flatMap((item): PendingEntry[] => {
      const undo = pendingUndoSchema.safeParse(item);
      if (undo.success) return [undo.data];
      const parsed = pendingGradeSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  } catch {
    return [];
  }
}

export function createGradeOutbox(options: GradeOutboxOptions): GradeOutbox {
  const { storageKey, storage, send, sendUndo, isPermanentFailure, onChange, onDropped } = options;
  const retryDelayMs = options.retryDelayMs ?? 5000;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let isDisposed = false;
  /** The entry being sent now: too late to take back, its undo must follow it. */
  let inFlight: string | undefined;

  const pending = () => readPending(storageKey, storage);
  const save = (grades: readonly PendingEntry[]) => {
    writeStorage(storageKey, JSON.stringify(grades), storage);
    onChange?.(grades.length);
  };
  /** Removes the entry just sent (or dropped) by its key: another tab may have added grades meanwhile. */
  const remove = (key: string) => save(pending().filter((entry) => keyOf(entry) !== key));

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
      inFlight = keyOf(next);
      try {
        await (isUndo(next) ? sendUndo(next) : send(next));
        remove(keyOf(next));
      } catch (error) {
        if (!isPermanentFailure(error)) {
          scheduleRetry();
          return;
        }
        remove(keyOf(next));
        onDropped?.(next, error);
      } finally {
        inFlight = undefined;
      }
    }
  }

  const outbox: GradeOutbox = {
    add(grade) {
      save([...pending(), grade]);
      void outbox.flush();
    },
    undo(reviewId) {
      const gradeKey = `grade:${reviewId}`;
      const entries = pending();
      if (inFlight !== gradeKey && entries.some((entry) => keyOf(entry) === gradeKey)) {
        remove(gradeKey);
        return 'removed';
      }
      save([...entries, { kind: 'undo', reviewId }]);
      void outbox.flush();
      return 'queued';
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
