import type { ReactNode } from 'react';

/**
 * docs/product/overview.md#client-constants: one toast at a time, removed 1 s after it is dismissed (shadcn
 * use-toast semantics).
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; the provider's default otherwise. */
  duration?: number;
  /** One button beside the text, such as an undo; pressing it closes the toast. */
  action?: { label: string; onAction: () => void };
}

export interface ToasterToast extends ToastInput {
  id: string;
  isOpen: boolean;
}

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

export interface ToastState {
  toasts: readonly ToasterToast[];
}

export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((toast) =>
          toast.id === action.toast.id ? { ...toast, ...action.toast } : toast,
        ),
      };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((toast) =>
          action.toastId === undefined || toast.id === action.toastId ? { ...toast, isOpen: false } : toast,
        ),
      };
    case 'REMOVE_TOAST':
      return {
        toasts:
          action.toastId === undefined ? [] : state.toasts.filter((toast) => toast.id !== action.toastId),
      };
  }
}

export interface ToastTimers {
  setTimeout(callback: () => void, ms: number): unknown;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (toast: ToastInput) => void;
}

/** A tiny external store: toasts can be raised from anywhere (mutations, session renewal) without context. */
export function createToastStore(timers: ToastTimers = globalThis) {
  let state: ToastState = { toasts: [] };
  let nextId = 0;
  const listeners = new Set<() => void>();
  const pendingRemovals = new Set<string>();

  const dispatch = (action: ToastAction) => {
    state = toastReducer(state, action);
    for (const listener of listeners) listener();
  };

  const scheduleRemoval = (toastId: string) => {
    if (pendingRemovals.has(toastId)) return;
    pendingRemovals.add(toastId);
    timers.setTimeout(() => {
      pendingRemovals.delete(toastId);
      dispatch({ type: 'REMOVE_TOAST', toastId });
    }, TOAST_REMOVE_DELAY);
  };

  const dismiss = (toastId?: string) => {
    // Removal waits so the closing animation can finish before the element leaves the DOM.
    const ids = toastId === undefined ? state.toasts.map((toast) => toast.id) : [toastId];
    for (const id of ids) scheduleRemoval(id);
    dispatch({ type: 'DISMISS_TOAST', toastId });
  };

  const toast = (input: ToastInput): ToastHandle => {
    nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
    const id = String(nextId);
    dispatch({ type: 'ADD_TOAST', toast: { ...input, id, isOpen: true } });
    return {
      id,
      dismiss: () => dismiss(id),
      update: (next) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } }),
    };
  };

  return {
    toast,
    dismiss,
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

export const toastStore = createToastStore();
export const toast = toastStore.toast;
