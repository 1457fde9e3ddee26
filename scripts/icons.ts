/**
 * Renders the app's icons (web/public/icons/*.png) from its mark, web/public/icons/icon.svg, with
 * Debian's Chromium: `npx tsx scripts/icons.ts` after changing the mark, then commit the PNGs. The
 * PNGs are committed so a build needs no browser.
 *
 * - icon-192.png, icon-512.png: the mark as drawn (rounded square), purpose "any";
 * - icon-maskable-512.png: the mark scaled into the central 80% on a full-bleed background, so a
 *   launcher's circle or squircle mask never cuts into it;
 * - apple-touch-icon-180.png: full-bleed too (iOS rounds the corners itself and shows transparency as black).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ICONS = path.resolve(__dirname, '../web/public/icons');
const BACKGROUND = '#111827';

const ICON_SET = [
  { file: 'icon-192.png', size: 192, inset: 0, fill: false },
  { file: 'icon-512.png', size: 512, inset: 0, fill: false },
  { file: 'icon-maskable-512.png', size: 512, inset: 0.1, fill: true },
  { file: 'apple-touch-icon-180.png', size: 180, inset: 0.06, fill: true },
];

async function main(): Promise<void> {
  const svg = await readFile(path.join(ICONS, 'icon.svg'), 'utf8');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const icon of ICON_SET) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
      const inner = Math.round(icon.size * (1 - 2 * icon.inset));
      const offset = Math.round(icon.size * icon.inset);
      await page.setContent(
        `<html><body style="margin:0;background:${icon.fill ? BACKGROUND : 'transparent'}">` +
          `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${inner}" height="${inner}" style="position:absolute;left:${offset}px;top:${offset}px"></body></html>`,
      );
      await page.waitForFunction(() => document.images[0]?.complete);
      await page.screenshot({ path: path.join(ICONS, icon.file), omitBackground: !icon.fill, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
      await page.close();
      console.log(`${icon.file} (${icon.size}x${icon.size})`);
    }
  } finally {
    await browser.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
