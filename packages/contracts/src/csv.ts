/**
 * CSV as every download writes it (RFC 4180), with free text made safe to open in a spreadsheet as
 * OWASP's CSV injection advice says: one place, so no export writes its own.
 */

/** RFC 4180's record separator. */
export const CSV_CRLF = '\r\n';

/**
 * Spreadsheets run a cell whose text starts with one of these as a formula (a note of
 * `=HYPERLINK(...)` would be a live link); tab and carriage return start one in some of them too.
 */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];

/** RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? quoted(value) : value;
}

const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;

/**
 * A field of text someone typed: when a spreadsheet would read it as a formula, a leading apostrophe
 * (shown as text, and hidden, by spreadsheets) inside a quoted field; otherwise as csvField.
 */
export function csvTextField(text: string): string {
  return FORMULA_STARTS.some((start) => text.startsWith(start)) ? quoted(`'${text}`) : csvField(text);
}

/** One record: the fields as given (each already csvField or csvTextField), then CRLF. */
export const csvRecordOf = (fields: readonly string[]): string => fields.join(',') + CSV_CRLF;
