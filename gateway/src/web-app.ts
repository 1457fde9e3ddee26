import { stat } from 'node:fs/promises';
import path from 'node:path';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';

/** The copies the web build writes next to each text file, in the order the gateway prefers them. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** Vite names assets by content hash: a changed file is a new name, so a browser may keep one forever. */
const HASHED = { maxAge: '1y', immutable: true } as const;
/** Other public files (robots.txt) keep their names across releases. */
const NAMED = { maxAge: '1h' } as const;

/** index.html names the current hashed files, so a browser checks it with the gateway on every load. */
const PAGE = { cacheControl: false, headers: { 'cache-control': 'no-cache' } } as const;

/**
 * The service worker and the manifest keep their names and say which release the device runs: checked
 * on every load too, so a new release reaches an installed app at its next start (browsers cap a
 * worker's HTTP caching at a day, which would hold a release back that long).
 */
const RELEASE_FILES = new Set(['/sw.js', '/manifest.webmanifest']);

/** The web app with SPA fallback; every text file is served pre-compressed when the browser accepts it. */
export function serveWebApp(app: Express, webDist: string): void {
  const assets = path.join(webDist, 'assets');
  app.use('/assets', precompressed(assets, HASHED), express.static(assets, { ...HASHED, fallthrough: false }));
  const releaseCopy = precompressed(webDist, PAGE);
  const releasePlain = express.static(webDist, { index: false, cacheControl: false, setHeaders: (res) => res.setHeader('cache-control', PAGE.headers['cache-control']) });
  app.use((req, res, next) => {
    if (!RELEASE_FILES.has(req.path)) return next();
    releaseCopy(req, res, (err?: unknown) => (err ? next(err) : releasePlain(req, res, next)));
  });
  app.use(precompressed(webDist, NAMED), express.static(webDist, { ...NAMED, index: false }));
  app.get(/^\/(?!api\/|ws$|healthz$|readyz$).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    sendPrecompressed(req, res, webDist, '/index.html', PAGE, (err) => (err ? next(err) : res.sendFile('index.html', { ...PAGE, root: webDist })));
  });
}

type SendOptions = NonNullable<Parameters<express.Response['sendFile']>[1]>;

function precompressed(root: string, options: SendOptions): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    sendPrecompressed(req, res, root, req.path, options, next);
  };
}

/**
 * Sends `<file>.br` or `<file>.gz` in place of a file that has one and that the browser accepts
 * (Accept-Encoding, q-values honoured), with the file's own type; otherwise hands over to `otherwise`
 * for the plain file. `Vary: Accept-Encoding` goes on every answer for a file that has a copy, so a
 * shared cache keeps one answer per encoding.
 */
function sendPrecompressed(req: Request, res: Response, root: string, urlPath: string, options: SendOptions, otherwise: (err?: unknown) => void): void {
  const relative = decodedPathUnder(root, urlPath);
  if (relative === undefined) return otherwise();
  void (async () => {
    const available = (await Promise.all(ENCODINGS.map(async (encoding) => ((await isFile(path.join(root, relative + encoding.suffix))) ? encoding : undefined)))).filter(
      (encoding) => encoding !== undefined,
    );
    if (available.length === 0) return otherwise();
    res.vary('Accept-Encoding');
    const encoding = preferredEncoding(req.headers['accept-encoding'], available);
    if (!encoding) return otherwise();
    res.type(path.extname(relative));
    res.setHeader('content-encoding', encoding.name);
    res.sendFile(relative + encoding.suffix, { ...options, root, dotfiles: 'ignore' }, (err) => {
      if (!err || res.headersSent) return;
      // The copy went away (a rebuild under a running gateway): the plain file may still be there.
      res.removeHeader('content-encoding');
      otherwise();
    });
  })().catch(otherwise);
}

/**
 * The available encoding the browser weighs highest (q-values; `*` stands for any coding it does not
 * name), the gateway's order breaking ties: browsers list gzip before br at equal weight, and br is smaller.
 */
function preferredEncoding<T extends { name: string }>(header: string | undefined, available: readonly T[]): T | undefined {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (coding) weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  let best: T | undefined;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding.name) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

/** The URL path as a file path relative to root, or undefined when it is malformed, a folder or leaves root. */
function decodedPathUnder(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.endsWith('/') || decoded.includes('\0')) return undefined;
  const file = path.join(root, decoded);
  return file.startsWith(root + path.sep) ? path.relative(root, file) : undefined;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
