import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/build-test-app';

/*
 * The server serves the build current at its start, and the chunks of the build before it for the tabs still
 * open on that one (docs/product/overview.md#serving-the-client).
 */

let root: string;
let testApp: TestApp;

/**
 * A build folder with its page and chunks; a chunk named in `precompressed` also gets its .br and .gz files,
 * each holding a text of its own, so an answer shows which file it was.
 */
function build(name: string, chunks: string[], precompressed: string[] = []) {
  const dir = join(root, name);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head><title>${name}</title></head></html>`);
  for (const chunk of chunks) writeFileSync(join(dir, 'assets', chunk), `/* ${name} ${chunk} */`);
  for (const chunk of precompressed) {
    const source = `/* ${name} ${chunk} */`;
    writeFileSync(join(dir, 'assets', `${chunk}.br`), brotliCompressSync(`${source} br`));
    writeFileSync(join(dir, 'assets', `${chunk}.gz`), gzipSync(`${source} gz`));
  }
  return dir;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'palabra-builds-'));
  const previous = build('previous', ['index-old.js', 'shared-same.js', 'packed-old.js'], ['packed-old.js']);
  const current = build('current', ['index-new.js', 'shared-same.js', 'packed.js'], ['packed.js']);
  testApp = await buildTestApp({ clientDir: current, previousClientDirs: [previous] });
});
afterAll(async () => {
  await testApp.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

it('serves the current build’s page and chunks', async () => {
  const page = await get('/dictionary');
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<title>current</title>');
  const chunk = await get('/assets/index-new.js');
  expect(chunk.statusCode).toBe(200);
  expect(chunk.body).toBe('/* current index-new.js */');
  expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await get('/assets/shared-same.js')).body).toBe('/* current shared-same.js */');
});

it('marks the page for a browser that sends a session cookie, so it asks for home early; not otherwise', async () => {
  const hint = '<meta name="palabra-session" content="present" />';
  const visitor = await get('/');
  expect(visitor.statusCode).toBe(200);
  expect(visitor.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(visitor.headers['cache-control']).toBe('no-cache');
  expect(visitor.body).not.toContain(hint);
  const learner = await testApp.app.inject({ method: 'GET', url: '/', cookies: { palabra_sid: 'any' } });
  expect(learner.statusCode).toBe(200);
  expect(learner.headers['cache-control']).toBe('no-cache');
  expect(learner.body.indexOf(hint)).toBeGreaterThan(learner.body.indexOf('<title>current</title>'));
  expect(learner.body.indexOf(hint)).toBeLessThan(learner.body.indexOf('</head>'));
});

it('serves a chunk only the previous build has, for a tab opened on it', async () => {
  const chunk = await get('/assets/index-old.js');
  expect(chunk.statusCode).toBe(200);
  expect(chunk.body).toBe('/* previous index-old.js */');
  expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(chunk.headers['content-type']).toMatch(/javascript/);
});

it('answers 404, not the page, for a chunk no kept build has, and refuses paths out of the folder', async () => {
  for (const url of ['/assets/gone.js', '/assets/..%2Findex.html', '/assets/.hidden']) {
    const answer = await get(url);
    expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
    expect(answer.body).not.toContain('<title>');
  }
});

it('sends the build’s own brotli or gzip file as the browser accepts it, this build’s chunks and the last one’s', async () => {
  for (const [url, source] of [
    ['/assets/packed.js', '/* current packed.js */'],
    ['/assets/packed-old.js', '/* previous packed-old.js */'],
  ] as const) {
    const asBrotli = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(asBrotli.statusCode).toBe(200);
    expect(asBrotli.headers['content-encoding']).toBe('br');
    expect(asBrotli.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(asBrotli.rawPayload).toString()).toBe(`${source} br`);
    const asGzip = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(asGzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asGzip.rawPayload).toString()).toBe(`${source} gz`);
    const plain = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
  }
});

it('answers 404, never the page, for a script, style or icon of a build folder removed under it', async () => {
  const doomed = build('doomed', ['index-doomed.js', 'style-doomed.css']);
  writeFileSync(join(doomed, 'manifest.webmanifest'), '{}');
  const server = await buildTestApp({ clientDir: doomed, previousClientDirs: [] });
  try {
    expect((await server.app.inject({ method: 'GET', url: '/assets/index-doomed.js' })).statusCode).toBe(200);
    rmSync(doomed, { recursive: true, force: true });
    for (const url of ['/assets/index-doomed.js', '/assets/style-doomed.css', '/manifest.webmanifest']) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
      expect(answer.body).not.toContain('<title>');
    }
    // The app's own routes still get its page, kept in memory from the start.
    const page = await server.app.inject({ method: 'GET', url: '/audiobook/12' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>doomed</title>');
  } finally {
    await server.close();
  }
});
