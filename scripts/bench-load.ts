/**
 * `npm run bench:load`: BENCH_LEARNERS (default 100) signed-in learners at once, each with 1,000 words, for
 * BENCH_SECONDS (default 60), each like a real one in play-all: the word list every 30 s, a listen count every
 * 5 s, settings and the spaced-repetition list every 60 s, each learner starting at a random moment of each
 * period. The learners and their sessions are written straight into the database (100 sign-ups from one
 * address would meet the sign-up limit). The server runs as `npm start` runs it (the bundle, after
 * `npm run build`), on the embedded default and, when BENCH_DATABASE_URL names a PostgreSQL server, on a fresh
 * database there too. `npm run bench:load -- --proxy` runs the reference deployment instead: two instances
 * behind Caddy over TLS (docs/DEPLOY.md#the-reference-deployment), on BENCH_DATABASE_URL's server or the
 * embedded one. Reports per engine: throughput, p50/p99 per call and overall, errors, 429s apart, and the
 * servers' memory (their process trees: RSS and PSS, the most seen). Target: p99 < 200 ms, no errors.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../src/server/auth/password';
import { createSessionStore } from '../src/server/auth/sessions';
import { connectMigratedDatabase, type Database, openDatabase } from '../src/server/db/client';
import { words } from '../src/server/db/schema';
import { createUsersRepository } from '../src/server/modules/auth/users.repository';
import { startDeployment } from '../tests/support/deployment';
import { sleep, startBuiltServer } from './lib/bench-server';
import { processTree, treeTotals } from './lib/process-tree';
import { benchWordRow } from './lib/word-rows';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 100);
const WORDS = 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const TARGET_P99_MS = 200;
const APP_SECRET = 'bench-secret-that-is-long-enough-for-the-schema-0123456789';

type CallKind = 'words' | 'listenCount' | 'settings' | 'spacedRepetition';
const PERIOD_S: Record<CallKind, number> = { words: 30, listenCount: 5, settings: 60, spacedRepetition: 60 };

interface Learner {
  cookie: string;
  wordIds: number[];
}

async function seed(database: Database): Promise<Learner[]> {
  const users = createUsersRepository(database.db);
  const sessions = createSessionStore(database.db);
  const passwordHash = await hashPassword('secreto123');
  const learners: Learner[] = [];
  for (let index = 0; index < LEARNERS; index += 1) {
    const user = await users.insert({
      email: `load${index}@example.com`,
      passwordHash,
      firstName: 'Carga',
      lastName: String(index),
      authProvider: 'password',
    });
    if (!user) throw new Error('a learner was not made');
    const rows = Array.from({ length: WORDS }, (_, word) => benchWordRow(user.id, word));
    const inserted = await database.db.insert(words).values(rows).returning({ id: words.id });
    const { token } = await sessions.create(user.id, 'password', '127.0.0.1');
    learners.push({ cookie: `palabra_sid=${token}`, wordIds: inserted.map((row) => row.id) });
    if ((index + 1) % 10 === 0) process.stderr.write(`  ${index + 1} learners seeded\n`);
  }
  await database.pool?.query('ANALYZE');
  return learners;
}

/** Where the learners are seeded and what serves them: the origin requests go to and its processes. */
interface Served {
  base: string;
  pids(): number[];
  stop(): Promise<void>;
}

interface Engine {
  name: string;
  /** Seeds through `seedInto` and starts what serves the learners. */
  serve(seedInto: (database: Database) => Promise<void>): Promise<Served>;
}

/** One built server as `npm start` runs it, on a database seeded before it starts. */
function builtServerEngine(
  name: string,
  env: Record<string, string>,
  open: () => Promise<Database>,
  cleanUp: () => Promise<void>,
): Engine {
  return {
    name,
    async serve(seedInto) {
      const database = await open();
      await seedInto(database);
      await database.close();
      const server = await startBuiltServer(env);
      return {
        base: server.base,
        pids: () => [server.pid],
        async stop() {
          await server.stop();
          await cleanUp();
        },
      };
    },
  };
}

function embeddedEngine(): Engine {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'palabra-bench-load-'));
  return builtServerEngine(
    'embedded PostgreSQL (npm start default)',
    { DATA_DIR: dataDir, DATABASE_URL: '' },
    () => openDatabase({ kind: 'embedded', dataDir }),
    () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  );
}

