/**
 * Draws the installable app's PNG icons (client/public/icons/) from the shapes of favicon.svg:
 * a blue rounded square with a white speech bubble and three dots. Run it after changing the
 * design: `node scripts/generate-icons.mjs`; the PNGs are committed. Plain Node (zlib for the
 * PNG's compression), 4×4 samples per pixel for smooth edges: nothing to install or download.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const OUT_DIR = 'client/public/icons';
const BLUE = [0x22, 0x8b, 0xe6];
const WHITE = [0xff, 0xff, 0xff];
const SAMPLES = 4;

// Shapes in favicon.svg's 64×64 units; each answers whether a point is inside.
const roundedRect = (x0, y0, x1, y1, r) => (x, y) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const circle = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
// The bubble's tail: the triangle (20,46) (30,46) (20,54).
const tail = (x, y) => x >= 20 && y >= 46 && (x - 20) / 10 + (y - 46) / 8 <= 1;
const bubbleBody = roundedRect(10, 18, 54, 46, 6);
const bubble = (x, y) => bubbleBody(x, y) || tail(x, y);
const dots = [circle(24, 32, 3), circle(32, 32, 3), circle(40, 32, 3)];

/** The colour at a point, or null outside the icon. `maskable` fills the whole square. */
function colourAt(x, y, maskable) {
  if (maskable) {
    // Android masks up to a circle of 80% of the size: the drawing shrinks into that zone.
    [x, y] = [32 + (x - 32) / 0.72, 32 + (y - 32) / 0.72];
  } else if (!roundedRect(0, 0, 64, 64, 14)(x, y)) {
    return null;
  }
  if (dots.some((dot) => dot(x, y))) return BLUE;
  return bubble(x, y) ? WHITE : BLUE;
}

function draw(size, maskable) {
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = ((px + (sx + 0.5) / SAMPLES) / size) * 64;
          const y = ((py + (sy + 0.5) / SAMPLES) / size) * 64;
          const colour = colourAt(x, y, maskable);
          if (!colour) continue;
          colour.forEach((value, i) => (sum[i] += value));
          sum[3] += 1;
        }
      }
      const offset = 1 + px * 4;
      for (let i = 0; i < 3; i++) row[offset + i] = sum[3] ? Math.round(sum[i] / sum[3]) : 0;
      row[offset + 3] = Math.round((sum[3] / SAMPLES ** 2) * 255);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(OUT_DIR, { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
]) {
  writeFileSync(`${OUT_DIR}/${name}`, draw(size, maskable));
  console.log(`${OUT_DIR}/${name}`);
}
