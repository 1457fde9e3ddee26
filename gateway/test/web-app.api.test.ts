import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createLogger, listen, type RunningServer } from '@warriors/kit';
import { createGateway } from '../src/gateway';

const SCRIPT = 'console.log("the web app");'.repeat(50);
const PAGE = `<!doctype html><title>Prospect Warriors</title>${'<!-- padding -->'.repeat(20)}`;
const HASHED_CACHE = 'public, max-age=31536000, immutable';
const WORKER = 'self.addEventListener("fetch", () => undefined);';
const MANIFEST = JSON.stringify({ name: 'Prospect Warriors', start_url: '/dashboard', padding: 'x'.repeat(200) });

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET whose body is kept as sent (fetch would undo the encoding this test is about). */
function get(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('gateway serving the web app', () => {
  let webDist: string;
  let front: RunningServer;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
    await mkdir(path.join(webDist, 'assets'));
    // As the web build leaves them: each text file with its brotli and gzip copies, public files as they are.
    for (const [file, content] of [
      ['index.html', PAGE],
      ['assets/index-abc123.js', SCRIPT],
    ] as const) {
      await writeFile(path.join(webDist, file), content);
      await writeFile(path.join(webDist, `${file}.br`), brotliCompressSync(content));
      await writeFile(path.join(webDist, `${file}.gz`), gzipSync(content));
    }
    await writeFile(path.join(webDist, 'assets', 'plain-def456.js'), 'console.log(2)');
    // The installable app's files, as the build leaves them: the manifest with compressed copies, the worker without.
    await writeFile(path.join(webDist, 'sw.js'), WORKER);
    await writeFile(path.join(webDist, 'manifest.webmanifest'), MANIFEST);
    await writeFile(path.join(webDist, 'manifest.webmanifest.br'), brotliCompressSync(MANIFEST));
    await writeFile(path.join(webDist, 'manifest.webmanifest.gz'), gzipSync(MANIFEST));
    await mkdir(path.join(webDist, 'icons'));
    await writeFile(path.join(webDist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await writeFile(path.join(webDist, 'robots.txt'), await readFile(path.resolve(__dirname, '../../web/public/robots.txt')));
    const gateway = createGateway({ logger: createLogger('web-app-test', 'silent'), pools: {}, webDist, trustProxyHops: 0, authAttemptsPerMinute: 1000 });
    front = await listen(http.createServer(gateway.app), 0);
  });

  afterAll(async () => {
    await front.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
  ])('answers Accept-Encoding %s with the %s copy of a hashed asset, cached for a year', async (acceptEncoding, encoding) => {
    const res = await get(`${front.url}/assets/index-abc123.js`, { 'accept-encoding': acceptEncoding });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe(HASHED_CACHE);
    expect((encoding === 'br' ? brotliDecompressSync(res.body) : gunzipSync(res.body)).toString()).toBe(SCRIPT);
  });

  it.each([[undefined], ['identity'], ['deflate'], ['br;q=0, gzip;q=0']])('sends the file as it is to Accept-Encoding %s, still varying on it', async (acceptEncoding) => {
    const res = await get(`${front.url}/assets/index-abc123.js`, acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe(HASHED_CACHE);
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it('sends a hashed file that has no compressed copy as it is, 404 for one that does not exist, 403 out of its folder', async () => {
    const plain = await get(`${front.url}/assets/plain-def456.js`, { 'accept-encoding': 'gzip, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(HASHED_CACHE);
    expect(plain.body.toString()).toBe('console.log(2)');
    expect((await get(`${front.url}/assets/missing.js`, { 'accept-encoding': 'br' })).status).toBe(404);
    // index.html.br exists one folder up: a path that climbs out of /assets is refused, compressed or not.
    const climbing = await get(`${front.url}/assets/..%2findex.html`, { 'accept-encoding': 'br' });
    expect(climbing.status).toBe(403);
    expect(climbing.headers['content-encoding']).toBeUndefined();
  });

  it('answers every page with index.html, compressed and never cached without a check', async () => {
    for (const headers of [{ 'accept-encoding': 'gzip, deflate, br' }, {}] as Record<string, string>[]) {
      const res = await get(`${front.url}/dashboard`, { accept: 'text/html', ...headers });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toContain('Accept-Encoding');
      const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.body;
      expect(body.toString()).toBe(PAGE);
    }
  });

  it('serves robots.txt from the web app as text, not the app page', async () => {
    const res = await get(`${front.url}/robots.txt`, { accept: '*/*', 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.toString()).toMatch(/^User-agent: \*$/m);
    expect(res.body.toString()).toMatch(/^Disallow: \/api\/$/m);
  });

  it('serves the service worker as JavaScript, checked with the gateway on every load, compressed or not', async () => {
    for (const headers of [{ 'accept-encoding': 'gzip, br' }, {}, { accept: 'text/html' }] as Record<string, string>[]) {
      const res = await get(`${front.url}/sw.js`, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toBe(WORKER);
    }
  });

  it('serves the manifest as application/manifest+json, checked on every load, its compressed copy to a browser that takes it', async () => {
    const compressed = await get(`${front.url}/manifest.webmanifest`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(compressed.body).toString()).toBe(MANIFEST);
    const plain = await get(`${front.url}/manifest.webmanifest`);
    expect(plain.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body.toString()).toBe(MANIFEST);
  });

  it('keeps the hour of caching for the icons, whose names do not change with a release', async () => {
    const res = await get(`${front.url}/icons/icon-192.png`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});
