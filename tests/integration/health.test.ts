import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthSchema, readinessSchema } from '../../src/shared/api/health';
import { providerPaths } from '../../src/shared/api/providers';
import { connectMigratedDatabase, openDatabase } from '../../src/server/db/client';
import { embeddedConnectionOf, startEmbeddedServer } from '../../src/server/db/embedded-server';
import { buildTestApp, buildTestAppOn, registerUser, type TestApp } from '../support/build-test-app';
import { withMadeCluster } from '../support/embedded-cluster';

/* `GET /healthz` and `GET /readyz` for a proxy and a service manager (docs/DEPLOY.md#health-and-readiness). */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const readinessOf = async (app: TestApp['app']) => {
  const answer = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: answer.statusCode, body: readinessSchema.parse(answer.json()) };
};

describe('on a running instance', () => {
  it('answers both without a session, never cached', async () => {
    const health = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(healthSchema.parse(health.json())).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while the database lacks a migration this build carries', async () => {
    const { db } = testApp.database;
    const newest = sql`(SELECT max(created_at) FROM drizzle.__drizzle_migrations)`;
    await db.execute(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE created_at = ${newest}`,
    );
    try {
      expect(await readinessOf(testApp.app)).toEqual({ status: 503, body: { status: 'migrations_pending' } });
      // The process itself still answers: the service manager must not restart it for this.
      expect((await testApp.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await db.execute(
        sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 1 WHERE created_at = ${newest}`,
      );
    }
    expect(await readinessOf(testApp.app)).toEqual({ status: 200, body: { status: 'ready' } });
  });
});

describe('on a PostgreSQL server that stops and comes back', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'palabra-ready-'));
    await withMadeCluster(dataDir);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('answers 503 while the database is stopped and 200 once it is back, the process alive throughout', async () => {
    let server = await startEmbeddedServer(dataDir);
    const { host, user, database: name } = embeddedConnectionOf(dataDir);
    const url = `postgres://${user}@${encodeURIComponent(String(host))}/${name}`;
    await (await openDatabase({ kind: 'postgres', url })).close();
    const database = connectMigratedDatabase({ connectionString: url, max: 2 });
    const app = await buildTestAppOn(database);
    try {
      expect(await readinessOf(app)).toEqual({ status: 200, body: { status: 'ready' } });
      await server.stop();
      expect(await readinessOf(app)).toEqual({ status: 503, body: { status: 'database_unavailable' } });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      server = await startEmbeddedServer(dataDir);
      expect(await readinessOf(app)).toEqual({ status: 200, body: { status: 'ready' } });
    } finally {
      await app.close();
      await database.close();
      await server.stop();
    }
  });
});

describe('a stopping instance', () => {
  it('closes its sockets with 1012 at the start of its close, for the client to come back', async () => {
    const stopping = await buildTestApp();
    const learner = await registerUser(stopping.app);
    const socket = await stopping.app.injectWS('/ws', { headers: { cookie: learner.cookie } });
    const closed = once(socket, 'close') as Promise<[number, Buffer]>;
    const closing = stopping.app.close();
    // Sockets are closed at the start of the close, before the jobs' drain and the listening socket's end.
    const [code] = await closed;
    expect(code).toBe(1012);
    await closing;
    await stopping.database.close();
  });

  it('finishes a request in flight, then stops taking connections', async () => {
    // A provider that holds its answers until the test lets them go: the learner's key check stays in flight.
    // Let go, it refuses the key, then and from then on.
    const held: ServerResponse[] = [];
    let isLetGo = false;
    const refuse = (response: ServerResponse) =>
      response.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    let markHeld!: () => void;
    const isHeld = new Promise<void>((resolve) => (markHeld = resolve));
    const provider = createServer((_request, response) => {
      if (isLetGo) return void refuse(response);
      held.push(response);
      markHeld();
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    const stopping = await buildTestApp({
      providerBaseUrls: { openai: undefined, elevenlabs: providerUrl, leonardo: undefined },
    });
    try {
      const learner = await registerUser(stopping.app);
      const origin = await stopping.app.listen({ port: 0, host: '127.0.0.1' });
      const inFlight = fetch(`${origin}${providerPaths.validateElevenlabsKey}`, {
        method: 'POST',
        headers: { cookie: learner.cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ apiKey: 'a-key-the-provider-refuses' }),
      });
      await isHeld;
      const closing = stopping.app.close();
      // The listening socket closes while the request is still in flight: no new connection is taken.
      await expect
        .poll(() =>
          fetch(`${origin}/healthz`).then(
            () => 'answered',
            () => 'refused',
          ),
        )
        .toBe('refused');
      isLetGo = true;
      for (const response of held) refuse(response);
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ valid: false });
      await closing;
    } finally {
      await stopping.database.close();
      provider.close();
    }
  });
});
