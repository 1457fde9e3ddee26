// A plain value without a schema: the web's shell (every page's request layer) reads it without loading
// zod (docs/decisions.md, "contracts the sign-in page loads").

/** The response header carrying the cursor of a paged list's next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
