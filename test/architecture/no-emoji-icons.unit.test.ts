import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Emoji show as empty boxes on a machine without a colour emoji font (common on locked-down office
// desktops): the app draws its icons as SVG from web/src/components/icons/ instead.
const ROOT = path.resolve(__dirname, '../..');
const SOURCES = ['web/src', 'packages/contracts/src'];
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe('icons', () => {
  it('draws no emoji from the web app or the contracts it shows', () => {
    const found = SOURCES.flatMap(sourceFiles).flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (PICTOGRAPH.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
