import type { ServerMessage } from '../../shared/realtime';
import type { NotifyChannel } from './notify-channel';

interface HubSocket {
  readonly readyState: number;
  send(data: string): void;
}

const OPEN = 1;

/**
 * Who is connected, per learner, on this instance; messages go through the NOTIFY channel so any
 * instance can deliver a job's progress to its owner wherever the owner's socket is.
 */
export function createRealtimeHub(channel: NotifyChannel) {
  const socketsByUser = new Map<string, Set<HubSocket>>();

  const deliver = (userId: string, message: ServerMessage) => {
    const data = JSON.stringify(message);
    for (const socket of socketsByUser.get(userId) ?? []) {
      if (socket.readyState === OPEN) socket.send(data);
    }
  };

  let stopListening: (() => Promise<void>) | undefined;

  return {
    async start() {
      stopListening = await channel.listen((payload) => {
        const { userId, message } = JSON.parse(payload) as { userId: string; message: ServerMessage };
        deliver(userId, message);
      });
    },
    async stop() {
      await stopListening?.();
      stopListening = undefined;
    },
    attach(userId: string, socket: HubSocket): () => void {
      const sockets = socketsByUser.get(userId) ?? new Set<HubSocket>();
      sockets.add(socket);
      socketsByUser.set(userId, sockets);
      return () => {
        sockets.delete(socket);
        if (sockets.size === 0) socketsByUser.delete(userId);
      };
    },
    /** To every socket of that learner, on every instance; to nobody else, ever. */
    publish: (userId: string, message: ServerMessage) => channel.publish(JSON.stringify({ userId, message })),
    /** Answers on one socket only (pong, errors about that socket's own requests). */
    reply: (socket: HubSocket, message: ServerMessage) => {
      if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
    },
  };
}
export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
