import {
  type ClientMessage,
  REALTIME_PATH,
  type ServerMessage,
  serverMessageSchema,
} from '../../shared/realtime';

/** docs/product/jobs.md#socket: up to 5 reconnect attempts, 3 s apart, after an abnormal close. */
export const MAX_RECONNECT_ATTEMPTS = 5;
export const RECONNECT_DELAY_MS = 3000;
/** docs/product/jobs.md#socket socket errors, verbatim. */
export const SOCKET_ERRORS = {
  connection: 'WebSocket connection error',
  create: 'Failed to create WebSocket connection',
  gaveUp: 'Failed to connect after multiple attempts',
} as const;

export type SocketState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'failed';

interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; wasClean: boolean }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface RealtimeSocketOptions {
  url: () => string;
  createSocket?: (url: string) => SocketLike;
  timers?: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;
  onError?: (message: string) => void;
}

const OPEN = 1;

/**
 * One shared connection to `/ws` for the whole app, opened while anyone listens. Job subscriptions are
 * remembered and sent again after a reconnect, so a screen never has to know the socket dropped.
 */
export function createRealtimeSocket(options: RealtimeSocketOptions) {
  const timers = options.timers ?? globalThis;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const listeners = new Set<(message: ServerMessage) => void>();
  const stateListeners = new Set<(state: SocketState) => void>();
  const jobIds = new Set<string>();
  let socket: SocketLike | null = null;
  let state: SocketState = 'idle';
  let attempts = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  const setState = (next: SocketState) => {
    state = next;
    stateListeners.forEach((listener) => listener(next));
  };
  const send = (message: ClientMessage) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  function connect() {
    setState(attempts === 0 ? 'connecting' : 'reconnecting');
    let current: SocketLike;
    try {
      current = createSocket(options.url());
    } catch {
      options.onError?.(SOCKET_ERRORS.create);
      scheduleReconnect();
      return;
    }
    socket = current;
    // A socket closed by `disconnect` reports its close later, maybe after a new listener opened another
    // one (one screen leaving as the next arrives): only the current socket's events count.
    const isCurrent = () => socket === current;
    current.onopen = () => {
      if (!isCurrent()) return;
      attempts = 0;
      setState('open');
      jobIds.forEach((jobId) => send({ type: 'subscribe', jobId }));
    };
    current.onmessage = (event) => {
      if (!isCurrent() || typeof event.data !== 'string') return;
      let json: unknown;
      try {
        json = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = serverMessageSchema.safeParse(json);
      if (parsed.success) listeners.forEach((listener) => listener(parsed.data));
    };
    current.onerror = () => {
      if (isCurrent()) options.onError?.(SOCKET_ERRORS.connection);
    };
    current.onclose = (event) => {
      if (!isCurrent()) return;
      socket = null;
      // 1000 is our own close (nobody listens any more); anything else was not meant to happen.
      if (event.code === 1000 || listeners.size === 0) {
        setState('idle');
        return;
      }
      scheduleReconnect();
    };
  }

  function scheduleReconnect() {
    if (attempts >= MAX_RECONNECT_ATTEMPTS) {
      setState('failed');
      options.onError?.(SOCKET_ERRORS.gaveUp);
      return;
    }
    attempts += 1;
    setState('reconnecting');
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, RECONNECT_DELAY_MS);
  }

  function disconnect() {
    if (reconnectTimer) timers.clearTimeout(reconnectTimer);
    reconnectTimer = null;
    attempts = 0;
    socket?.close(1000);
    socket = null;
    setState('idle');
  }

  function onState(listener: (state: SocketState) => void) {
    stateListeners.add(listener);
    return () => void stateListeners.delete(listener);
  }

  return {
    getState: () => state,
    onState,
    /** Listens to every server message; the connection opens with the first listener, closes with the last. */
    listen(listener: (message: ServerMessage) => void) {
      listeners.add(listener);
      if (state === 'idle' || state === 'failed') {
        attempts = 0;
        connect();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) disconnect();
      };
    },
    /**
     * Settles once the connection is open, or after `timeoutMs` (the caller goes on either way): a screen
     * that starts a fast job waits for it, so the job's first messages do not arrive before the socket.
     */
    whenOpen(timeoutMs: number): Promise<void> {
      if (state === 'open') return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = timers.setTimeout(finish, timeoutMs);
        const stopListening = onState((next) => {
          if (next === 'open') finish();
        });
        function finish() {
          timers.clearTimeout(timer);
          stopListening();
          resolve();
        }
      });
    },
    subscribeToJob(jobId: string) {
      jobIds.add(jobId);
      send({ type: 'subscribe', jobId });
    },
    forgetJob: (jobId: string) => void jobIds.delete(jobId),
    ping: () => send({ type: 'ping' }),
  };
}
export type RealtimeSocket = ReturnType<typeof createRealtimeSocket>;

/** Secure when the page is (docs/product/jobs.md#socket), on the page's own host. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`;
}

export const realtimeSocket = createRealtimeSocket({
  url: () => realtimeUrl(),
  onError: (message) => console.warn(message),
});
