import { randomUUID } from 'node:crypto';
import fc, { type Arbitrary } from 'fast-check';
import type { z } from 'zod';

/** Strings that broke or could break a server: NUL, lone surrogates, huge, numeric edge cases, injection-shaped. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\udfff\ud800',
  'A'.repeat(10_000),
  '💥'.repeat(2_500),
  '2147483648',
  '9007199254740993',
  '1e308',
  '-1',
  'NaN',
  'Infinity',
  'null',
  'true',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  '\\',
  '<script>alert(1)</script>',
  'Ａ\u200b\u202e\ufeff',
];

export const HOSTILE_NUMBERS: readonly number[] = [2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE, -1, 0, -0, 0.5];

/** Keys an attacker adds hoping for mass assignment or prototype pollution. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'id', 'user_id', 'points', 'is_admin', 'creator_id', 'username', '\u0000', '\ud800'];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileNumber = fc.constantFrom(...HOSTILE_NUMBERS);
const wrongType: Arbitrary<unknown> = fc.constantFrom<unknown>(null, true, false, [], {}, [1, 'a'], { a: { b: [] } }, [['deep']]);

/** A value of any kind that a field should refuse. */
export const hostileValue: Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, wrongType);

interface ZodInternals {
  _zod: { def: Record<string, any> & { type: string } };
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
  format?: string | null;
}

const internals = (schema: unknown) => schema as ZodInternals;

/** Text that keeps within a field's length limits (valid-ish), in plain and unusual characters. */
function textWithin(min: number, max: number): Arbitrary<string> {
  const top = Math.min(max, min + 40);
  const samples = ['Dana Whitfield', 'Ana López', 'office leasing', 'Whitfield CRE', 'A note long enough to pass'].filter((t) => t.length >= min && t.length <= max);
  return fc.oneof(
    fc.string({ minLength: min, maxLength: top }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: top }),
    ...(samples.length > 0 ? [fc.constantFrom(...samples)] : []),
  );
}

/** The fuzzer's main user signs up with these, so generated logins sometimes succeed. */
export const OWNER_EMAIL = `fuzz.owner.${randomUUID()}@example.com`;
export const OWNER_PASSWORD = 'correct horse battery';

/**
 * Values the contracts refine beyond their type (a known timezone, an email zod accepts, a data
 * URL), by field name: without them almost every generated body would stop at validation.
 */
const FIELD_VALUES: Record<string, Arbitrary<unknown>> = {
  email: fc.oneof(
    fc.uuid().map((id) => `fuzz.${id}@example.com`),
    fc.constant(OWNER_EMAIL),
    fc.constant(OWNER_EMAIL.toUpperCase()),
  ),
  password: fc.constantFrom(OWNER_PASSWORD, 'wrong password'),
  timezone: fc.constantFrom('UTC', 'America/Chicago', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Etc/GMT+12'),
  tz: fc.constantFrom('UTC', 'America/New_York', 'Australia/Lord_Howe', 'Etc/GMT-14'),
  x_url: fc.constantFrom('https://x.com/dana', 'http://example.com/a?b=c'),
  state: fc.constantFrom('TX', 'ny', ''),
  profile_picture: fc.constantFrom('data:image/png;base64,iVBORw0KGgo=', 'data:image/gif;base64,R0lGODlhAQABAAAAACw='),
  q: fc.constantFrom('Dana', 'whitfield', 'cre', '%_', 'fuzz'),
  note: fc.constantFrom('Called the whole Main Street corridor', 'Newsletter to the investor list'),
};

function validString(schema: ZodInternals): Arbitrary<string> {
  if (schema.format === 'email') return FIELD_VALUES.email as Arbitrary<string>;
  if (schema.format === 'url') return fc.webUrl();
  if (schema.format === 'uuid' || schema.format === 'guid') return fc.uuid();
  return textWithin(schema.minLength ?? 0, schema.maxLength ?? 200);
}

function validNumber(schema: ZodInternals): Arbitrary<number> {
  const min = Math.max(schema.minValue ?? -1000, -1e6);
  const max = Math.min(schema.maxValue ?? 1000, 1e6);
  return schema.isInt ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
}

/**
 * Values shaped by a contract schema, in three strengths: wholly valid-ish (so requests get past
 * validation and reach the store), valid-ish with hostile values at any level (fields left out,
 * extra fields added), or one hostile value in place of the whole. Refinements (superRefine) are
 * not followed: those values are valid-ish.
 */
export function fromSchema(schema: z.ZodType | unknown): Arbitrary<unknown> {
  return fc.oneof({ weight: 2, arbitrary: shaped(internals(schema), false) }, { weight: 3, arbitrary: shaped(internals(schema), true) }, { weight: 1, arbitrary: hostileValue });
}

/** A schema's values; with `hostile`, any part may be a hostile value instead (one in five). */
function shaped(schema: ZodInternals, hostile: boolean): Arbitrary<unknown> {
  const value = shapedValue(schema, hostile);
  return hostile ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: hostileValue }) : value;
}

