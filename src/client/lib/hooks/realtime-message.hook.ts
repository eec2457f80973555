import { useEffect, useRef } from 'react';
import type { ServerMessage } from '../../../shared/realtime';
import { realtimeSocket } from '../realtime-socket';

/** Calls `onMessage` for every `/ws` message while the component is mounted (the latest callback, always). */
export function useRealtimeMessage(onMessage: (message: ServerMessage) => void): void {
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => realtimeSocket.listen((message) => latest.current(message)), []);
}
