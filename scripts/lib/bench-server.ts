import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../../tests/support/free-port';

/** What the benchmarks that run the built server over HTTP share: waiting for it, a learner, an upload. */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the server at `base` answers; fails if its process ends first. */
export async function waitUntilAnswering(base: string, server: ChildProcess): Promise<void> {
  for (;;) {
    if (server.exitCode !== null) throw new Error('the server exited while starting');
    try {
      if ((await fetch(`${base}/api/auth/status`)).ok) return;
    } catch {
      // Not listening yet (or still building).
    }
    await sleep(200);
  }
}

export interface BuiltServer {
  /** The origin the benchmark calls: `http://<host>:<port>` (Lighthouse's browser needs `localhost`). */
  base: string;
  pid: number;
  /** SIGTERM, as a learner stops it, and waits until it (and so its database server) has ended. */
  stop(): Promise<void>;
}

/**
 * The built server as `npm start` runs it (`node dist/server/current/main.js`, after `npm run build`), on a
 * free port with `env` added (DATA_DIR, DATABASE_URL…), once it answers. `nodeOptions` go before the script
 * (`--max-semi-space-size=8` as `npm start` gives, `--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function startBuiltServer(
  env: Record<string, string>,
  host = '127.0.0.1',
  nodeOptions: readonly string[] = [],
): Promise<BuiltServer> {
  const port = await freePort();
  const server = spawn(process.execPath, [...nodeOptions, 'dist/server/current/main.js'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const base = `http://${host}:${port}`;
  await waitUntilAnswering(base, server);
  if (server.pid === undefined) throw new Error('the server has no pid');
  return {
    base,
    pid: server.pid,
    async stop() {
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/** Registers a learner through the sign-up call, as the app's own page does; answers the session cookie. */
export async function registerLearner(base: string, email: string): Promise<string> {
  const registered = await fetch(`${base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'secreto123', firstName: 'Bench', lastName: 'Mark' }),
  });
  if (!registered.ok) throw new Error(`sign-up answered ${registered.status}`);
  return registered.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0])
    .join('; ');
}

/** Starts an upload of `text` with AI help and pictures on (built-in ones without keys); answers its job id. */
export async function startUpload(base: string, cookie: string, text: string): Promise<string> {
  const answer = await fetch(`${base}/api/words/process-batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ text, enhanceWithAI: true, generateImages: true, imageStyle: 'sketch' }),
  });
  return ((await answer.json()) as { jobId: string }).jobId;
}

/**
 * Waits for an upload to end, then for the built-in clips job it queued
 * (docs/product/upload.md#built-in-clips-on-demand) to end too: a page measured while the server still makes a
 * few hundred clips shares the machine with it.
 */
export async function waitForUploadAndClips(
  base: string,
  cookie: string,
  uploadJobId: string,
): Promise<void> {
  const waitForJob = async (jobId: string) => {
    for (;;) {
      const job = (await (await fetch(`${base}/api/jobs/${jobId}`, { headers: { cookie } })).json()) as {
        status: string;
        results: { builtinClipsJobId?: string | null } | null;
      };
      if (job.status !== 'pending' && job.status !== 'processing') return job;
      await sleep(500);
    }
  };
  const clipsJobId = (await waitForJob(uploadJobId)).results?.builtinClipsJobId;
  if (clipsJobId) await waitForJob(clipsJobId);
}