function shapedValue(schema: ZodInternals, hostile: boolean): Arbitrary<unknown> {
  const def = schema._zod.def;
  const inner = (s: unknown) => shaped(internals(s), hostile);
  switch (def.type) {
    case 'object': {
      const fields = Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>).map(([key, field]) => {
          const hint = FIELD_VALUES[key];
          const plain = inner(field);
          return [key, hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: plain }) : plain];
        }),
      );
      const complete = fc.record(fields);
      if (!hostile) return complete;
      const extras = fc.dictionary(fc.constantFrom(...EXTRA_KEYS), hostileValue, { maxKeys: 3 });
      return fc.oneof(
        { weight: 2, arbitrary: complete },
        { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
        { weight: 1, arbitrary: fc.tuple(complete, extras).map(([base, extra]) => Object.assign(Object.create(null), extra, base)) },
      );
    }
    case 'string':
      return validString(schema);
    case 'number':
      return validNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array':
      // Items of one type at most once (the goals lists refuse duplicates), else most goal lists would stop at validation.
      return fc.uniqueArray(inner(def.element), {
        minLength: hostile ? 0 : 1,
        maxLength: 6,
        selector: (item) => (item && typeof item === 'object' && 'type' in item ? item.type : item),
      });
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: inner(def.innerType) });
    case 'nullable':
      return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: inner(def.innerType) });
    case 'pipe':
      // The input side of a pipe is what a client sends; a transform's output is the server's business.
      return internals(def.in)._zod.def.type === 'transform' ? shapedValue(internals(def.out), hostile) : shapedValue(internals(def.in), hostile);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => shapedValue(internals(option), hostile)));
    case 'record':
      return fc.dictionary(
        hostile ? fc.oneof(shapedValue(internals(def.keyType), false) as Arbitrary<string>, hostileString) : (shapedValue(internals(def.keyType), false) as Arbitrary<string>),
        inner(def.valueType),
        { maxKeys: 5 },
      );
    default:
      throw new Error(`The fuzzer cannot generate values for a zod ${def.type} yet: add it to test/support/fuzz/arbitraries.ts`);
  }
}

/** A query string value as a client could send it: the schema's values as text, hostile text, or a repeated key (an array). */
export function queryValue(schema: unknown): Arbitrary<string | string[] | undefined> {
  const text = shapedValue(internals(schema), false).map((value) => (value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value)));
  return fc.oneof(
    { weight: 4, arbitrary: text },
    { weight: 2, arbitrary: hostileString },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.oneof(
          text.map((v) => v ?? ''),
          hostileString,
        ),
        { minLength: 2, maxLength: 3 },
      ),
    },
  );
}

/** Query parameters from a query schema's fields, plus an extra hostile key now and then. */
export function queryFromSchema(schema: unknown): Arbitrary<Record<string, string | string[] | undefined>> {
  const shape = internals(schema)._zod.def.shape as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => {
      const hint = FIELD_VALUES[key] as Arbitrary<string> | undefined;
      return [key, hint ? fc.oneof(hint, queryValue(field)) : queryValue(field)];
    }),
  );
  const extras = fc.dictionary(fc.oneof(fc.constantFrom(...EXTRA_KEYS), hostileString), hostileString, { maxKeys: 2 });
  const known = fc.oneof({ weight: 3, arbitrary: fc.record(fields) }, { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) });
  return fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: fc.tuple(known, extras).map(([named, extra]) => ({ ...extra, ...named })) });
}

/**
 * Percent-encodes each UTF-16 code unit's UTF-8 bytes; a lone surrogate becomes its WTF-8 bytes
 * (%ED%A0%80), which no decoder accepts: exactly the hostile input a server must survive.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const next = text.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

/** Path segments no id route should choke on, already encoded for a URL. */
export const HOSTILE_SEGMENTS: readonly string[] = [
  '0',
  '-1',
  '1.5',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  '1e308',
  'abc',
  '%00',
  '%ED%A0%80',
  '%FF',
  '%',
  '..',
  '%2e%2e',
  '%2F',
  '00000000-0000-0000-0000-00000000000g',
  ' 1',
  'A'.repeat(5_000),
];
