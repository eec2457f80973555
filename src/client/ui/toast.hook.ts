import { useSyncExternalStore } from 'react';
import { toastStore } from './toast-store';

export function useToast() {
  const state = useSyncExternalStore(toastStore.subscribe, toastStore.getState, toastStore.getState);
  return { toasts: state.toasts, toast: toastStore.toast, dismiss: toastStore.dismiss };
}
