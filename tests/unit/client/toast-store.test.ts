import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_REMOVE_DELAY } from '../../../src/client/ui/toast-store';

describe('toast store (docs/product/overview.md#client-constants)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one toast at a time, the newest', () => {
    const store = createToastStore();
    store.toast({ title: 'first' });
    store.toast({ title: 'second' });
    expect(store.getState().toasts.map((toast) => toast.title)).toEqual(['second']);
  });

  it('removes a toast 1 s after it is dismissed', () => {
    const store = createToastStore();
    const handle = store.toast({ title: 'hello' });
    handle.dismiss();
    expect(store.getState().toasts[0]?.isOpen).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(store.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY).toBe(1000);
  });

  it('notifies subscribers until they unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.toast({ title: 'a' });
    unsubscribe();
    store.toast({ title: 'b' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
