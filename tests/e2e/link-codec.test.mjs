// web/link.js in node (no browser): random puzzles round-trip for K = 2..255 and sizes from 1 x 1,
// the packing is as compact as promised, and every cut or altered link is refused as damaged.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { encode, decode, linkFor, packedLength, LinkError, MAX_LINK_LENGTH } from '../../web/link.js';

const WEB = path.resolve(import.meta.dirname, '../../web');

// A small seeded generator (mulberry32), so a failure names a reproducible case.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
const values = (rand, n, k) => Uint8Array.from({ length: n }, () => Math.floor(rand() * k));

function randomPuzzle(rand, rows, cols, states) {
  const n = rows * cols;
  const holes = rand() < 0.5 ? values(rand, n, 2) : null;
  return {
    rows, cols, states,
    rules: ['plane', `torus,states=${states}`, 'plane,nbhd=010/111/010', 'cylinder,nbhd=x,self=0,target=on'][Math.floor(rand() * 4)],
    lights: values(rand, n, states),
    holes: holes && holes.includes(1) ? holes : null,
    presses: rand() < 0.5 ? values(rand, n, states) : null,
    moves: Math.floor(rand() * 5000),
  };
}

function assertSame(got, want, what) {
  assert.equal(got.rows, want.rows, `${what}: rows`);
  assert.equal(got.cols, want.cols, `${what}: cols`);
  assert.equal(got.states, want.states, `${what}: states`);
  assert.equal(got.rules, want.rules, `${what}: rules`);
  assert.deepEqual(Array.from(got.lights), Array.from(want.lights), `${what}: lights`);
  assert.deepEqual(got.holes && Array.from(got.holes), want.holes && Array.from(want.holes), `${what}: holes`);
  assert.deepEqual(got.presses && Array.from(got.presses), want.presses && Array.from(want.presses), `${what}: presses`);
  assert.equal(got.moves, want.moves, `${what}: moves`);
}

const SIZES = [[1, 1], [1, 2], [2, 1], [1, 9], [9, 1], [3, 5], [5, 6], [8, 8], [7, 13], [63, 1], [1, 65], [17, 19], [64, 65]];

test('random puzzles round-trip for every K from 2 to 255', () => {
  const rand = rng(23);
  for (let k = 2; k <= 255; k++) {
    const [rows, cols] = SIZES[k % SIZES.length];
    const p = randomPuzzle(rand, rows, cols, k);
    const fragment = encode(p);
    assert.match(fragment, /^lo1\.[A-Za-z0-9_-]+$/, `K=${k}: a version tag, then base64url`);
    assertSame(decode(fragment), p, `K=${k} ${rows}x${cols}`);
    assertSame(decode(`#${fragment}`), p, `K=${k} with '#'`);
  }
});

test('random puzzles round-trip at every size, and the extreme values', () => {
  const rand = rng(7);
  for (const [rows, cols] of SIZES) {
    for (const k of [2, 3, 4, 5, 6, 7, 10, 11, 16, 17, 100, 128, 254, 255]) {
      const p = randomPuzzle(rand, rows, cols, k);
      assertSame(decode(encode(p)), p, `K=${k} ${rows}x${cols}`);
      // All lights at K-1 (the largest chunk value) and all at 0.
      for (const v of [0, k - 1]) {
        const q = { ...p, lights: new Uint8Array(rows * cols).fill(v), presses: new Uint8Array(rows * cols).fill(v) };
        assertSame(decode(encode(q)), q, `K=${k} ${rows}x${cols} all ${v}`);
      }
    }
  }
  const big = { rows: 1000, cols: 1000, states: 2, rules: 'plane', lights: values(rng(1), 1e6, 2), holes: null, presses: null, moves: 2 ** 40 };
  assertSame(decode(encode(big)), big, '1000 x 1000, a large move count');
  const text = { ...randomPuzzle(rng(3), 2, 3, 3), rules: 'plane,states=3 — ünïcode ✓' };
  assertSame(decode(encode(text)), text, 'rules text beyond ASCII');
});

test('the packing: bits for K = 2, 5 digits a byte for K = 3, one byte a digit for K = 255', () => {
  assert.equal(packedLength(30, 2), 4);
  assert.equal(packedLength(1e6, 2), 125000);
  assert.equal(packedLength(8, 2), 1);
  assert.equal(packedLength(9, 2), 2);
  assert.equal(packedLength(25, 3), 5);
  assert.equal(packedLength(1e6, 3), 200000);
  assert.equal(packedLength(1e6, 255), 1e6);
  assert.equal(packedLength(1, 255), 1);
  assert.equal(packedLength(0, 7), 0);
  // Within 17 % of log2(K) bits a digit for large boards, for every K (chunks of at most 6
  // bytes; K = 116 is the worst).
  for (let k = 2; k <= 255; k++) {
    const bits = (packedLength(1e5, k) * 8) / 1e5;
    assert.ok(bits >= Math.log2(k) - 1e-9 && bits <= Math.log2(k) * 1.17, `K=${k}: ${bits} bits a digit`);
  }
  assert.equal(packedLength(17 * 1000, 5), 5000, 'K = 5: 17 digits in 5 bytes');
  // The classic 5 x 6 judge board: a short link.
  const p = { rows: 5, cols: 6, states: 2, rules: 'plane', lights: values(rng(5), 30, 2), holes: null, presses: null, moves: 0 };
  assert.ok(encode(p).length <= 30, `5 x 6: ${encode(p)}`);
});

