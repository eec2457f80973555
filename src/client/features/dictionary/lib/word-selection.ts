/** Select mode's set of word ids: toggling one, and keeping only ids that are still on screen. */
export function toggleSelected(selected: ReadonlySet<number>, wordId: number): Set<number> {
  const next = new Set(selected);
  if (next.has(wordId)) next.delete(wordId);
  else next.add(wordId);
  return next;
}

/**
 * The selected words that are on screen, in screen order: actions never reach a word that left the
 * view (hidden, deleted, filtered out) while it was selected.
 */
export function selectedInView(selected: ReadonlySet<number>, visibleIds: readonly number[]): number[] {
  return visibleIds.filter((id) => selected.has(id));
}

export function isEverySelected(selected: ReadonlySet<number>, visibleIds: readonly number[]): boolean {
  return visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));
}
