import type { FastifyInstance } from 'fastify';
import '@fastify/websocket';
import { type ServerMessage, serverMessageSchema } from '../../src/shared/realtime';

export interface RealtimeTestClient {
  messages: ServerMessage[];
  send(message: unknown): void;
  /** Resolves with the first message (already received or coming) that matches, or fails after `timeoutMs`. */
  waitFor<T extends ServerMessage>(
    predicate: (message: ServerMessage) => message is T,
    timeoutMs?: number,
  ): Promise<T>;
  close(): void;
}

/** A learner's `/ws` connection through Fastify's in-process WebSocket injection. */
export async function connectRealtime(app: FastifyInstance, cookie: string): Promise<RealtimeTestClient> {
  const messages: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  const socket = await app.injectWS(
    '/ws',
    { headers: { cookie } },
    {
      onInit(ws) {
        ws.on('message', (data: Buffer) => {
          messages.push(serverMessageSchema.parse(JSON.parse(data.toString('utf8'))));
          waiters.forEach((wake) => wake());
        });
      },
    },
  );
  return {
    messages,
    send: (message) => socket.send(JSON.stringify(message)),
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.type))}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => socket.terminate(),
  };
}

export const isType =
  <K extends ServerMessage['type']>(type: K) =>
  (message: ServerMessage): message is Extract<ServerMessage, { type: K }> =>
    message.type === type;