test('every cut of a link and every altered character is refused as damaged', () => {
  const rand = rng(11);
  for (const [rows, cols, k] of [[5, 6, 2], [4, 4, 3], [3, 7, 255], [1, 1, 2]]) {
    const fragment = encode(randomPuzzle(rand, rows, cols, k));
    for (let len = 0; len < fragment.length; len++) {
      assert.throws(() => decode(fragment.slice(0, len)), LinkError, `${rows}x${cols} K=${k} cut to ${len}`);
    }
    const body = fragment.indexOf('.') + 1;
    for (let i = body; i < fragment.length; i++) {
      const other = fragment[i] === 'A' ? 'B' : 'A';
      const bad = fragment.slice(0, i) + other + fragment.slice(i + 1);
      assert.throws(() => decode(bad), (e) => e instanceof LinkError && e.code === 'damaged', `${bad}`);
    }
    assert.throws(() => decode(`${fragment}A`), (e) => e.code === 'damaged', 'a character added');
  }
});

test('what is not a link says so in one line', () => {
  const cases = [
    ['', 'tag'], ['#', 'tag'], ['hello', 'tag'], ['lo1', 'tag'], ['lo.AAAA', 'tag'], ['lo0.AAAA', 'tag'],
    ['lo2.AAAA', 'newer'], ['lo1.', 'damaged'], ['lo1.A', 'damaged'], ['lo1.AAAA', 'damaged'],
    ['lo1.AAA=', 'damaged'], ['lo1.ab+/', 'damaged'], ['lo1.%41%41', 'damaged'], ['lo1.AA AA', 'damaged'],
  ];
  for (const [fragment, code] of cases) {
    assert.throws(() => decode(fragment), (e) => {
      assert.ok(e instanceof LinkError, `${fragment}: a LinkError`);
      assert.equal(e.code, code, `${fragment}: ${e.message}`);
      assert.doesNotMatch(e.message, /\n/, 'one line');
      return true;
    });
  }
});

test('crafted headers cannot ask for a huge board', () => {
  // flags 0, rows 2^35 (varint), cols 2^35, K 2, a text length: the check matches, the rest is missing.
  const bytes = [0, 128, 128, 128, 128, 128, 1, 128, 128, 128, 128, 128, 1, 2, 0, 0];
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  bytes.push(h & 255, (h >> 8) & 255);
  const b64 = Buffer.from(bytes).toString('base64url');
  const started = Date.now();
  assert.throws(() => decode(`lo1.${b64}`), (e) => e.code === 'damaged');
  assert.ok(Date.now() - started < 1000, 'refused at once');
});

test('encode refuses what is not a puzzle', () => {
  const p = { rows: 2, cols: 2, states: 3, rules: 'plane,states=3', lights: new Uint8Array(4), holes: null, presses: null, moves: 0 };
  assert.throws(() => encode({ ...p, rows: 0 }), RangeError);
  assert.throws(() => encode({ ...p, states: 1 }), RangeError);
  assert.throws(() => encode({ ...p, states: 256 }), RangeError);
  assert.throws(() => encode({ ...p, lights: new Uint8Array(3) }), RangeError);
  assert.throws(() => encode({ ...p, lights: Uint8Array.of(0, 1, 2, 3) }), RangeError);
  assert.throws(() => encode({ ...p, holes: Uint8Array.of(0, 2, 0, 0) }), RangeError);
  assert.throws(() => encode({ ...p, moves: -1 }), RangeError);
  // Holes all 0 are no holes.
  assert.equal(decode(encode({ ...p, holes: new Uint8Array(4) })).holes, null);
});

test('links longer than the limit do not fit', () => {
  const small = { rows: 5, cols: 6, states: 2, rules: 'plane', lights: new Uint8Array(30), holes: null, presses: null, moves: 0 };
  const base = 'http://127.0.0.1:8080/index.html#old';
  const fit = linkFor(base, small);
  assert.ok(fit.fits);
  assert.ok(fit.url.startsWith('http://127.0.0.1:8080/index.html#lo1.'), fit.url);
  const big = { ...small, rows: 1000, cols: 1000, lights: new Uint8Array(1e6) };
  const over = linkFor(base, big);
  assert.equal(over.fits, false);
  assert.ok(over.url.length > MAX_LINK_LENGTH);
  // The largest two-state square that fits: about 220 x 220.
  const side = (s) => linkFor(base, { ...small, rows: s, cols: s, lights: new Uint8Array(s * s) }).fits;
  assert.ok(side(215) && !side(225));
});

test('boot.js says the tables\' words where the modules cannot run (file://)', async () => {
  const src = readFileSync(path.join(WEB, 'boot.js'), 'utf8');
  const tables = {
    en: (await import(path.join(WEB, 'locale-en.js'))).default,
    'zh-CN': (await import(path.join(WEB, 'locale-zh-CN.js'))).default,
  };
  const copy = JSON.parse(/const STRINGS = (\{[\s\S]*?\});/.exec(src)[1]);
  for (const [code, strings] of Object.entries(copy)) {
    for (const [key, s] of Object.entries(strings)) assert.equal(s, tables[code][key], `${code} ${key}`);
  }
  assert.deepEqual(Object.keys(copy).sort(), Object.keys(tables).sort());
});
