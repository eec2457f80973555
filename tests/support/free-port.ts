import { createServer } from 'node:net';

/** A loopback port nothing listens on right now, for a server a test or a benchmark starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('No port assigned');
  return address.port;
}
