import type http from 'node:http';
import type { RequestHandler } from 'express';
import { EXPORT_FORMAT, EXPORT_PARTS, exportFileName, ExportProfile, localDate } from '@warriors/contracts';
import { drained, REQUEST_ID_HEADER, type Logger } from '@warriors/kit';
import type { UpstreamPool } from './upstream-pool';

/** The profile part is one small object; anything longer is not auth's answer. */
const PROFILE_MAX_BYTES = 64 * 1024;

export interface DataExportOptions {
  pools: Partial<Record<string, UpstreamPool>>;
  logger: Logger;
  now?: () => Date;
}

type Part = (typeof EXPORT_PARTS)[number];

/**
 * `GET /api/export/me.json`: one JSON document written piece by piece from each service's part, in
 * EXPORT_PARTS' order, each asked with the caller's bearer token (each service checks it and writes
 * only its user's rows) and copied through as it arrives, so the gateway holds no more than a chunk.
 * The profile comes first and whole: auth's refusal (401 for a bad or deleted account's token) is
 * answered as it is before anything is sent, and its timezone dates the file's name. Once the document
 * has started, a part that fails ends the connection before the last chunk: the browser sees a failed
 * download, never a document with a part missing.
 */
export function dataExport({ pools, logger, now = () => new Date() }: DataExportOptions): RequestHandler {
  return async (req, res) => {
    const aborted = new AbortController();
    res.once('close', () => aborted.abort());
    const ask = async (part: Part): Promise<Response> => {
      const pool = pools[part.service];
      if (!pool) throw new Error(`no ${part.service} pool`);
      const headers: Record<string, string> = { [REQUEST_ID_HEADER]: String(req.id) };
      if (req.headers.authorization) headers.authorization = req.headers.authorization;
      return fetch(`${pool.next()}${part.path}`, { headers, signal: aborted.signal });
    };

    const [profilePart, ...rest] = EXPORT_PARTS;
    let profileAnswer: { status: number; ok: boolean; text: string };
    try {
      const answer = await ask(profilePart);
      profileAnswer = { status: answer.status, ok: answer.ok, text: await answer.text() };
    } catch (err) {
      logger.warn({ err: (err as Error).message, service: profilePart.service }, 'data export: a part could not be asked');
      res.status(502).json({ detail: `The ${profilePart.service} service is unavailable. Please try again shortly.` });
      return;
    }
    if (!profileAnswer.ok) {
      res.status(profileAnswer.status).type('application/json').send(profileAnswer.text);
      return;
    }
    const profile = readProfile(profileAnswer.text);
    if (!profile) {
      res.status(502).json({ detail: `The ${profilePart.service} service answered something unreadable. Please try again shortly.` });
      return;
    }

    const exportedAt = now();
    res.status(200);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Disposition', `attachment; filename="${exportFileName('data', localDate(exportedAt, profile.timezone), 'json')}"`);
    const head = JSON.stringify({ ...EXPORT_FORMAT, exported_at: exportedAt.toISOString() }).slice(0, -1);
    try {
      await write(res, `${head},"${profilePart.key}":${profileAnswer.text}`);
      for (const part of rest) {
        const answer = await ask(part);
        if (!answer.ok || !answer.body) throw new Error(`${part.service} answered ${answer.status} for ${part.key}`);
        await write(res, `,"${part.key}":`);
        const reader = answer.body.getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read()) await write(res, read.value);
      }
      res.end('}');
    } catch (err) {
      if (!aborted.signal.aborted) logger.error({ err: (err as Error).message }, 'data export: a part failed after the document started; the connection is ended');
      res.destroy();
    }
  };
}

function readProfile(text: string): ExportProfile | null {
  if (text.length > PROFILE_MAX_BYTES) return null;
  try {
    const parsed = ExportProfile.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Writes and waits while the socket holds more than it should (backpressure); throws once the client is gone. */
async function write(res: http.ServerResponse, chunk: string | Uint8Array): Promise<void> {
  if (res.destroyed) throw new Error('the client went away');
  if (!res.write(chunk)) await drained(res);
}
