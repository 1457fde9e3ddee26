// Plain values without a schema: Settings' download links read them without loading zod and every schema beside it
// (docs/decisions.md, "The signed-in screens load no schema").

export const EXPORT_ACTIVITIES_CSV_PATH = '/api/export/activities.csv';
export const EXPORT_ME_JSON_PATH = '/api/export/me.json';
