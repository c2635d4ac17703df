// The core in the page's own thread (the WebAssembly module through lightsout.mjs): the quick
// calls made while the page draws and takes input, answered at once once start() has loaded it.
// The rules are the core's: it parses them, prints their canonical text, says which cells a
// press changes and which boards are refused; it also reads board text. The page composes a
// rules text from its controls.
import { load } from './lightsout.mjs';
import { t, localError } from './i18n.js';

let core = null;

// Loads the module; every function below needs it.
export async function start() {
  core = await load();
}

// Grid rows (strings of digits, arrays of numbers above 10 states) <-> one value per cell.
export function toRows(rows, cols, values, states = 2) {
  const out = [];
  for (let r = 0; r < rows; r++) {
    const row = Array.from(values.subarray(r * cols, (r + 1) * cols));
    out.push(states > 10 ? row : row.join(''));
  }
  return out;
}
export function fromRows(rows, cols, list) {
  const out = new Uint8Array(rows * cols);
  list.forEach((s, r) => {
    if (Array.isArray(s)) s.forEach((v, c) => { out[r * cols + c] = v; });
    else for (let c = 0; c < cols; c++) out[r * cols + c] = s.charCodeAt(c) - 48;
  });
  return out;
}

// The core's answer as the page keeps it: { text (canonical), classic, topology, states, nbhd,
// self, target, offsets, holes (Uint8Array or null) }.
function keep(res) {
  const holes = res.holes ? fromRows(res.holes.length, res.holes[0].length, res.holes) : null;
  return { text: res.rules, classic: res.classic, topology: res.topology, states: res.states,
    nbhd: res.nbhd, self: res.self, target: res.target, offsets: res.offsets, holes };
}

// Parses a rules text (throws Error with the core's one-line message). Returns { rules, size
// (the holes' { rows, cols } or null), refusal (for rows x cols, or the holes' size), limits }.
export function parseRules(text, rows, cols) {
  const res = core.rules(text, rows === undefined ? {} : { rows, cols });
  if (res.graph) {
    throw localError('page.rules.graph', { text: text.trim() });
  }
  return { rules: keep(res), size: res.holes ? { rows: res.rows, cols: res.cols } : null,
    refusal: res.refusal, limits: res.limits };
}

export const classicRules = () => parseRules('').rules;
export const hasHoles = (r) => r.holes !== null && r.holes.includes(1);

// A rules text for the page's controls: every part written out (the core prints it canonically).
// A mask is written in the square box of its farthest offset; holes take the board's cols.
export function composeText(r, cols) {
  const parts = [r.topology, `states=${r.states}`];
  if (r.nbhd === 'mask') {
    const half = Math.max(0, ...r.offsets.flatMap(([dr, dc]) => [Math.abs(dr), Math.abs(dc)]));
    const set = new Set(r.offsets.map(([dr, dc]) => `${dr},${dc}`));
    const lines = [];
    for (let dr = -half; dr <= half; dr++) {
      let line = '';
      for (let dc = -half; dc <= half; dc++) line += set.has(`${dr},${dc}`) ? '1' : '0';
      lines.push(line);
    }
    parts.push(`nbhd=${lines.join('/')}`);
  } else {
    parts.push(`nbhd=${r.nbhd}`, `self=${r.self ? 1 : 0}`);
  }
  parts.push(`target=${r.target ? 'on' : 'off'}`);
  if (hasHoles(r)) parts.push(`holes=[${toRows(r.holes.length / cols, cols, r.holes).join('/')}]`);
  return parts.join(',');
}

// The rules with some parts changed (any of composeText's), parsed again by the core; throws
// Error with its message when they are not rules.
export function edit(r, change, cols) {
  return parseRules(composeText({ ...r, ...change }, cols)).rules;
}

// Why the core would refuse rules on a rows x cols board (holes of another size are dropped), or
// null.
export function refusal(r, rows, cols) {
  const holes = r.holes && r.holes.length === rows * cols ? r.holes : null;
  return parseRules(composeText({ ...r, holes }, cols), rows, cols).refusal;
}

// The cells a press of (r, c) changes: [[index, amount], ...].
export function pressCells(rules, rows, cols, r, c) {
  return core.press(rules.text, rows, cols, r, c).cells;
}

// lights += times presses of (r, c), mod K.
export function press(rules, rows, cols, lights, r, c, times = 1) {
  const k = rules.states;
  for (const [i, a] of pressCells(rules, rows, cols, r, c)) lights[i] = (lights[i] + a * times) % k;
}

// The lights after the presses (one value per cell each), as a new Uint8Array.
export function applyPresses(rules, rows, cols, lights, presses) {
  const k = rules.states;
  const res = core.apply(toRows(rows, cols, lights, k), toRows(rows, cols, presses, k), { rules: rules.text });
  return fromRows(rows, cols, res.lights);
}

// A random solvable board that is not at its goal (where it can be); a given seed gives the same
// board on every machine.
export function randomBoard(rules, rows, cols, seed = Math.floor(Math.random() * 2 ** 32)) {
  return fromRows(rows, cols, core.random(rows, cols, { rules: rules.text, seed }).lights);
}

// A board read from text by the core, in the formats the CLI reads (rows of 0/1 or ./#, plain
// PBM, judge rows of values 0..K-1, the first puzzle of count-first judge text): { rows, cols,
// values, note (which puzzle of how many, as a message made in the page's locale, or '') };
// throws Error with the core's one-line message.
export function parseBoard(text, states) {
  const res = core.board(text, { states });
  const note = res.puzzles > 1 ? () => t('page.text.puzzleOf', { i: 1, n: res.puzzles }) : '';
  return { rows: res.rows, cols: res.cols, values: fromRows(res.rows, res.cols, res.lights), note };
}

// The value every cell must reach.
export const targetValue = (rules) => (rules.target ? rules.states - 1 : 0);

// True when every existing cell shows the target.
export function isSolved(rules, lights) {
  const t = targetValue(rules), holes = rules.holes;
  for (let i = 0; i < lights.length; i++) if (lights[i] !== t && !(holes && holes[i])) return false;
  return true;
}
