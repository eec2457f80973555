import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReviewQueue } from '../../../../shared/api/review';
import type { ReviewGrade } from '../../../../shared/catalogs/review';
import { HttpError } from '../../../lib/api-client';
import { useAuthUser } from '../../../lib/api/auth-user.api';
import { randomUuid } from '../../../lib/random-id';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { sendReviewGrade } from '../api/grade-review.api';
import { sendReviewUndo } from '../api/undo-review-grade.api';
import { createGradeOutbox, type GradeOutbox } from '../lib/grade-outbox';
import { gradeCurrent, type ReviewSession, startSession, undoLast } from '../lib/review-session';

/** A refusal a later try would meet again: the card or its word is gone, or the grade is malformed. */
function isPermanentFailure(error: unknown): boolean {
  return (
    error instanceof HttpError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 403, 408, 429].includes(error.status)
  );
}

/** The grades waiting for the connection, per learner, in this browser (docs/product/review.md#offline). */
const outboxKey = (userId: string) => `${STORAGE_KEYS.reviewOutbox}:${userId}`;

/**
 * A review session's state and its grade outbox: the queue it started with, the card shown, whether its
 * answer is revealed, and how many grades wait to be sent. Grading applies the shared scheduler at once
 * (the session goes on offline) and hands the grade to the outbox; undoing steps the session back and takes
 * the grade back from the outbox, or tells the server after it (docs/product/review.md#undo).
 */
export function useReviewSession(queue: ReviewQueue, onGraded: () => void) {
  const user = useAuthUser();
  const userId = user.data?.id;
  const [session, setSession] = useState<ReviewSession>(() => startSession(queue.cards, Date.now()));
  const [isRevealed, setIsRevealed] = useState(false);
  const [pendingCount, setPendingCount] = useState(0);
  /** The server's refusal of the last undo (the card was graded again elsewhere), shown until the next step. */
  const [undoRefusal, setUndoRefusal] = useState<unknown>(null);
  const outbox = useRef<GradeOutbox | null>(null);
  const onGradedRef = useRef(onGraded);
  useLayoutEffect(() => {
    onGradedRef.current = onGraded;
  });

  useEffect(() => {
    if (!userId) return undefined;
    const created = createGradeOutbox({
      storageKey: outboxKey(userId),
      send: async (grade) => {
        await sendReviewGrade(grade);
        onGradedRef.current();
      },
      sendUndo: async (undo) => {
        await sendReviewUndo(undo);
        onGradedRef.current();
      },
      isPermanentFailure,
      onChange: setPendingCount,
      onDropped: (entry, error) => {
        if ('kind' in entry) setUndoRefusal(error);
      },
    });
    outbox.current = created;
    setPendingCount(created.pendingCount());
    // Grades left from an earlier visit go first; the connection's return sends what waits.
    void created.flush();
    const onOnline = () => void created.flush();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      created.dispose();
      outbox.current = null;
    };
  }, [userId]);

  const grade = (value: ReviewGrade) => {
    if (!isRevealed) return;
    const applied = gradeCurrent(session, value, Date.now(), queue.scheduler, randomUuid());
    if (!applied) return;
    setSession(applied.session);
    setIsRevealed(false);
    setUndoRefusal(null);
    outbox.current?.add(applied.graded);
  };

  const undo = () => {
    const undone = undoLast(session, Date.now());
    if (!undone || !outbox.current) return;
    setSession(undone.session);
    setIsRevealed(false);
    setUndoRefusal(null);
    outbox.current.undo(undone.reviewId);
  };

  return {
    session,
    isRevealed,
    reveal: () => setIsRevealed(true),
    grade,
    undo,
    canUndo: session.undo !== null,
    undoRefusal,
    pendingCount,
    /** Sends the grades that wait; resolves when all are sent or a try failed. */
    flushGrades: () => outbox.current?.flush() ?? Promise.resolve(),
    /** False until the learner is known: grades wait for the outbox of their account. */
    isReady: userId !== undefined,
  };
}
