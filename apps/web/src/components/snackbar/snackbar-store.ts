export type SnackbarSeverity = 'success' | 'info' | 'warning' | 'error';

export interface SnackbarMessage {
  id: number;
  message: string;
  severity: SnackbarSeverity;
  /** Alerts stay until the user closes them (spec 2 §9); the others hide after the time-out. */
  persist: boolean;
}

export interface SnackbarStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly SnackbarMessage[];
  show(message: string, severity: SnackbarSeverity, persist?: boolean): void;
  dismiss(id: number): void;
}

/**
 * A queue outside React so that non-component code (the query cache's error handler) can post
 * messages; one message is on screen at a time.
 */
export function createSnackbarStore(): SnackbarStore {
  let queue: readonly SnackbarMessage[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => queue,
    show(message, severity, persist = false) {
      // Several failing queries often carry the same message: queue it once.
      if (queue.some((m) => m.message === message && m.severity === severity)) return;
      queue = [...queue, { id: nextId++, message, severity, persist }];
      emit();
    },
    dismiss(id) {
      queue = queue.filter((m) => m.id !== id);
      emit();
    },
  };
}
