import type { ChildProcess } from 'node:child_process';

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
