/**
 * `npm run bench:lighthouse`: Lighthouse 12 (13 needs Node 22) on Debian's Chromium against the built app as
 * `npm start` serves it: the landing page signed out, then home, Learn, settings, upload and the dictionary
 * signed in (a learner registered by the script, with 100 words uploaded with the built-in voices and
 * pictures, measured once the server has made their clips; the session cookie goes with every request
 * Lighthouse makes). Mobile (Lighthouse's default throttling) and desktop, the median of BENCH_RUNS (default
 * 3) runs each: performance (and the mobile runs' metrics that make it), best practices; BENCH_PAGES=home,learn
 * measures only those.
 * Targets: mobile performance ≥ 90 on landing, home and Learn, ≥ 85 on dictionary, upload and settings;
 * desktop ≥ 95 everywhere. Run `npm run build` first (the script does, as `bench:lighthouse`).
 * `npm run bench:lighthouse -- --proxy` measures the app as served on the internet instead: the reference
 * deployment, two instances behind Caddy over TLS and HTTP/2 (docs/DEPLOY.md#the-reference-deployment), its
 * local certificate accepted by this run's Chromium alone. Its figures are reported, not held to the targets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { startDeployment } from '../tests/support/deployment';
import { registerLearner, startBuiltServer, startUpload, waitForUploadAndClips } from './lib/bench-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY_PAGES = process.env.BENCH_PAGES?.split(',');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PAGES = [
  { name: 'landing', path: '/', isSignedIn: false, mobileTarget: 90 },
  { name: 'home', path: '/', isSignedIn: true, mobileTarget: 90 },
  { name: 'learn', path: '/learn', isSignedIn: true, mobileTarget: 90 },
  { name: 'settings', path: '/settings', isSignedIn: true, mobileTarget: 85 },
  { name: 'upload', path: '/upload', isSignedIn: true, mobileTarget: 85 },
  { name: 'dictionary', path: '/dictionary', isSignedIn: true, mobileTarget: 85 },
] as const;
const DESKTOP_TARGET = 95;
const METRICS = ['fcp', 'lcp', 'tbt', 'si', 'cls'] as const;
const METRIC_AUDITS: Record<(typeof METRICS)[number], string> = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  si: 'speed-index',
  cls: 'cumulative-layout-shift',
};

/** How often a run is tried that Lighthouse itself could not record (its trace lacked the navigation: NO_NAVSTART). */
const ATTEMPTS_PER_RUN = 3;

/**
 * One Lighthouse run, repeated when Lighthouse reports that it could not record the page: such a run has no
 * score, and counting it as 0 would drag the median down for nothing the app did.
 */
async function measure(
  port: number,
  url: string,
  { cookie, isDesktop }: { cookie?: string; isDesktop: boolean },
) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'best-practices'],
        extraHeaders: cookie ? { cookie } : {},
      },
      isDesktop ? desktopConfig : undefined,
    );
    const error = result?.lhr.runtimeError;
    if (!error) return result;
    if (attempt === ATTEMPTS_PER_RUN)
      throw new Error(`Lighthouse failed ${attempt} times on ${url}: ${error.code}`);
    process.stderr.write(`${url}: Lighthouse could not record the run (${error.code}); running it again\n`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const isThroughProxy = process.argv.includes('--proxy');
const dataDir = mkdtempSync(path.join(tmpdir(), 'palabra-bench-lighthouse-'));
let server: { base: string; stop(): Promise<void> } | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;

/** The app as `npm start` serves it, or (`--proxy`) the reference deployment. */
async function serve() {
  if (!isThroughProxy) {
    // localhost, not 127.0.0.1: the session cookie and the app's origin are the browser's as a learner has them.
    return startBuiltServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, 'localhost');
  }
  // Caddy's certificate comes from its own local authority, which nothing else trusts.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const deployment = await startDeployment();
  return { base: deployment.origin, stop: () => deployment.close() };
}

try {
  server = await serve();
  const { base } = server;
  const cookie = await registerLearner(base, 'lighthouse@example.com');
  const text = Array.from({ length: 100 }, (_, index) => `palabra${index} / слово${index}`).join('\n');
  await waitForUploadAndClips(base, cookie, await startUpload(base, cookie, text));

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_FLAGS, ...(isThroughProxy ? ['--ignore-certificate-errors'] : [])],
  });
  const rows = [];
  for (const page of PAGES.filter(({ name }) => ONLY_PAGES?.includes(name) ?? true)) {
    const scores = { mobile: [] as number[], desktop: [] as number[], bestPractices: [] as number[] };
    /** Mobile runs' metrics (ms, CLS unitless), to see what a score is made of. */
    const metrics: Record<(typeof METRICS)[number], number[]> = {
      fcp: [],
      lcp: [],
      tbt: [],
      si: [],
      cls: [],
    };
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (let run = 0; run < RUNS; run += 1) {
        const result = await measure(chrome.port, `${base}${page.path}`, {
          cookie: page.isSignedIn ? cookie : undefined,
          isDesktop: formFactor === 'desktop',
        });
        const categories = result?.lhr.categories;
        scores[formFactor].push(Math.round((categories?.performance?.score ?? 0) * 100));
        if (formFactor === 'mobile') {
          scores.bestPractices.push(Math.round((categories?.['best-practices']?.score ?? 0) * 100));
          for (const metric of METRICS) {
            const value = result?.lhr.audits[METRIC_AUDITS[metric]]?.numericValue ?? 0;
            metrics[metric].push(metric === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value));
          }
        }
      }
    }
    const row = {
      page: page.name,
      mobile: median(scores.mobile),
      mobileTarget: page.mobileTarget,
      desktop: median(scores.desktop),
      bestPractices: median(scores.bestPractices),
      mobileMetrics: Object.fromEntries(METRICS.map((metric) => [metric, median(metrics[metric])])),
      runs: scores,
    };
    const shown = METRICS.map((metric) => `${metric} ${row.mobileMetrics[metric]}`).join(', ');
    process.stderr.write(
      `${row.page}: mobile ${row.mobile} (${shown}), desktop ${row.desktop}, best practices ${row.bestPractices}\n`,
    );
    rows.push(row);
  }
  console.log(JSON.stringify(rows, null, 2));
  const isWithinTarget = rows.every((row) => row.mobile >= row.mobileTarget && row.desktop >= DESKTOP_TARGET);
  if (!isThroughProxy) {
    console.log(isWithinTarget ? 'within target' : 'OUTSIDE TARGET');
    process.exitCode = isWithinTarget ? 0 : 1;
  }
} finally {
  chrome?.kill();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
