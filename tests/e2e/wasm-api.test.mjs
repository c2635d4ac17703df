// node:test of the WebAssembly JS API (lightsout.mjs in the site folder): answers checked by
// re-applying the presses with a press written out here, and "no solution" by a quiet pattern.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const site = process.env.LIGHTSOUT_SITE;
let lo;
let api;

before(async () => {
  assert.ok(site, 'LIGHTSOUT_SITE: the site folder (build/site, or scripts/build_static.sh)');
  api = await import(pathToFileURL(path.join(path.resolve(site), 'lightsout.mjs')).href);
  lo = await api.load();
});

// The plus press (the button and its four neighbours), on the plane or the torus, mod k.
function applyPresses(lights, presses, { torus = false, k = 2 } = {}) {
  const rows = lights.length, cols = lights[0].length;
  const value = (row, c) => (typeof row === 'string' ? row.charCodeAt(c) - 48 : row[c]);
  const out = lights.map((row) => Array.from({ length: cols }, (_, c) => value(row, c)));
  presses.forEach((row, r) => {
    for (let c = 0; c < cols; c++) {
      const x = value(row, c);
      for (const [dr, dc] of [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]) {
        let rr = r + dr, cc = c + dc;
        if (torus) { rr = (rr + rows) % rows; cc = (cc + cols) % cols; }
        if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) out[rr][cc] = (out[rr][cc] + x) % k;
      }
    }
  });
  return out;
}
const allZero = (grid) => grid.every((row) => row.every((v) => v === 0));
// A board made by random presses from the dark board: solvable by construction.
function pressedBoard(rows, cols, opts, seed) {
  let s = seed;
  const rnd = () => { s = (s * 1103515245 + 12345) % 2147483648; return s; };
  const presses = Array.from({ length: rows }, () => Array.from({ length: cols }, () => rnd() % opts.k));
  return applyPresses(Array.from({ length: rows }, () => new Array(cols).fill(0)), presses, opts);
}

test('classic 5 x 6 sample: the presses turn every light off', () => {
  const lights = ['011010', '100111', '001001', '100101', '011100'];
  const res = lo.solve(lights);
  assert.equal(res.solvable, true);
  assert.equal(res.presses.length, 5);
  assert.ok(allZero(applyPresses(lights, res.presses)));
  const fewest = lo.solve(lights, { minimal: true });
  assert.equal(fewest.minimal_proven, true);
  assert.ok(allZero(applyPresses(lights, fewest.presses)));
  assert.ok(fewest.press_count <= res.press_count);
});

test('an unsolvable 5 x 5 board: "no solution", shown by a quiet pattern it is not orthogonal to', () => {
  const lights = ['10000', '00000', '00000', '00000', '00000'];
  const res = lo.solve(lights);
  assert.equal(res.solvable, false);
  const info = lo.info('5x5');
  assert.equal(info.nullity, 2);
  assert.equal(info.kernel.length, 2);
  const zero = ['00000', '00000', '00000', '00000', '00000'];
  let witness = false;
  for (const q of info.kernel) {
    assert.ok(allZero(applyPresses(zero, q)), 'a quiet pattern changes nothing');
    // If lights = A x then q . lights = (A q) . x = 0 (A symmetric): a 1 proves no solution.
    let dot = 0;
    q.forEach((row, r) => { for (let c = 0; c < 5; c++) dot ^= (row.charCodeAt(c) - 48) & (lights[r].charCodeAt(c) - 48); });
    witness ||= dot === 1;
  }
  assert.ok(witness);
});

test('K-state tori: 7 x 9 with 6 states and 256 x 256 with 255 states solved, re-applied', () => {
  const small = pressedBoard(7, 9, { torus: true, k: 6 }, 11);
  const a = lo.solve(small, { rules: 'torus,states=6' });
  assert.equal(a.solvable, true);
  assert.ok(allZero(applyPresses(small, a.presses, { torus: true, k: 6 })));
  const big = pressedBoard(256, 256, { torus: true, k: 255 }, 5);
  const start = performance.now();
  const b = lo.solve(big, { rules: 'torus,states=255' });
  const ms = performance.now() - start;
  assert.equal(b.solvable, true);
  assert.equal(b.method, 'chase');
  assert.ok(allZero(applyPresses(big, b.presses, { torus: true, k: 255 })));
  assert.ok(ms < 10000, `256 x 256 torus, 255 states: ${ms.toFixed(0)} ms`);
});

