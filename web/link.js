// A puzzle as a URL fragment and back: rules text, size, lights, holes and the player's presses,
// packed (base-K digits in byte chunks, which for K = 2 are plain packed bits) and base64url'd
// behind a version tag. Pure functions: no page, no core, so node tests can run them.

// The fragment of version 1 is "lo1." followed by base64url (no padding) of these bytes:
//   flags       u8: bit 0 holes follow, bit 1 the player's presses follow; other bits 0
//   rows, cols  varints (7 bits a byte, low first), each >= 1
//   states K    u8, 2..255
//   rules       varint byte length, then the rules text in UTF-8 (without holes)
//   lights      rows * cols digits 0..K-1, packed by packDigits
//   holes       (flag 0) rows * cols digits 0..1, packed by packDigits (K = 2: bits)
//   presses     (flag 1) rows * cols digits 0..K-1: how often each button was pressed, mod K
//   moves       varint: the page's move counter
//   check       u16 little-endian: the low 16 bits of FNV-1a over every byte before it
// Every length follows from the bytes before it, so a cut or altered link is caught by the check
// or by the length, never read past its end.
export const VERSION = 1;
const TAG = 'lo';

// The longest link the page hands out, in characters of the whole URL. Browsers take far more
// (Chromium about 2 MB), but a link travels through mail, chat and forms and often through a
// server's redirect or a link shortener, whose request lines stop at 8 KB (nginx's default
// large_client_header_buffers, Apache's LimitRequestLine 8190). 8 KB of base64url holds a
// two-state board of about 49,000 cells (220 x 220); a 1000 x 1000 board (125 KB packed) is
// offered as a file instead.
export const MAX_LINK_LENGTH = 8192;

// A link that cannot be read. code: 'tag' (not a puzzle link), 'newer' (a later version of the
// page made it), 'damaged' (cut short or altered: the check or a length failed).
export class LinkError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'LinkError';
    this.code = code;
  }
}
const damaged = (why) => new LinkError('damaged', `link: damaged or cut short (${why})`);

// --- base-K digits in byte chunks --------------------------------------------------------
// For K, g digits go into B bytes as one number sum d_i K^(g-1-i) (little-endian bytes), with
// K^g <= 256^B and B <= 6 (so every value stays below 2^48, exact in a double). B is chosen for
// the fewest bits a digit (ties: the smaller B): K = 2 packs 8 a byte, K = 3 5 a byte (1.6 bits,
// the bound is 1.585), K = 5 17 in 5 bytes; the worst K is 116, 8 bits for its 6.86. The last
// n mod g digits take the fewest bytes that hold K^r values.
const chunkCache = new Map();
function chunkShape(k) {
  let best = chunkCache.get(k);
  if (best) return best;
  best = { digits: 0, bytes: 1 };
  for (let bytes = 1; bytes <= 6; bytes++) {
    const digits = digitsIn(k, 256 ** bytes);
    if (digits * best.bytes > best.digits * bytes) best = { digits, bytes };
  }
  chunkCache.set(k, best);
  return best;
}
// The most digits base k whose every value is below `limit`.
function digitsIn(k, limit) {
  let digits = 0;
  for (let p = k; p <= limit; p *= k) digits++;
  return digits;
}
// The fewest bytes that hold k^r values.
function bytesFor(k, r) {
  let bytes = 0;
  while (digitsIn(k, 256 ** bytes) < r) bytes++;
  return bytes;
}
// The packed size of n digits base k, in bytes.
export function packedLength(n, k) {
  const { digits, bytes } = chunkShape(k);
  return Math.floor(n / digits) * bytes + bytesFor(k, n % digits);
}

// Appends values (each 0..k-1) to out (an array of bytes).
function packDigits(values, k, out) {
  const { digits } = chunkShape(k);
  for (let start = 0; start < values.length; start += digits) {
    const end = Math.min(values.length, start + digits);
    let v = 0;
    for (let i = start; i < end; i++) v = v * k + values[i];
    const bytes = end - start === digits ? chunkShape(k).bytes : bytesFor(k, end - start);
    for (let b = 0; b < bytes; b++) { out.push(v % 256); v = Math.floor(v / 256); }
  }
}

// Reads n digits base k from the reader; a chunk worth k^g or more is damage.
function unpackDigits(reader, n, k) {
  const { digits } = chunkShape(k);
  const values = new Uint8Array(n);
  for (let start = 0; start < n; start += digits) {
    const count = Math.min(n - start, digits);
    const bytes = count === digits ? chunkShape(k).bytes : bytesFor(k, count);
    let v = 0;
    for (let b = bytes - 1; b >= 0; b--) v += reader.byteAt(reader.pos + b) * 256 ** b;
    reader.pos += bytes;
    for (let i = start + count - 1; i >= start; i--) { values[i] = v % k; v = Math.floor(v / k); }
    if (v !== 0) throw damaged('a digit out of range');
  }
  return values;
}

