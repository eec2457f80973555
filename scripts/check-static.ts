/**
 * `npm run check`: the lint beside the type check and the formatting check (each is one process on one
 * core; one after the other they took two of `npm test`'s minutes, and the lint alone takes most of one).
 * Two lanes, as the machines it runs on have two cores: three at once only slowed each other. Each check's
 * output is printed whole once it ends, so none interleave; the exit code fails if any failed.
 */
import { spawn } from 'node:child_process';

/**
 * Each lane runs its npm scripts one after the other. The copy-paste detector (`.jscpd.json`, a second or two)
 * follows the type check and the formatting check, the lane that ends first (the lint takes longest). With
 * `--build` (as `npm test` runs it) that lane then builds the app for the browser tests, on the core the
 * lint would otherwise leave idle for half a minute.
 */
const LANES: string[][] = [
  ['lint'],
  ['typecheck', 'format:check', 'check:duplicates', ...(process.argv.includes('--build') ? ['build'] : [])],
];

/** Runs one npm script, holding its output; resolves with its exit code and what it printed. */
function run(script: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${String(error)}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Runs a lane's scripts in order, printing each one's output as it ends; resolves with their exit codes. */
async function runLane(scripts: string[]): Promise<number[]> {
  const codes: number[] = [];
  for (const script of scripts) {
    const started = performance.now();
    const { code, output } = await run(script);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`${output}${code === 0 ? '✓' : '✗'} ${script} (${seconds} s)\n`);
    codes.push(code);
  }
  return codes;
}

const codes = (await Promise.all(LANES.map(runLane))).flat();
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
