// The game's puzzles as data: the daily puzzle's size and rules by weekday, the levels, and the
// seeds that make each one the same board on every machine (no Math.random, no clock but the date).

// The daily puzzle by weekday (Date.getDay(): 0 is Sunday). Small classic boards early in the
// week, growing to 7 x 7 by Friday, then the variants at the weekend: a 6 x 6 torus (every edge
// wraps) on Saturday and a 5 x 5 torus with three states on Sunday. Each is small enough that
// the core proves the fewest presses in milliseconds, so every daily puzzle has a proven par.
export const DAILY = [
  { rows: 5, cols: 5, rules: 'torus,states=3' },  // Sunday
  { rows: 4, cols: 4, rules: '' },                // Monday
  { rows: 5, cols: 5, rules: '' },                // Tuesday: the classic
  { rows: 5, cols: 6, rules: '' },                // Wednesday: the judge's 5 x 6
  { rows: 6, cols: 6, rules: '' },                // Thursday
  { rows: 7, cols: 7, rules: '' },                // Friday
  { rows: 6, cols: 6, rules: 'torus' },           // Saturday
];

// The levels, from small to gentle-hard: the first ones are a few presses away (`presses`: that
// many distinct buttons pressed on a dark board), then random boards of the classic game growing,
// then a torus, then three states.
export const LEVELS = [
  { rows: 3, cols: 3, rules: '', presses: 1 },
  { rows: 3, cols: 3, rules: '', presses: 2 },
  { rows: 3, cols: 3, rules: '', presses: 3 },
  { rows: 4, cols: 4, rules: '', presses: 3 },
  { rows: 5, cols: 5, rules: '', presses: 4 },
  { rows: 5, cols: 5, rules: '' },
  { rows: 5, cols: 6, rules: '' },
  { rows: 7, cols: 7, rules: '' },
  { rows: 6, cols: 6, rules: 'torus' },
  { rows: 4, cols: 4, rules: 'states=3' },
  { rows: 5, cols: 5, rules: 'torus,states=3' },
];

// `count` distinct cells of `cells`, chosen by a small PRNG (mulberry32) from `seed`.
export function pickCells(cells, count, seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const order = Array.from({ length: cells }, (_, i) => i);
  for (let i = 0; i < Math.min(count, cells); i++) {
    const j = i + Math.floor(next() * (cells - i));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.slice(0, Math.min(count, cells));
}

// The local calendar date of `when` as YYYY-MM-DD (the player's own day, not UTC's).
export function localDate(when = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`;
}

// A 32-bit seed from a text (FNV-1a): the same text gives the same seed everywhere.
export function seedOf(text) {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

// The daily puzzle of a date: { date, rows, cols, rules (text), seed }. The weekday is read from
// the date itself, so the puzzle depends on nothing but the YYYY-MM-DD text.
export function dailyPuzzle(date) {
  const [y, m, d] = date.split('-').map(Number);
  const spec = DAILY[new Date(y, m - 1, d).getDay()];
  return { date, ...spec, seed: seedOf(`lightsout daily ${date}`) };
}

// Puzzle number `k` (0, 1, ...) of level index `i`: { level, rows, cols, rules, seed }.
export function levelPuzzle(i, k) {
  return { level: i, ...LEVELS[i], seed: seedOf(`lightsout level ${i + 1} puzzle ${k}`) };
}
