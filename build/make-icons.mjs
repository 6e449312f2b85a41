#!/usr/bin/env node
/**
 * Draws the rundesk icon (a terminal prompt on an indigo→teal tile) and writes it as PNGs,
 * an .icns (macOS) and an .ico (Windows), with nothing but zlib. Output is deterministic:
 *
 *   node build/make-icons.mjs   # writes build/icon.png, build/icons/*.png, build/icon.icns, build/icon.ico
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** RGBA pixels (Uint8Array, row-major) → PNG bytes. */
export function encodePng(width, height, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const clamp01 = (v) => Math.min(1, Math.max(0, v));

function roundedBox(px, py, half, radius) {
  const qx = Math.abs(px) - half + radius;
  const qy = Math.abs(py) - half + radius;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

function segment(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = clamp01(((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** The icon at `size`×`size`, anti-aliased analytically from signed distances. */
export function drawIcon(size) {
  const out = new Uint8Array(size * size * 4);
  const top = [79, 70, 229]; // indigo
  const bottom = [13, 148, 136]; // teal
  const stroke = 0.055;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      // Unit coordinates of the pixel centre; one pixel = 1/size.
      const u = (x + 0.5) / size;
      const v = (y + 0.5) / size;
      const aa = 1 / size;
      const tile = clamp01(0.5 - roundedBox(u - 0.5, v - 0.5, 0.44, 0.1) / aa);
      const glyphDist = Math.min(
        segment(u, v, 0.3, 0.33, 0.48, 0.5),
        segment(u, v, 0.48, 0.5, 0.3, 0.67),
        segment(u, v, 0.55, 0.67, 0.72, 0.67),
      );
      const glyph = clamp01(0.5 - (glyphDist - stroke / 2) / aa);
      const t = clamp01((v - 0.06) / 0.88);
      const i = (y * size + x) * 4;
      for (let c = 0; c < 3; c += 1) {
        const bg = top[c] + (bottom[c] - top[c]) * t;
        out[i + c] = Math.round(bg + (255 - bg) * glyph);
      }
      out[i + 3] = Math.round(255 * tile);
    }
  }
  return out;
}

export function pngIcon(size) {
  return encodePng(size, size, drawIcon(size));
}

/** .icns with PNG payloads (ic07 128, ic08 256, ic09 512, ic10 1024). */
export function encodeIcns(pngsBySize) {
  const types = { 128: 'ic07', 256: 'ic08', 512: 'ic09', 1024: 'ic10' };
  const entries = Object.entries(types)
    .filter(([size]) => pngsBySize[size])
    .map(([size, type]) => {
      const header = Buffer.alloc(8);
      header.write(type, 0, 'ascii');
      header.writeUInt32BE(pngsBySize[size].length + 8, 4);
      return Buffer.concat([header, pngsBySize[size]]);
    });
  const body = Buffer.concat(entries);
  const header = Buffer.alloc(8);
  header.write('icns', 0, 'ascii');
  header.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([header, body]);
}

/** .ico with PNG payloads (Windows Vista and later read them); 256 is stored as 0. */
export function encodeIco(pngsBySize) {
  const sizes = Object.keys(pngsBySize).map(Number).sort((a, b) => a - b);
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(sizes.length, 4);
  const dir = Buffer.alloc(16 * sizes.length);
  let offset = 6 + dir.length;
  sizes.forEach((size, i) => {
    const png = pngsBySize[size];
    const e = i * 16;
    dir[e] = size >= 256 ? 0 : size;
    dir[e + 1] = size >= 256 ? 0 : size;
    dir.writeUInt16LE(1, e + 4); // planes
    dir.writeUInt16LE(32, e + 6); // bits per pixel
    dir.writeUInt32LE(png.length, e + 8);
    dir.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, dir, ...sizes.map((s) => pngsBySize[s])]);
}

function main() {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const pngs = {};
  for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) pngs[size] = pngIcon(size);
  fs.mkdirSync(path.join(dir, 'icons'), { recursive: true });
  for (const size of [16, 32, 48, 64, 128, 256, 512]) fs.writeFileSync(path.join(dir, 'icons', `${size}x${size}.png`), pngs[size]);
  fs.writeFileSync(path.join(dir, 'icon.png'), pngs[512]);
  fs.writeFileSync(path.join(dir, 'icon.icns'), encodeIcns({ 128: pngs[128], 256: pngs[256], 512: pngs[512], 1024: pngs[1024] }));
  fs.writeFileSync(path.join(dir, 'icon.ico'), encodeIco({ 16: pngs[16], 24: pngs[24], 32: pngs[32], 48: pngs[48], 64: pngs[64], 128: pngs[128], 256: pngs[256] }));
  console.log(`icons written to ${path.relative(process.cwd(), dir) || '.'}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
