import { PROFILE_PICTURE_MAX_BYTES } from '@warriors/contracts';

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export const UNSUPPORTED_IMAGE = 'Unsupported image type: use PNG, JPEG, WebP or GIF';
export const IMAGE_TOO_LARGE = 'File size must be less than 5MB';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type by its magic bytes. The data URL's own label is the client's claim and is ignored:
 * an SVG (scriptable) or an HTML page labelled image/png must not be served back as a picture.
 */
export function detectImageMime(bytes: Uint8Array): ImageMime | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** A checked picture: its bytes and the type read from them. */
export interface Picture {
  mime: ImageMime;
  bytes: Uint8Array;
}

export type PictureCheck = { ok: true; picture: Picture } | { ok: false; reason: string };

/**
 * Decodes a base64 data URL and accepts it only when it is a real PNG, JPEG, GIF or WebP of less
 * than 5 MiB (the message says "less than", so exactly 5 MiB is refused, as the web app does).
 */
export function checkProfilePicture(dataUrl: string): PictureCheck {
  const comma = dataUrl.indexOf(',');
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (bytes.length >= PROFILE_PICTURE_MAX_BYTES) return { ok: false, reason: IMAGE_TOO_LARGE };
  const mime = detectImageMime(bytes);
  if (!mime) return { ok: false, reason: UNSUPPORTED_IMAGE };
  return { ok: true, picture: { mime, bytes } };
}
