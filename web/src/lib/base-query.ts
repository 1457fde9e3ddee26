import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { NEXT_CURSOR_HEADER } from '@warriors/contracts';
import { formatErrorDetail, type ApiError } from './api-error';
import { liveAnswerShown, savedAnswerShown } from './app-shell';
import { takeEarlyRead } from './early-reads';
import { SAVED_AT_HEADER } from './offline-cache';

export const API_BASE = '/api';

export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  params?: Record<string, string | number | boolean>;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
}

/** What an answer says beside its body, for endpoints' transformResponse. */
export interface ApiMeta {
  /** A paged list's next page (its X-Next-Cursor), null on the last page and on answers that do not page. */
  nextCursor: string | null;
}

/** The slice of state the base query reads; typed structurally so lib never imports the app store. */
interface TokenState {
  session: { token: string | null };
  appShell?: { savedAt: string | null };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A small fetch-based base query instead of fetchBaseQuery: it only needs `fetch` itself (looked up at
 * call time), not the Request/Headers classes, so it runs unchanged in jsdom tests with a mocked fetch.
 * Every failure becomes an ApiError whose message follows spec point 5.
 */
export const baseQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError, object, ApiMeta> = async (arg, api) => {
  const { url, method = 'GET', body, params, headers: extraHeaders } = typeof arg === 'string' ? { url: arg } : arg;
  const { token } = (api.getState() as TokenState).session;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...extraHeaders };
  if (token) headers.Authorization = `Bearer ${token}`;
  const search = params ? `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}` : '';

  const path = `${API_BASE}${url}${search}`;
  const early = method === 'GET' && token ? takeEarlyRead(path, token) : undefined;
  let response: Response;
  try {
    response = await (early ??
      globalThis.fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: api.signal,
      }));
  } catch {
    return { error: { status: 'FETCH_ERROR', message: null } };
  }

  const savedAt = response.headers.get(SAVED_AT_HEADER);
  if (savedAt) api.dispatch(savedAnswerShown(savedAt));
  else if ((api.getState() as TokenState).appShell?.savedAt) api.dispatch(liveAnswerShown());

  const text = await response.text().catch(() => '');
  const data = text ? parseJson(text) : null;
  if (!response.ok) return { error: { status: response.status, message: formatErrorDetail(data, response.status) } };
  return { data, meta: { nextCursor: response.headers.get(NEXT_CURSOR_HEADER) } };
};
