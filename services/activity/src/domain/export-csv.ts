import { CSV_CRLF, csvField, csvRecordOf, csvTextField, EXPORT_CSV_COLUMNS, type ExportEntry } from '@warriors/contracts';

/**
 * The file begins with a UTF-8 byte order mark, which spreadsheet programs read as "this is UTF-8"
 * (a note's accents would otherwise open garbled in Excel), then the header row.
 */
export const CSV_HEAD = `\uFEFF${EXPORT_CSV_COLUMNS.join(',')}${CSV_CRLF}`;

/** One entry's record: the free text neutralized (csvTextField) and every field quoted as needed. */
export function csvRecord(entry: ExportEntry): string {
  const field: Record<(typeof EXPORT_CSV_COLUMNS)[number], string> = {
    id: csvField(entry.id),
    activity_type: csvField(entry.activity_type),
    quantity: String(entry.quantity),
    points: String(entry.points),
    held: entry.held ? 'true' : 'false',
    note: entry.note === null ? '' : csvTextField(entry.note),
    created_at_utc: csvField(entry.created_at_utc),
    created_at_local: csvField(entry.created_at_local),
    local_date: csvField(entry.local_date),
  };
  return csvRecordOf(EXPORT_CSV_COLUMNS.map((column) => field[column]));
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
