// The Learn mode's three lessons as lists of frames. A frame is built in one place from one board
// state, so its boards, its marks and its text always describe the same moment:
//   { kind, key, n?, facts, boards: [{ caption, rows, cols, lights, marks }], panel, quick }
// key (with n: a plural key) and facts make the text (facts are its parameters: numbers, bit
// strings, 1-based column lists, [r, c] cell lists); kind says what the facts claim about the
// boards (tests/e2e/learn.test.mjs checks each kind against the boards on show).
import { chase, litColumns, pressedCells } from './chase.js';

// The judge's sample (POJ 1222 / OpenJudge 2811), used when the page's board is not a classic 5 x 6.
export const SAMPLE = ['011010', '100111', '001001', '100101', '011100'];

const bits = (list) => list.map((v) => (v ? '1' : '0')).join('');
const ones = (list) => list.flatMap((v, i) => (v ? [i + 1] : []));
const fromBits = (rows, cols, lines) => {
  const out = new Uint8Array(rows * cols);
  lines.forEach((s, r) => { for (let c = 0; c < cols; c++) out[r * cols + c] = s[c] === '1' ? 1 : 0; });
  return out;
};
const cellsOf = (cols, values) => [...values].flatMap((v, i) => (v ? [[Math.floor(i / cols) + 1, (i % cols) + 1]] : []));
const count = (values) => values.reduce((a, v) => a + (v ? 1 : 0), 0);
const board = (rows, cols, lights, marks = null, caption = { key: 'learn.caption.board' }) =>
  ({ caption, rows, cols, lights, marks: marks ?? new Uint8Array(rows * cols) });
const rowMarks = (rows, cols, r, list) => {
  const m = new Uint8Array(rows * cols);
  for (const c of list) m[r * cols + c] = 1;
  return m;
};

// The frames of one chase, one per row and the last-row check. Each row's frame shows the board
// before that row's presses with those presses marked; its text names the lights it chases.
function chaseFrames(b, first, panel) {
  const { rows, cols } = b;
  const ch = chase(b, first);
  const firstBits = bits(first);
  const frames = ch.steps.map((s, r) => {
    const marks = rowMarks(rows, cols, r, s.press);
    const cs = s.press.map((c) => c + 1);
    if (r === 0) {
      return { kind: 'first', key: cs.length ? 'learn.chase.first' : 'learn.chase.first.none',
        facts: { first: firstBits, cols: cs }, boards: [board(rows, cols, s.lights, marks)], panel };
    }
    if (!cs.length) {
      return { kind: 'dark', key: 'learn.chase.dark', facts: { row: r, next: r + 1 },
        boards: [board(rows, cols, s.lights, marks)], panel };
    }
    return { kind: 'row', key: 'learn.chase.row', n: cs.length, facts: { row: r, next: r + 1, n: cs.length, cols: cs },
      boards: [board(rows, cols, s.lights, marks)], panel };
  });
  frames.push(lastFrame(b, ch, firstBits, panel, false));
  return { frames, ch };
}

// The board after a whole chase: its last row said and, when dark, the presses marked.
function lastFrame(b, ch, firstBits, panel, summary) {
  const { rows, cols } = b;
  const left = litColumns(ch.final, cols, rows - 1).map((c) => c + 1);
  const dark = !left.length;
  const kind = summary ? (dark ? 'good' : 'try') : (dark ? 'done' : 'fail');
  const key = { good: 'learn.enum.good', try: 'learn.enum.try', done: 'learn.chase.done', fail: 'learn.chase.fail' }[kind];
  const n = dark ? count(ch.presses) : left.length;
  return { kind, key, n, facts: dark ? { first: firstBits, n } : { first: firstBits, n, cols: left },
    boards: [board(rows, cols, ch.final, dark ? ch.presses : null)], panel, quick: summary };
}

const firstRow = (k, cols) => Array.from({ length: cols }, (_, c) => (k >> (cols - 1 - c)) & 1);

// Lesson 1, the judge tutorials' way: every first row tried, chased down, the last row checked.
// The first chase and the good one are shown row by row, the other 63 by their result.
export function enumeration(b) {
  const { rows, cols } = b;
  const total = 2 ** cols;
  const results = [];
  for (let k = 0; k < total; k++) {
    const ch = chase(b, firstRow(k, cols));
    results.push({ first: bits(firstRow(k, cols)), left: litColumns(ch.final, cols, rows - 1).length, ch });
  }
  const cands = (pick, tried) => ({ type: 'cands', results, pick, tried });
  const frames = [{ kind: 'intro', key: 'learn.enum.intro', n: count(b.lights),
    facts: { n: count(b.lights), total, cols }, boards: [board(rows, cols, b.lights)], panel: cands(-1, 0) }];
  const jump = new Array(total);
  frames.push(...chaseFrames(b, firstRow(0, cols), cands(0, 0)).frames.map((f, i, all) =>
    (i === all.length - 1 ? { ...f, panel: cands(0, 1) } : f)));
  jump[0] = frames.length - 1;
  for (let k = 1; k < total; k++) {
    frames.push(lastFrame(b, results[k].ch, results[k].first, cands(k, k + 1), true));
    jump[k] = frames.length - 1;
  }
  const good = results.flatMap((r, k) => (r.left === 0 ? [k] : []));
  if (good.length) {
    const g = good[0], ch = results[g].ch;
    const pick = cands(g, total);
    frames.push({ kind: 'found', key: 'learn.enum.found', n: good.length,
      facts: { n: good.length, first: results[g].first, presses: count(ch.presses), total },
      boards: [board(rows, cols, b.lights, ch.presses)], panel: pick });
    frames.push(...chaseFrames(b, firstRow(g, cols), pick).frames);
  } else {
    frames.push({ kind: 'none', key: 'learn.enum.none', facts: { total }, boards: [board(rows, cols, b.lights)],
      panel: cands(-1, total) });
  }
  return { frames, jump };
}

