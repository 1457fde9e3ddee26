import { EXPORT_CSV_COLUMNS, type ExportEntry } from '@warriors/contracts';

/** RFC 4180's record separator. */
const CRLF = '\r\n';

/**
 * Spreadsheets run a cell whose text starts with one of these as a formula (a note of
 * `=HYPERLINK(...)` would be a live link): such text gets a leading apostrophe, which spreadsheets
 * show as text and hide. Tab and carriage return start a formula in some of them too.
 */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];

/** A text field as a spreadsheet may open it safely: never read as a formula. */
export function neutralizeFormula(text: string): string {
  return FORMULA_STARTS.some((start) => text.startsWith(start)) ? `'${text}` : text;
}

/** RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The file begins with a UTF-8 byte order mark, which spreadsheet programs read as "this is UTF-8"
 * (a note's accents would otherwise open garbled in Excel), then the header row.
 */
export const CSV_HEAD = `\uFEFF${EXPORT_CSV_COLUMNS.join(',')}${CRLF}`;

/** One entry's record: the free text neutralized and every field quoted as needed. */
export function csvRecord(entry: ExportEntry): string {
  const text: Record<(typeof EXPORT_CSV_COLUMNS)[number], string> = {
    id: entry.id,
    activity_type: entry.activity_type,
    quantity: String(entry.quantity),
    points: String(entry.points),
    held: entry.held ? 'true' : 'false',
    note: entry.note === null ? '' : neutralizeFormula(entry.note),
    created_at_utc: entry.created_at_utc,
    created_at_local: entry.created_at_local,
    local_date: entry.local_date,
  };
  return EXPORT_CSV_COLUMNS.map((column) => csvField(text[column])).join(',') + CRLF;
}

/** The whole file from pages of entries: the head comes with the first page (or alone, for none). */
export async function* csvPieces(pages: AsyncIterable<readonly ExportEntry[]>): AsyncGenerator<string> {
  let head = CSV_HEAD;
  for await (const page of pages) {
    yield head + page.map(csvRecord).join('');
    head = '';
  }
  if (head) yield head;
}
