import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRealtimeSocket,
  MAX_RECONNECT_ATTEMPTS,
  RECONNECT_DELAY_MS,
  SOCKET_ERRORS,
} from '../../../src/client/lib/realtime-socket';

/** A socket the test opens, closes and talks through by hand. */
class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number; wasClean: boolean }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code ?? 1005;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code, wasClean: false });
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

let sockets: FakeSocket[];
let errors: string[];

function createSocket() {
  return createRealtimeSocket({
    url: () => 'ws://localhost/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    onError: (message) => errors.push(message),
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  errors = [];
});
afterEach(() => vi.useRealTimers());

describe('realtime socket', () => {
  it('opens with the first listener, delivers valid server messages, and closes cleanly with the last', () => {
    const realtime = createSocket();
    const received: unknown[] = [];
    const stop = realtime.listen((message) => received.push(message));
    expect(sockets).toHaveLength(1);
    sockets[0]?.open();
    sockets[0]?.receive({ type: 'pong' });
    sockets[0]?.onmessage?.({ data: 'not json' });
    sockets[0]?.receive({ type: 'no such message' });
    expect(received).toEqual([{ type: 'pong' }]);
    stop();
    expect(sockets[0]?.closedWith).toBe(1000);
    expect(realtime.getState()).toBe('idle');
  });

  it('keeps the new connection when the last listener leaves and a new one arrives before the old close', () => {
    const realtime = createSocket();
    const stopFirst = realtime.listen(() => undefined);
    sockets[0]?.open();
    stopFirst();
    const received: unknown[] = [];
    realtime.listen((message) => received.push(message));
    realtime.subscribeToJob('job-2');
    sockets[1]?.open();
    // The first socket's close event arrives only now, as a browser's does.
    sockets[0]?.drop(1000);
    expect(realtime.getState()).toBe('open');
    expect(sockets[1]?.sent).toEqual([{ type: 'subscribe', jobId: 'job-2' }]);
    sockets[1]?.receive({ type: 'pong' });
    expect(received).toEqual([{ type: 'pong' }]);
  });

  it('after an abnormal close tries again 3 s apart, at most 5 times, then reports the failure', () => {
    const realtime = createSocket();
    realtime.listen(() => undefined);
    sockets[0]?.drop();
    for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt += 1) {
      expect(realtime.getState()).toBe('reconnecting');
      vi.advanceTimersByTime(RECONNECT_DELAY_MS - 1);
      expect(sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(attempt + 1);
      sockets.at(-1)?.drop();
    }
    expect(realtime.getState()).toBe('failed');
    expect(errors).toEqual([SOCKET_ERRORS.gaveUp]);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 10);
    expect(sockets).toHaveLength(MAX_RECONNECT_ATTEMPTS + 1);
  });

  it('comes back after a stopping server closes with 1012, and subscribes to its jobs again', () => {
    const realtime = createSocket();
    realtime.listen(() => undefined);
    sockets[0]?.open();
    realtime.subscribeToJob('job-1');
    sockets[0]?.drop(1012);
    expect(realtime.getState()).toBe('reconnecting');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([{ type: 'subscribe', jobId: 'job-1' }]);
    expect(realtime.getState()).toBe('open');
  });

  it('counts attempts afresh once a connection opens, and subscribes to remembered jobs again', () => {
    const realtime = createSocket();
    realtime.listen(() => undefined);
    sockets[0]?.open();
    realtime.subscribeToJob('job-1');
    expect(sockets[0]?.sent).toEqual([{ type: 'subscribe', jobId: 'job-1' }]);
    sockets[0]?.drop();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([{ type: 'subscribe', jobId: 'job-1' }]);
    expect(realtime.getState()).toBe('open');
    sockets[1]?.drop();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(3);
    expect(realtime.getState()).toBe('reconnecting');
  });

  it('reports a connection error in the words of the spec', () => {
    const realtime = createSocket();
    realtime.listen(() => undefined);
    sockets[0]?.onerror?.({});
    expect(errors).toEqual([SOCKET_ERRORS.connection]);
  });

  it('lets a caller wait until the connection is open, or no longer than it chose', async () => {
    const realtime = createSocket();
    realtime.listen(() => undefined);
    let isOpen = false;
    const opened = realtime.whenOpen(5000).then(() => (isOpen = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(isOpen).toBe(false);
    sockets[0]?.open();
    await opened;
    expect(isOpen).toBe(true);

    sockets[0]?.drop();
    let hasGivenUp = false;
    const waited = realtime.whenOpen(1000).then(() => (hasGivenUp = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(hasGivenUp).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waited;
    expect(hasGivenUp).toBe(true);
  });
});
