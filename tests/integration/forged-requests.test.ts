import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words } from '../../src/server/db/schema';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { seedWords } from '../support/word-seeds';

/**
 * Forged requests (docs/product/auth.md#forged-requests): a page of another site, or of this host on
 * another port, must not change a learner's data with the learner's cookie.
 */
let testApp: TestApp;
let learner: TestUser;
const APP_HOST = 'palabra.test:5000';
const APP_ORIGIN = `http://${APP_HOST}`;
const PARTNER_ORIGIN = 'https://partner.example';

beforeAll(async () => {
  testApp = await buildTestApp({ allowedOrigins: [PARTNER_ORIGIN] });
  learner = await registerUser(testApp.app);
});
afterAll(() => testApp.close());

const inject = (options: InjectOptions) => testApp.app.inject(options);

async function seedHeardWord(): Promise<number> {
  const [id] = await seedWords(testApp.database.db, learner.id, [
    { spanish: 'el gato', attempts: 4, listenCount: 4 },
  ]);
  return id!;
}

async function listensOf(id: number): Promise<number> {
  const [row] = await testApp.database.db
    .select({ listenCount: words.listenCount })
    .from(words)
    .where(eq(words.id, id));
  return row!.listenCount;
}

/** reset-listen-count as a browser would send it, with the given extra headers and body. */
const resetListens = (headers: Record<string, string>, payload?: string | object) =>
  inject({
    method: 'POST',
    url: '/api/words/reset-listen-count',
    headers: { host: APP_HOST, cookie: learner.cookie, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

describe('state-changing requests', () => {
  it.each([
    ['a page of another site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    [
      'a page of this host on another port',
      { 'sec-fetch-site': 'same-site', origin: 'http://palabra.test:8080' },
    ],
    ['a same-site page that sends no Origin', { 'sec-fetch-site': 'same-site' }],
    ['an older browser naming another origin', { origin: 'http://palabra.test:8080' }],
    ['a sandboxed page (opaque origin)', { origin: 'null' }],
  ])('refuses %s with 403 and changes nothing', async (_label, headers) => {
    const id = await seedHeardWord();
    const response = await resetListens(headers, {});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'cross_origin_request' });
    expect(await listensOf(id)).toBe(4);
  });

  it.each([
    ['the app’s own page', { 'sec-fetch-site': 'same-origin', origin: APP_ORIGIN }],
    ['an address the learner typed', { 'sec-fetch-site': 'none' }],
    ['an older browser on the app’s own origin', { origin: APP_ORIGIN }],
    ['an origin listed in ALLOWED_ORIGINS', { 'sec-fetch-site': 'cross-site', origin: PARTNER_ORIGIN }],
    ['a client that is not a browser (neither header)', {}],
  ])('accepts %s', async (_label, headers) => {
    const id = await seedHeardWord();
    const response = await resetListens(headers, {});
    expect(response.statusCode).toBe(200);
    expect(await listensOf(id)).toBe(0);
  });

  it('takes the app’s origin from a loopback proxy’s forwarded scheme and host', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/words/reset-listen-count',
      headers: {
        host: '127.0.0.1:5000',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'palabra.example',
        origin: 'https://palabra.example',
        'sec-fetch-site': 'cross-site',
        cookie: learner.cookie,
      },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses bodies that are not JSON with 415, even from the app’s own origin', async () => {
    const id = await seedHeardWord();
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await resetListens({ 'content-type': contentType }, '{}');
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
    }
    for (const url of ['/api/words/delete-without-images', '/api/words/update-tags']) {
      const response = await inject({
        method: 'POST',
        url,
        headers: { host: APP_HOST, cookie: learner.cookie, 'content-type': 'text/plain' },
        payload: 'x=1',
      });
      expect(response.statusCode, url).toBe(415);
    }
    expect(await listensOf(id)).toBe(4);
  });

  it('accepts a POST without a body or content type, and JSON with a charset', async () => {
    expect((await resetListens({})).statusCode).toBe(200);
    expect((await resetListens({ 'content-type': 'application/json; charset=utf-8' }, '{}')).statusCode).toBe(
      200,
    );
  });

  it('keeps the file upload multipart', async () => {
    const boundary = 'palabra-boundary';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="words.txt"',
      'Content-Type: text/plain',
      '',
      'el perro - собака',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const response = await inject({
      method: 'POST',
      url: '/api/words/upload',
      headers: {
        host: APP_HOST,
        cookie: learner.cookie,
        'sec-fetch-site': 'same-origin',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the /ws upgrade', () => {
  // injectWS builds a bare request; a plain-HTTP socket gives it the scheme a real connection has.
  const plainSocket = { encrypted: false, remoteAddress: '127.0.0.1' };

  it('refuses a socket opened by another origin', async () => {
    await expect(
      testApp.app.injectWS('/ws', {
        socket: plainSocket,
        headers: { host: APP_HOST, cookie: learner.cookie, origin: 'http://palabra.test:8080' },
      } as object),
    ).rejects.toThrow(/403/);
  });

  it('closes the connection of a refused upgrade, as a hostile page would leave it open', async () => {
    // Over a real connection: a refused upgrade left open would hold a socket, and the server's graceful
    // stop, for good.
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      [
        'GET /ws HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        `Cookie: ${learner.cookie}`,
        'Origin: http://127.0.0.1:8080',
        '',
        '',
      ].join('\r\n'),
    );
    // The server ends it: this side never does.
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
  });

  it('opens a socket for the app’s own origin', async () => {
    const received: unknown[] = [];
    let onMessage: () => void = () => undefined;
    const socket = await testApp.app.injectWS(
      '/ws',
      {
        socket: plainSocket,
        headers: { host: APP_HOST, cookie: learner.cookie, origin: APP_ORIGIN },
      } as object,
      {
        onInit(ws) {
          ws.on('message', (data: Buffer) => {
            received.push(JSON.parse(data.toString('utf8')));
            onMessage();
          });
        },
      },
    );
    try {
      // Open, and the learner's: the server greets the signed-in learner and answers on it.
      expect(socket.readyState).toBe(socket.OPEN);
      const answered = new Promise<void>((resolve) => {
        onMessage = () => {
          if (received.some((message) => (message as { type: string }).type === 'pong')) resolve();
        };
      });
      socket.send(JSON.stringify({ type: 'ping' }));
      await answered;
      expect(received).toEqual([{ type: 'connected', userId: learner.id }, { type: 'pong' }]);
    } finally {
      socket.terminate();
    }
  });
});

describe('content security policy', () => {
  it('lets scripts connect to the app’s own origin only', async () => {
    const response = await inject({ url: '/api/auth/status' });
    const policy = String(response.headers['content-security-policy']);
    const connectSrc = /connect-src ([^;]*)/.exec(policy)?.[1];
    expect(connectSrc).toBe("'self'");
  });
});
