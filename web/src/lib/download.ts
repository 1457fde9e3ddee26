import { API_BASE } from './base-query';
import { formatErrorDetail } from './api-error';

/** The name a Content-Disposition header gives the file, or the fallback when it names none. */
export function attachmentName(contentDisposition: string | null, fallback: string): string {
  const match = contentDisposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? fallback;
}

/**
 * Saves what an authenticated GET answers as a file: the token goes in the Authorization header, as
 * with every other call (never in a URL, where logs and the history would keep it), and the answer is
 * handed to the browser's download as a Blob under the server's file name. Throws the server's
 * message, or null when it gave none.
 */
export async function downloadFile(path: string, token: string | null, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await globalThis.fetch(`${API_BASE}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new DownloadError(null);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: no message of the server's to show.
    }
    throw new DownloadError(formatErrorDetail(body, response.status));
  }
  // A connection ended before the last chunk (a part failed after the download started) rejects here.
  const blob = await response.blob().catch(() => {
    throw new DownloadError(null);
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(response.headers.get('Content-Disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A failed download, with the server's message when it sent one. */
export class DownloadError extends Error {
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? 'download failed');
  }
}
