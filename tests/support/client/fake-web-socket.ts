import { vi } from 'vitest';
import {
  type ClientMessage,
  clientMessageSchema,
  REALTIME_PATH,
  type ServerMessage,
  serverMessageSchema,
} from '../../../src/shared/realtime';

/**
 * The browser's WebSocket as `src/client/lib/realtime-socket.ts` uses it, driven by the test: no server
 * runs. Every socket the app opens is kept in `FakeWebSocket.opened`; the test opens it, sends it server
 * messages (checked against the shared `/ws` schema first, so a wrong fixture fails here and is not
 * dropped in silence by the client) and reads what the client sent.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  /** Every socket made since `installFakeWebSocket`, oldest first. */
  static opened: FakeWebSocket[] = [];
  /** While true, each new socket is refused at once, as a browser reports a server it cannot reach. */
  static isRefusing = false;

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: ClientMessage[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number; wasClean: boolean }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;

  constructor(readonly url: string) {
    if (!new URL(url).pathname.endsWith(REALTIME_PATH)) throw new Error(`unexpected socket address ${url}`);
    FakeWebSocket.opened.push(this);
    if (FakeWebSocket.isRefusing) queueMicrotask(() => this.refuse());
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('sent on a socket that is not open');
    this.sent.push(clientMessageSchema.parse(JSON.parse(data)));
  }

  close(code = 1005): void {
    const wasOpen = this.readyState !== FakeWebSocket.CLOSED;
    this.readyState = FakeWebSocket.CLOSED;
    if (wasOpen) queueMicrotask(() => this.onclose?.({ code, wasClean: true }));
  }

  /** The server accepted the connection. */
  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.({});
  }

  receive(message: ServerMessage): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('received on a socket that is not open');
    this.onmessage?.({ data: JSON.stringify(serverMessageSchema.parse(message)) });
  }

  /** The connection could not be made or was lost (1006, abnormal closure). */
  refuse(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.({});
    this.onclose?.({ code: 1006, wasClean: false });
  }

  /** The job ids the client subscribed to on this socket. */
  subscriptions(): string[] {
    return this.sent.flatMap((message) => (message.type === 'subscribe' ? [message.jobId] : []));
  }
}

/** Puts the fake in the browser's place; `vi.unstubAllGlobals()` takes it away. */
export function installFakeWebSocket(): void {
  FakeWebSocket.opened = [];
  FakeWebSocket.isRefusing = false;
  vi.stubGlobal('WebSocket', FakeWebSocket);
}

/** The socket the client opened last (it opens one while any screen listens). */
export function currentSocket(): FakeWebSocket {
  const socket = FakeWebSocket.opened.at(-1);
  if (!socket) throw new Error('the client has opened no socket');
  return socket;
}
