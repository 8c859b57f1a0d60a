/**
 * Makes the raster images in theme/static from SVG and HTML with headless
 * Chromium: the favicons (ICO with 16/32/48, PNG 96), the apple-touch icon
 * (180), the manifest icons (192, 512, maskable 512) and one social card per
 * area (PNG 1200×630: most social networks do not accept SVG).
 *
 * The PNGs are committed; run this again only after changing the logo or the
 * card design:
 *
 *   node --import tsx theme/images/make-images.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Page } from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../../pipeline/chromium.ts';

const staticDir = path.resolve(import.meta.dirname, '../static');
const blue = '#154273';
/**
 * The site mark on a 40×40 grid: angle brackets around a shield with a
 * four-pointed star cut out, as in logo.svg but with wider gaps so it stays
 * legible at 16 px. `fg` is the mark, `bg` the square behind it (the star shows
 * the background colour). Keep in step with favicon.svg.
 */
const glyph = (fg: string, bg: string) =>
  `<path d="M8.6 12.5 4 20l4.6 7.5M31.4 12.5 36 20l-4.6 7.5" fill="none" stroke="${fg}" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>` +
  `<path d="M12.5 7.5h15v12.5c0 6-3.4 10.1-7.5 12.8-4.1-2.7-7.5-6.8-7.5-12.8z" fill="${fg}"/>` +
  `<path d="M20 12.5l1.5 4 4 1.5-4 1.5-1.5 4-1.5-4-4-1.5 4-1.5z" fill="${bg}"/>`;

/** The favicon as it is: a rounded lintblauw square with the white mark. */
const roundedIcon = fs.readFileSync(path.join(staticDir, 'favicon.svg'), 'utf8');
/** Full-bleed square (iOS and Android round the corners themselves); `scale` shrinks the mark into the safe zone. */
const squareIcon = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${blue}"/><g transform="translate(20 20) scale(${scale}) translate(-20 -20)">${glyph('#fff', blue)}</g></svg>`;

async function shoot(page: Page, html: string, width: number, height: number, transparent: boolean): Promise<Uint8Array> {
  await page.setViewport({ width, height, deviceScaleFactor: 1 });
  await page.setContent(`<!DOCTYPE html><html><head><meta charset="utf-8"><style>html,body{margin:0;width:${width}px;height:${height}px;overflow:hidden;background:${transparent ? 'transparent' : '#fff'}}body>svg{display:block;width:${width}px;height:${height}px}</style></head><body>${html}</body></html>`, { waitUntil: 'load' });
  return page.screenshot({ type: 'png', omitBackground: transparent, clip: { x: 0, y: 0, width, height } });
}

/** An ICO file holding PNG images (supported by every browser since 2007). */
function ico(images: ReadonlyArray<{ size: number; png: Uint8Array }>): Uint8Array {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt8(0, at + 2);
    header.writeUInt8(0, at + 3);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return new Uint8Array(Buffer.concat([header, ...images.map((i) => Buffer.from(i.png))]));
}

const cards = {
  kennisbank: { title: 'Kennisbank', text: 'Artikelen, standaarden en tools voor API’s, data, front-end, infrastructuur, security en open source.' },
  communities: { title: 'Communities', text: 'Werk samen met ontwikkelaars en ontwerpers van andere overheden.' },
  blog: { title: 'Blog', text: 'Nieuws, achtergronden en verhalen van ontwikkelaars bij de overheid.' },
  default: { title: 'Ontwikkelaarsportaal', text: 'Voor ontwikkelaars en iedereen die werkt aan digitale overheidsdiensten.' },
} as const;

function cardHtml(area: keyof typeof cards): string {
  const { title, text } = cards[area];
  const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="96" height="96"><rect width="40" height="40" rx="6" fill="#fff"/>${glyph(blue, '#fff')}</svg>`;
  return `
<div style="position:relative;width:1200px;height:630px;background:${blue};color:#fff;font-family:'Liberation Sans',Arial,sans-serif;overflow:hidden">
  <div style="position:absolute;left:96px;top:0;width:72px;height:150px;background:#fff"></div>
  <div style="position:absolute;left:96px;top:150px;width:72px;height:6px;background:#ffb612"></div>
  <div style="position:absolute;left:228px;top:96px;right:96px">
    <div style="display:flex;align-items:center;gap:28px">
      ${icon}
      <div style="font-size:40px;font-weight:700;letter-spacing:0.01em">Ontwikkelaarsportaal</div>
    </div>
    ${area === 'default' ? '' : `<div style="margin-top:72px;font-size:96px;font-weight:700;line-height:1.05">${title}</div>`}
    <div style="margin-top:${area === 'default' ? 96 : 36}px;font-size:${area === 'default' ? 56 : 40}px;line-height:1.3;max-width:880px;${area === 'default' ? 'font-weight:700' : ''}">${text}</div>
  </div>
  <div style="position:absolute;left:228px;bottom:64px;font-size:32px;opacity:0.92">developer.overheid.nl</div>
</div>`;
}

async function main(): Promise<void> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'make-images-'));
  const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, userDataDir, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    const write = (name: string, data: Uint8Array) => {
      fs.writeFileSync(path.join(staticDir, name), data);
      process.stdout.write(`${name}: ${data.length} bytes\n`);
    };
    const icoImages = [];
    for (const size of [16, 32, 48]) icoImages.push({ size, png: await shoot(page, roundedIcon, size, size, true) });
    write('favicon.ico', ico(icoImages));
    write('favicon-96x96.png', await shoot(page, roundedIcon, 96, 96, true));
    write('apple-touch-icon.png', await shoot(page, squareIcon(0.8), 180, 180, false));
    write('icon-192.png', await shoot(page, roundedIcon, 192, 192, true));
    write('icon-512.png', await shoot(page, roundedIcon, 512, 512, true));
    // Maskable: the mark inside the central 80% circle that every mask shape keeps.
    write('icon-maskable-512.png', await shoot(page, squareIcon(0.6), 512, 512, false));
    for (const area of Object.keys(cards) as Array<keyof typeof cards>) {
      write(`social-${area}.png`, await shoot(page, cardHtml(area), 1200, 630, false));
    }
  } finally {
    await browser.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

await main();