// Solves A x = b over GF(2) (A: m rows of k 0/1 values): the x with the free unknowns 0, or null.
// steps(c, p, added, rows) is told each elimination step, without swapping equations: unknown c
// (0-based) is kept in equation p alone by adding p to the equations `added`; rows: the system
// after it (each equation's k values, then its right-hand side).
function solveGf2(a, rhs, steps = () => {}) {
  const m = a.length, k = a[0].length;
  const rows = a.map((row, i) => [...row, rhs[i]]);
  const pivotOf = new Map();  // equation -> its unknown
  for (let c = 0; c < k && pivotOf.size < m; c++) {
    const p = rows.findIndex((row, i) => !pivotOf.has(i) && row[c]);
    if (p < 0) continue;
    const added = [];
    for (let i = 0; i < m; i++) {
      if (i !== p && rows[i][c]) { rows[i] = rows[i].map((v, j) => v ^ rows[p][j]); added.push(i); }
    }
    pivotOf.set(p, c);
    steps(c, p, added, rows.map((row) => row.slice()));
  }
  if (rows.some((row, i) => !pivotOf.has(i) && row[k])) return null;
  const x = new Array(k).fill(0);
  for (const [i, c] of pivotOf) x[c] = rows[i][k];
  return x;
}

// Lesson 2: the chase with unknown first-row presses x1..xk. The last row is b + A x (mod 2):
// b from a chase with x = 0, column j of A from a chase of a dark board with only xj pressed.
export function firstRowSystem(b) {
  const { rows, cols } = b;
  const zero = new Array(cols).fill(0);
  const base = chase(b, zero);
  const rhs = Array.from({ length: cols }, (_, c) => base.final[(rows - 1) * cols + c]);
  const dark = { rows, cols, lights: new Uint8Array(rows * cols) };
  const columns = [];  // columns[j][i]: x(j+1)'s effect on last-row column i+1
  const sys = (known, x = null) => ({ type: 'system', a: columns.slice(0, known), b: known >= 0 ? rhs : null, cols, x });
  const frames = [{ kind: 'intro2', key: 'learn.sys.intro', facts: { k: cols }, boards: [board(rows, cols, b.lights)], panel: null }];
  const left = ones(rhs);
  frames.push({ kind: 'base', key: left.length ? 'learn.sys.base' : 'learn.sys.base.dark',
    facts: left.length ? { cols: left, b: bits(rhs) } : { b: bits(rhs) },
    boards: [board(rows, cols, base.final, base.presses)], panel: sys(0) });
  for (let j = 0; j < cols; j++) {
    const unit = zero.slice();
    unit[j] = 1;
    const ch = chase(dark, unit);
    const col = Array.from({ length: cols }, (_, c) => ch.final[(rows - 1) * cols + c]);
    columns.push(col);
    frames.push({ kind: 'unit', key: ones(col).length ? 'learn.sys.unit' : 'learn.sys.unit.dark',
      facts: ones(col).length ? { j: j + 1, cols: ones(col), bits: bits(col) } : { j: j + 1, bits: bits(col) },
      boards: [board(rows, cols, ch.final, ch.presses)], panel: sys(j + 1) });
  }
  // a[i][j]: equation i (last-row column i+1), unknown x(j+1).
  const a = Array.from({ length: cols }, (_, i) => columns.map((col) => col[i]));
  frames.push({ kind: 'system', key: 'learn.sys.system', facts: { m: cols, k: cols },
    boards: [board(rows, cols, b.lights)], panel: sys(cols) });
  // The elimination a step at a time: the system after each step in the panel.
  const x = solveGf2(a, rhs, (c, p, added, now) => {
    const panel = { type: 'system', a: Array.from({ length: cols }, (_, j) => now.map((row) => row[j])),
      b: now.map((row) => row[cols]), cols, x: null };
    frames.push({ kind: 'elim', key: added.length ? 'learn.sys.elim' : 'learn.sys.elim.none',
      facts: added.length ? { c: c + 1, row: p + 1, rows: added.map((i) => i + 1) } : { c: c + 1, row: p + 1 },
      boards: [board(rows, cols, b.lights)], panel, quick: true });
  });
  if (!x) {
    frames.push({ kind: 'nosolution', key: 'learn.sys.none', facts: {}, boards: [board(rows, cols, b.lights)], panel: sys(cols) });
    return { frames };
  }
  const press = ones(x);
  frames.push({ kind: 'solved', key: press.length ? 'learn.sys.solved' : 'learn.sys.solved.zero',
    facts: press.length ? { x: bits(x), cols: press } : { x: bits(x) },
    boards: [board(rows, cols, b.lights, rowMarks(rows, cols, 0, press.map((c) => c - 1)))], panel: sys(cols, x) });
  frames.push(...chaseFrames(b, x, sys(cols, x)).frames);
  return { frames };
}

