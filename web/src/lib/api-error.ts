import type { ValidationErrorItem } from '@warriors/contracts';

/** What every failed API call resolves to: the HTTP status and the server's message, if it sent one. */
export interface ApiError {
  status: number | 'FETCH_ERROR';
  message: string | null;
}

function isValidationItem(item: unknown): item is ValidationErrorItem {
  if (typeof item !== 'object' || item === null) return false;
  const { loc, msg } = item as Record<string, unknown>;
  return Array.isArray(loc) && typeof msg === 'string';
}

function formatItem({ loc, msg }: ValidationErrorItem): string {
  const field = loc.at(-1);
  return field === undefined ? msg : `${field}: ${msg}`;
}

/**
 * Turns an error body into the one message the user sees (spec point 5):
 * a text detail as is; a validation list as 'field: message' items joined by ', ';
 * 'Validation failed (status)' for an empty list; null when the body says nothing usable.
 */
export function formatErrorDetail(body: unknown, status: number): string | null {
  if (typeof body !== 'object' || body === null || !('detail' in body)) return null;
  const { detail } = body;
  if (typeof detail === 'string') return detail || null;
  if (!Array.isArray(detail)) return null;
  if (detail.length === 0) return `Validation failed (${status})`;
  const items = detail.filter(isValidationItem);
  return items.length > 0 ? items.map(formatItem).join(', ') : null;
}

function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error && 'message' in error;
}

/** The server's message when it gave one, else the operation's fallback text from spec point 8. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

/** Whether a failed call answered this HTTP status, e.g. 404 for a profile that does not exist. */
export const hasStatus = (error: unknown, status: number): boolean => isApiError(error) && error.status === status;