function serverEngine(serverUrl: string): Engine {
  const name = `palabra_load_${randomBytes(4).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'palabra-bench-load-pg-'));
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  return builtServerEngine(
    `PostgreSQL server (${new URL(serverUrl).host})`,
    { DATA_DIR: dataDir, DATABASE_URL: url.href, APP_SECRET },
    async () => {
      await admin(`CREATE DATABASE ${name}`);
      return openDatabase({ kind: 'postgres', url: url.href });
    },
    async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  );
}

/**
 * The reference deployment (docs/DEPLOY.md#the-reference-deployment): two instances on one PostgreSQL (a
 * new database on BENCH_DATABASE_URL's server, or the embedded server) behind Caddy over TLS, as
 * `npm run test:deploy` starts it. Its local certificate authority is trusted by this process alone.
 */
function proxyEngine(): Engine {
  return {
    name: 'two instances behind Caddy (TLS) on one PostgreSQL',
    async serve(seedInto) {
      const deployment = await startDeployment();
      const database = connectMigratedDatabase({ connectionString: deployment.databaseUrl, max: 4 });
      await seedInto(database);
      await database.close();
      return {
        base: deployment.origin,
        pids: () => deployment.instances.map((instance) => instance.process.pid ?? 0),
        stop: () => deployment.close(),
      };
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? null
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null);

async function run(engine: Engine) {
  process.stderr.write(`${engine.name}: seeding ${LEARNERS} learners × ${WORDS} words…\n`);
  let learners: Learner[] = [];
  const server = await engine.serve(async (database) => {
    learners = await seed(database);
  });
  const { base } = server;

  const latencies: Record<CallKind, number[]> = {
    words: [],
    listenCount: [],
    settings: [],
    spacedRepetition: [],
  };
  let errors = 0;
  let limited = 0;
  const errorSamples: string[] = [];
  let peak = { rssMb: 0, pssMb: 0, processes: 0 };
  const sampler = setInterval(() => {
    const trees = server.pids().map((pid) => treeTotals(processTree(pid)));
    const now = trees.reduce((sum, tree) => ({
      rssMb: sum.rssMb + tree.rssMb,
      pssMb: sum.pssMb + tree.pssMb,
      processes: sum.processes + tree.processes,
    }));
    if (now.rssMb > peak.rssMb) peak = now;
  }, 1000);

  const call = async (kind: CallKind, learner: Learner, count: number) => {
    const wordId = learner.wordIds[count % learner.wordIds.length] ?? 0;
    const request: Record<CallKind, () => Promise<Response>> = {
      words: () =>
        fetch(`${base}/api/words`, { headers: { cookie: learner.cookie, 'accept-encoding': 'br' } }),
      settings: () => fetch(`${base}/api/settings`, { headers: { cookie: learner.cookie } }),
      spacedRepetition: () =>
        fetch(`${base}/api/words/spaced-repetition`, { headers: { cookie: learner.cookie } }),
      listenCount: () =>
        fetch(`${base}/api/words/${wordId}/listen-count`, {
          method: 'PATCH',
          headers: { cookie: learner.cookie, origin: base, 'content-type': 'application/json' },
          body: JSON.stringify({ listenCount: 100 + count }),
        }),
    };
    const started = performance.now();
    try {
      const response = await request[kind]();
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status === 429) limited += 1;
      else if (!response.ok) {
        errors += 1;
        if (errorSamples.length < 5) errorSamples.push(`${kind} ${response.status}`);
      } else latencies[kind].push(elapsed);
    } catch (error) {
      errors += 1;
      if (errorSamples.length < 5) errorSamples.push(`${kind} ${String(error)}`);
    }
  };

  const deadline = performance.now() + SECONDS * 1000;
  const loops = learners.flatMap((learner) =>
    (Object.keys(PERIOD_S) as CallKind[]).map(async (kind) => {
      const periodMs = PERIOD_S[kind] * 1000;
      let next = performance.now() + Math.random() * periodMs;
      for (let count = 0; ; count += 1) {
        const wait = next - performance.now();
        if (wait > 0) await sleep(wait);
        if (performance.now() >= deadline) return;
        await call(kind, learner, count);
        next += periodMs;
      }
    }),
  );
  await Promise.all(loops);
  clearInterval(sampler);
  await server.stop();

  const all = Object.values(latencies)
    .flat()
    .sort((a, b) => a - b);
  const round = (value: number | null) => (value === null ? null : Math.round(value));
  const byCall = Object.fromEntries(
    (Object.keys(latencies) as CallKind[]).map((kind) => {
      const sorted = [...latencies[kind]].sort((a, b) => a - b);
      return [
        kind,
        { count: sorted.length, p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)) },
      ];
    }),
  );
  return {
    engine: engine.name,
    learners: LEARNERS,
    seconds: SECONDS,
    requests: all.length + errors + limited,
    throughputPerSecond: Number(((all.length + errors + limited) / SECONDS).toFixed(1)),
    p50Ms: round(percentile(all, 50)),
    p99Ms: round(percentile(all, 99)),
    errors,
    errorSamples,
    tooManyRequests: limited,
    byCall,
    serverMemoryPeak: peak,
  };
}

const serverUrl = process.env.BENCH_DATABASE_URL;
const engines = process.argv.includes('--proxy') ? [proxyEngine()] : [embeddedEngine()];
if (process.argv.includes('--proxy')) {
  // Caddy's certificate comes from its own local authority, which nothing else trusts.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  // The deployment's database: a new one on BENCH_DATABASE_URL's server, else the embedded server.
  if (serverUrl) process.env.DATABASE_URL = serverUrl;
} else if (serverUrl) engines.push(serverEngine(serverUrl));
else process.stderr.write('BENCH_DATABASE_URL unset: the embedded default only\n');

const reports = [];
for (const engine of engines) reports.push(await run(engine));
console.log(JSON.stringify(reports, null, 2));
const isWithinTarget = reports.every(
  (report) => report.errors === 0 && (report.p99Ms ?? Infinity) < TARGET_P99_MS,
);
console.log(isWithinTarget ? 'within target' : 'OUTSIDE TARGET');
process.exitCode = isWithinTarget ? 0 : 1;