test('an unsolvable 6 x 6 torus with 255 states: a quiet pattern with a non-zero product', () => {
  const lights = pressedBoard(6, 6, { torus: true, k: 255 }, 3);
  lights[0][0] = (lights[0][0] + 1) % 255;
  const res = lo.solve(lights, { rules: 'torus,states=255' });
  const info = lo.info([6, 6], 'torus,states=255');
  assert.ok(info.nullity > 0);
  // The torus plus press is symmetric, so q . lights = 0 mod 255 for every quiet q if solvable.
  const dots = info.kernel.map((q) => q.reduce((acc, row, r) => acc + row.reduce((s, v, c) => s + v * lights[r][c], 0), 0) % 255);
  for (const q of info.kernel) assert.ok(allZero(applyPresses(lights.map((row) => row.map(() => 0)), q, { torus: true, k: 255 })));
  assert.equal(res.solvable, false);
  assert.ok(dots.some((d) => d !== 0), `products ${dots}`);
});

// rowcol with a holes grid (here without a hole): neither the closed form nor a band, so dense
// elimination over Z_K (the square neighbourhood has a band: banded elimination, admitted).
const denseRules = `nbhd=rowcol,states=255,holes=[${Array(60).fill('0'.repeat(60)).join('/')}]`;

test('errors are LightsoutError with the API status and message', () => {
  const rows = Array.from({ length: 60 }, () => '0'.repeat(60));
  assert.throws(() => lo.solve(rows, { rules: denseRules }),
    (e) => e instanceof api.LightsoutError && e.status === 413 && /units of work/.test(e.message));
  assert.throws(() => lo.solve(['012'], { rules: 'states=2' }),
    (e) => e instanceof api.LightsoutError && e.status === 400);
  assert.throws(() => lo.info('0x5'), (e) => e.status === 400 && /size/.test(e.message));
});

test('rules: the canonical text, the offsets and the refusal of a size', () => {
  const r = lo.rules(' torus, nbhd=x ,states=3', { rows: 4, cols: 4 });
  assert.equal(r.rules, 'torus,states=3,nbhd=x');
  assert.deepEqual(r.offsets, [[-1, -1], [-1, 1], [0, 0], [1, -1], [1, 1]]);
  assert.equal(r.refusal, null);
  assert.match(lo.rules(denseRules, { rows: 60, cols: 60 }).refusal, /estimated at 1\.4e\+11 units of work/);
  assert.equal(lo.rules('nbhd=square,states=255', { rows: 60, cols: 60 }).refusal, null);
  // rowcol without holes is solved in closed form: admitted.
  assert.equal(lo.rules('nbhd=rowcol,states=255', { rows: 60, cols: 60 }).refusal, null);
  assert.throws(() => lo.rules('nbhd=y'), (e) => e.status === 400 && /^rules: token 'nbhd=y'/.test(e.message));
});

test('press, apply and random follow the plus press written out here', () => {
  const cells = lo.press('torus', 3, 3, 0, 0).cells;
  const got = Array(9).fill(0);
  for (const [i, a] of cells) got[i] = a;
  const want = applyPresses(['000', '000', '000'], ['100', '000', '000'], { torus: true }).flat();
  assert.deepEqual(got, want);
  const lights = ['0110', '1001', '0000'];
  const presses = ['1000', '0010', '0001'];
  assert.deepEqual(lo.apply(lights, presses).lights.map((s) => [...s].map(Number)), applyPresses(lights, presses));
  const board = lo.random(5, 6, { seed: 9 }).lights;
  assert.deepEqual(lo.random(5, 6, { seed: 9 }).lights, board, 'the same seed, the same board');
  assert.equal(lo.solve(board).solvable, true);
});

test('fix: the fewest lights to change, and the board is solvable after them', () => {
  const lights = ['10000', '00000', '00000', '00000', '00000'];
  const fix = lo.fix(lights);
  assert.equal(fix.solvable, false);
  assert.equal(fix.count, 1);
  assert.equal(fix.exact, true);
  const changed = lights.map((row, r) => [...row].map((ch, c) => String(Number(ch) ^ Number(fix.changes[r][c]))).join(''));
  assert.equal(lo.solve(changed).solvable, true);
});

test('board: the formats the CLI reads, count-first text, errors naming where', () => {
  assert.deepEqual(lo.board('.#.\n###\n.#.\n').lights, ['010', '111', '010']);
  assert.deepEqual(lo.board('0 2\n1 0\n', { states: 3 }).lights, ['02', '10']);
  const counted = lo.board('2\n1 0\n0 0\n0 1\n1 1\n');
  assert.equal(counted.puzzles, 2);
  assert.deepEqual(counted.lights, ['10', '00']);
  assert.throws(() => lo.board('0 1\n0 2\n'), (e) => e.status === 400 && e.message === "text: 2:3: expected 0 or 1, found '2'");
});
