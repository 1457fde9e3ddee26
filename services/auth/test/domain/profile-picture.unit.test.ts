import { isBase64DataUrl, PROFILE_PICTURE_MAX_BYTES } from '@warriors/contracts';
import { checkProfilePicture, detectImageMime, IMAGE_TOO_LARGE, UNSUPPORTED_IMAGE } from '../../src/domain/profile-picture';

const bytes = (...parts: (number[] | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const toDataUrl = (mime: string, data: Uint8Array) => `data:${mime};base64,${Buffer.from(data).toString('base64')}`;

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xdb]);
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');

describe('detectImageMime', () => {
  it.each([
    ['image/png', PNG],
    ['image/jpeg', JPEG],
    ['image/gif', bytes('GIF87a', [1, 0])],
    ['image/gif', bytes('GIF89a', [1, 0])],
    ['image/webp', WEBP],
  ])('recognises %s by its magic bytes', (mime, data) => {
    expect(detectImageMime(data)).toBe(mime);
  });

  it.each([
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['plain text', bytes('hello world')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['nothing', bytes()],
  ])('refuses %s', (_label, data) => {
    expect(detectImageMime(data)).toBeNull();
  });
});

describe('checkProfilePicture', () => {
  it('answers the bytes with the type read from them, whatever the label says', () => {
    expect(checkProfilePicture(toDataUrl('image/svg+xml', PNG))).toEqual({ ok: true, picture: { mime: 'image/png', bytes: Buffer.from(PNG) } });
  });

  it('drops whitespace a client wrapped the base64 with', () => {
    const wrapped = toDataUrl('image/jpeg', JPEG).replace(',', ',\n ');
    expect(checkProfilePicture(wrapped)).toEqual({ ok: true, picture: { mime: 'image/jpeg', bytes: Buffer.from(JPEG) } });
  });

  it('refuses an SVG even when labelled as PNG', () => {
    expect(checkProfilePicture(toDataUrl('image/png', bytes('<svg onload="alert(1)"/>')))).toEqual({ ok: false, reason: UNSUPPORTED_IMAGE });
  });

  it('accepts one byte less than 5 MiB and refuses exactly 5 MiB ("less than 5MB")', () => {
    const below = new Uint8Array(PROFILE_PICTURE_MAX_BYTES - 1);
    below.set(PNG);
    expect(checkProfilePicture(toDataUrl('image/png', below)).ok).toBe(true);
    const atLimit = new Uint8Array(PROFILE_PICTURE_MAX_BYTES);
    atLimit.set(PNG);
    expect(checkProfilePicture(toDataUrl('image/png', atLimit))).toEqual({ ok: false, reason: IMAGE_TOO_LARGE });
  });
});

describe('isBase64DataUrl (the ProfilePictureBody check)', () => {
  it('accepts a base64 data URL, whitespace included, and refuses anything else', () => {
    expect(isBase64DataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isBase64DataUrl('data:image/png;base64,iVBO\nRw0K Ggo=')).toBe(true);
    expect(isBase64DataUrl('data:image/png;base64,')).toBe(false);
    expect(isBase64DataUrl('data:image/png,iVBORw0KGgo=')).toBe(false);
    expect(isBase64DataUrl('data:image/png;base64,<svg onload=alert(1)>')).toBe(false);
    expect(isBase64DataUrl('https://example.com/me.png')).toBe(false);
  });

  it('checks a payload of megabytes from deep in a call stack without overflowing it', () => {
    const payload = `data:image/png;base64,${Buffer.alloc(PROFILE_PICTURE_MAX_BYTES + 1, 7).toString('base64')}`;
    // The request path runs hundreds of frames deep: the check must not need stack in proportion to the payload.
    const deep = (depth: number): boolean => (depth === 0 ? isBase64DataUrl(payload) : deep(depth - 1));
    expect(deep(5000)).toBe(true);
  });
});