// The press matrix of a classic rows x cols board: column j (button j, row by row) has a 1 at each
// light that press changes. As n rows of n 0/1 values, a[i][j].
export function pressMatrix(rows, cols) {
  const n = rows * cols;
  const a = Array.from({ length: n }, () => new Array(n).fill(0));
  for (let j = 0; j < n; j++) for (const i of pressedCells(rows, cols, Math.floor(j / cols), j % cols)) a[i][j] = 1;
  return a;
}

// Lesson 3: the press matrix, its rank and nullity, the quiet patterns of 5 x 5 and a 5 x 5 board
// that no presses clear, with the quiet pattern that proves it. info(rows, cols) is the core's
// facts of a classic size ({ nullity, kernel: [Uint8Array] }); `unsolvable`, if given, is a 5 x 5
// board to explain (else one light in the corner).
export async function linearAlgebra(info, unsolvable = null) {
  const frames = [];
  const sizes = [[5, 6], [5, 5]];
  const facts = await Promise.all(sizes.map(([r, c]) => info(r, c)));
  sizes.forEach(([rows, cols], s) => {
    const cells = rows * cols, nullity = facts[s].nullity, rank = cells - nullity;
    const matrix = { type: 'matrix', a: pressMatrix(rows, cols), rows, cols };
    frames.push({ kind: 'matrix', key: 'learn.alg.matrix', facts: { rows, cols, cells },
      boards: [], panel: matrix });
    frames.push(nullity
      ? { kind: 'rank', key: 'learn.alg.rank.quiet', facts: { rows, cols, cells, rank, nullity, quiet: 2 ** nullity - 1, ratio: 2 ** nullity },
        boards: [], panel: matrix }
      : { kind: 'rank', key: 'learn.alg.rank', facts: { rows, cols, cells, rank, nullity }, boards: [], panel: matrix });
  });
  const [rows, cols] = sizes[1];
  const kernel = facts[1].kernel ?? [];
  const d = kernel.length;
  kernel.forEach((q, i) => {
    frames.push({ kind: 'quiet', key: 'learn.alg.quiet', n: count(q), facts: { i: i + 1, d, n: count(q) },
      boards: [board(rows, cols, new Uint8Array(rows * cols), q, { key: 'learn.caption.pattern', params: { i: i + 1 } })],
      panel: null });
  });
  const overlapOf = (u, q) => u.reduce((a, v, i) => a + (v && q[i] ? 1 : 0), 0);
  const unsolvableBy = (u) => kernel.some((q) => overlapOf(u, q) % 2 === 1);
  let u = unsolvable && unsolvableBy(unsolvable) ? unsolvable : null;
  if (!u) { u = new Uint8Array(rows * cols); u[0] = 1; }
  const overlap = (q) => overlapOf(u, q);
  const odd = kernel.findIndex((q) => overlap(q) % 2 === 1);
  if (odd >= 0) {
    const q = kernel[odd];
    const common = cellsOf(cols, u.map((v, i) => (v && q[i] ? 1 : 0)));
    frames.push({ kind: 'orth', key: 'learn.alg.orth', n: common.length,
      facts: { cells: cellsOf(cols, u), i: odd + 1, n: common.length, common },
      boards: [board(rows, cols, u), board(rows, cols, new Uint8Array(rows * cols), q, { key: 'learn.caption.pattern', params: { i: odd + 1 } })],
      panel: null });
  }
  const counts = kernel.map(overlap);
  frames.push({ kind: 'iff', key: 'learn.alg.iff', facts: { counts, cells: rows * cols, rank: rows * cols - d },
    boards: [board(rows, cols, u), ...kernel.map((q, i) => board(rows, cols, new Uint8Array(rows * cols), q, { key: 'learn.caption.pattern', params: { i: i + 1 } }))],
    panel: null });
  return { frames };
}

// The board lessons 1 and 2 use: the page's when it is a classic 5 x 6, else the judge's sample.
export function lessonBoard(page) {
  if (page && page.classic && page.rows === 5 && page.cols === 6) return { rows: 5, cols: 6, lights: page.lights.slice(), own: true };
  return { rows: 5, cols: 6, lights: fromBits(5, 6, SAMPLE), own: false };
}