// --- varints, checksum, base64url --------------------------------------------------------
function pushVarint(out, n) {
  while (n >= 128) { out.push((n % 128) + 128); n = Math.floor(n / 128); }
  out.push(n);
}
function fnv16(bytes, end) {
  let h = 0x811c9dc5;
  for (let i = 0; i < end; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
  return h & 0xffff;
}
// base64url by the platform's btoa/atob (browsers, node 16 and later): a 1000 x 1000 board is
// 167,000 characters, which a loop of string concatenation builds several times slower.
const B64URL = /^[A-Za-z0-9_-]*$/;
function toBase64url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.slice(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function fromBase64url(s) {
  if (!B64URL.test(s)) throw damaged(`the character '${s.match(/[^A-Za-z0-9_-]/)[0]}'`);
  if (s.length % 4 === 1) throw damaged('its length');
  // Only the canonical form: the unused low bits of the last character are 0.
  const spare = (s.length * 6) % 8;
  if (spare) {
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(s[s.length - 1]);
    if (last & ((1 << spare) - 1)) throw damaged('its last character');
  }
  const binary = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

// --- the puzzle --------------------------------------------------------------------------
// puzzle: { rows, cols, states, rules (text, no holes), lights (one value a cell, row by row),
// holes (0/1 a cell, or null), presses (times each button was pressed mod K, or null), moves }.
// Returns the fragment without '#': "lo1.<base64url>". Throws RangeError on values that are not
// a puzzle (a programming error, not user input).
export function encode(p) {
  const n = p.rows * p.cols;
  const check = (name, a, k) => {
    if (!a) return;
    if (a.length !== n) throw new RangeError(`${name}: ${a.length} values for ${n} cells`);
    for (const v of a) if (!(v >= 0 && v < k && Number.isInteger(v))) throw new RangeError(`${name}: value ${v}`);
  };
  if (!(Number.isInteger(p.rows) && Number.isInteger(p.cols) && p.rows >= 1 && p.cols >= 1)) {
    throw new RangeError(`size ${p.rows} x ${p.cols}`);
  }
  if (!(Number.isInteger(p.states) && p.states >= 2 && p.states <= 255)) throw new RangeError(`states ${p.states}`);
  check('lights', p.lights, p.states);
  check('holes', p.holes, 2);
  check('presses', p.presses, p.states);
  const moves = p.moves ?? 0;
  if (!(Number.isSafeInteger(moves) && moves >= 0)) throw new RangeError(`moves ${moves}`);
  const holes = p.holes && p.holes.includes(1) ? p.holes : null;
  const out = [(holes ? 1 : 0) | (p.presses ? 2 : 0)];
  pushVarint(out, p.rows);
  pushVarint(out, p.cols);
  out.push(p.states);
  const text = new TextEncoder().encode(p.rules ?? '');
  pushVarint(out, text.length);
  for (const b of text) out.push(b);
  packDigits(p.lights, p.states, out);
  if (holes) packDigits(holes, 2, out);
  if (p.presses) packDigits(p.presses, p.states, out);
  pushVarint(out, moves);
  const h = fnv16(out, out.length);
  out.push(h & 255, h >> 8);
  return `${TAG}${VERSION}.${toBase64url(out)}`;
}

// Reads a fragment (with or without its '#'). Returns the puzzle as encode() takes it (lights,
// holes and presses as Uint8Arrays; holes and presses null when absent); throws LinkError.
export function decode(fragment) {
  const s = String(fragment).replace(/^#/, '');
  const m = /^lo(\d{1,6})\.(.*)$/s.exec(s);
  if (!m) throw new LinkError('tag', 'link: not a puzzle link');
  if (Number(m[1]) !== VERSION) {
    if (Number(m[1]) > VERSION) throw new LinkError('newer', `link: made by a later version of the page (version ${Number(m[1])})`);
    throw new LinkError('tag', 'link: not a puzzle link');
  }
  const bytes = fromBase64url(m[2]);
  if (bytes.length < 3) throw damaged('too short');
  const end = bytes.length - 2;
  if (fnv16(bytes, end) !== (bytes[end] | (bytes[end + 1] << 8))) throw damaged('its check does not match');
  const reader = {
    pos: 0,
    byteAt(i) { if (i >= end) throw damaged('too short'); return bytes[i]; },
    byte() { return this.byteAt(this.pos++); },
    varint() {
      let n = 0;
      for (let scale = 1; ; scale *= 128) {
        if (scale > 2 ** 49) throw damaged('a number too large');
        const b = this.byte();
        n += (b % 128) * scale;
        if (b < 128) return n;
      }
    },
  };
  const flags = reader.byte();
  if (flags & ~3) throw damaged('unknown parts');
  const rows = reader.varint(), cols = reader.varint(), states = reader.byte();
  if (rows < 1 || cols < 1) throw damaged('an empty board');
  if (states < 2) throw damaged(`${states} states`);
  const n = rows * cols;
  const textLength = reader.varint();
  // What the rest must hold, checked before anything that size is made.
  const need = textLength + packedLength(n, states) * (flags & 2 ? 2 : 1) + (flags & 1 ? packedLength(n, 2) : 0) + 1;
  if (reader.pos + need > end) throw damaged('too short');
  let rules;
  try {
    rules = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(reader.pos, reader.pos + textLength));
  } catch { throw damaged('the rules are not text'); }
  reader.pos += textLength;
  const lights = unpackDigits(reader, n, states);
  const holes = flags & 1 ? unpackDigits(reader, n, 2) : null;
  const presses = flags & 2 ? unpackDigits(reader, n, states) : null;
  const moves = reader.varint();
  if (reader.pos !== end) throw damaged('bytes left over');
  return { rows, cols, states, rules, lights, holes, presses, moves };
}

// The whole link for a page at `base` (its address, any fragment dropped), and whether it is
// short enough to hand out (MAX_LINK_LENGTH).
export function linkFor(base, puzzle) {
  const url = `${String(base).replace(/#.*$/s, '')}#${encode(puzzle)}`;
  return { url, fits: url.length <= MAX_LINK_LENGTH };
}
