// Rules of a Lights Out variant in the page: the rules text (parse, canonical form) and presses.
// Mirrors include/lightsout/rules_text.hpp and the core's build_press_system.

export const MIN_STATES = 2;
export const MAX_STATES = 255;
export const MAX_MASK_SIDE = 63;
export const NAMED = ['plus', 'x', 'square', 'knight', 'rowcol'];
export const TOPOLOGIES = ['plane', 'torus', 'cylinder'];

// The offsets [dr, dc] of a named neighbourhood, the button itself included, row-major.
export function namedOffsets(name) {
  switch (name) {
    case 'plus': return [[-1, 0], [0, -1], [0, 0], [0, 1], [1, 0]];
    case 'x': return [[-1, -1], [-1, 1], [0, 0], [1, -1], [1, 1]];
    case 'square': {
      const out = [];
      for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) out.push([dr, dc]);
      return out;
    }
    case 'knight':
      return [[-2, -1], [-2, 1], [-1, -2], [-1, 2], [0, 0], [1, -2], [1, 2], [2, -1], [2, 1]];
    default: return [];
  }
}

const byRowMajor = (a, b) => a[0] - b[0] || a[1] - b[1];
const hasCentre = (offsets) => offsets.some(([dr, dc]) => dr === 0 && dc === 0);

// The classic game.
export function classicRules() {
  return { topology: 'plane', states: 2, nbhd: 'plus', offsets: namedOffsets('plus'), self: true,
    target: false, holes: null };
}

export function cloneRules(r) {
  return { ...r, offsets: r.offsets.map((o) => [...o]), holes: r.holes && r.holes.slice() };
}

export const hasHoles = (r) => r.holes !== null && r.holes.includes(1);

export function isClassic(r) {
  return r.topology === 'plane' && r.states === 2 && r.nbhd === 'plus' && r.self && !r.target &&
    !hasHoles(r);
}

// Named neighbourhood with the centre following `self`; a mask keeps its own offsets.
export function withNeighbourhood(r, nbhd, maskOffsets = null) {
  const out = cloneRules(r);
  out.nbhd = nbhd;
  if (nbhd === 'mask') {
    out.offsets = maskOffsets.map((o) => [...o]).sort(byRowMajor);
    out.self = hasCentre(out.offsets);
  } else {
    out.offsets = namedOffsets(nbhd).filter(([dr, dc]) => out.self || dr !== 0 || dc !== 0);
  }
  return out;
}

export function withSelf(r, self) {
  const out = cloneRules(r);
  out.self = self;
  if (r.nbhd === 'mask') {
    out.offsets = out.offsets.filter(([dr, dc]) => dr !== 0 || dc !== 0);
    if (self) out.offsets.push([0, 0]);
    out.offsets.sort(byRowMajor);
  } else {
    out.offsets = namedOffsets(r.nbhd).filter(([dr, dc]) => self || dr !== 0 || dc !== 0);
  }
  return out;
}

// The mask in its smallest odd box, rows joined by '/' (the centre bit says `self`).
export function maskText(offsets) {
  let hr = 0, hc = 0;
  for (const [dr, dc] of offsets) { hr = Math.max(hr, Math.abs(dr)); hc = Math.max(hc, Math.abs(dc)); }
  const set = new Set(offsets.map(([dr, dc]) => `${dr},${dc}`));
  const rows = [];
  for (let dr = -hr; dr <= hr; dr++) {
    let s = '';
    for (let dc = -hc; dc <= hc; dc++) s += set.has(`${dr},${dc}`) ? '1' : '0';
    rows.push(s);
  }
  return rows.join('/');
}

// The canonical rules text, as the library's to_string prints it (holes need the board's cols).
export function rulesText(r, cols) {
  const parts = [r.topology];
  if (r.states !== 2) parts.push(`states=${r.states}`);
  if (r.nbhd === 'mask') parts.push(`nbhd=${maskText(r.offsets)}`);
  else if (r.nbhd !== 'plus') parts.push(`nbhd=${r.nbhd}`);
  if (!r.self && r.nbhd !== 'mask') parts.push('self=0');
  if (r.target) parts.push('target=on');
  if (hasHoles(r)) {
    const rows = [];
    for (let i = 0; i < r.holes.length; i += cols) rows.push(Array.from(r.holes.subarray(i, i + cols)).join(''));
    parts.push(`holes=[${rows.join('/')}]`);
  }
  return parts.join(',');
}

// The rules of the transposed press matrix (the mask turned half a turn): its quiet patterns are
// the conditions a solvable board meets.
export function transposedRules(r) {
  if (r.nbhd !== 'mask') return r;
  const out = cloneRules(r);
  out.offsets = r.offsets.map(([dr, dc]) => [-dr, -dc]).sort(byRowMajor);
  return out;
}

// Splits on commas outside [..]; a text without commas may use blanks between its tokens.
function tokens(text) {
  const out = [];
  let depth = 0, cur = '';
  const sep = text.includes(',') ? /,/ : /\s/;
  for (const ch of text) {
    if (ch === '[') depth++;
    if (ch === ']') depth = Math.max(0, depth - 1);
    if (depth === 0 && sep.test(ch)) { out.push(cur.trim()); cur = ''; } else cur += ch;
  }
  out.push(cur.trim());
  return sep.source === ',' ? out : out.filter((t) => t.length);
}

function parseMask(token, value) {
  const rows = value.split('/');
  const w = rows[0].length;
  if (rows.some((s) => s.length !== w) || w % 2 === 0) throw new Error(`rules: token '${token}': mask rows must have equal odd length`);
  if (rows.length % 2 === 0) throw new Error(`rules: token '${token}': a mask must have an odd number of rows`);
  if (rows.length > MAX_MASK_SIDE || w > MAX_MASK_SIDE) throw new Error(`rules: token '${token}': a mask is at most 63 x 63`);
  const hr = (rows.length - 1) / 2, hc = (w - 1) / 2, out = [];
  rows.forEach((s, i) => { for (let j = 0; j < w; j++) if (s[j] === '1') out.push([i - hr, j - hc]); });
  if (!out.length) throw new Error(`rules: token '${token}': the mask sets no cell`);
  return out;
}

function parseHoles(token, value) {
  const m = /^\[(.*)\]$/.exec(value);
  if (!m) throw new Error(`rules: token '${token}': the page takes holes inline, e.g. holes=[000/010/000]`);
  const rows = m[1].split('/');
  const w = rows[0].length;
  if (!w) throw new Error(`rules: token '${token}': the holes grid is empty`);
  if (rows.some((s) => s.length !== w)) throw new Error(`rules: token '${token}': every holes row needs ${w} cells`);
  if (rows.some((s) => /[^01.#]/.test(s))) throw new Error(`rules: token '${token}': holes are rows of 0/1 or ./#`);
  const cells = new Uint8Array(rows.length * w);
  rows.forEach((s, r) => { for (let c = 0; c < w; c++) cells[r * w + c] = s[c] === '1' || s[c] === '#' ? 1 : 0; });
  return { rows: rows.length, cols: w, cells };
}

// Parses rules text. Returns { rules, holesSize: {rows, cols} | null }; throws Error with a
// one-line message naming the token.
export function parseRules(text) {
  let r = classicRules();
  let holes = null;
  const seen = {};
  const once = (kind, token, what) => {
    if (seen[kind]) throw new Error(`rules: token '${token}': ${what} already given by '${seen[kind]}'`);
    seen[kind] = token;
  };
  const trimmed = text.trim();
  if (!trimmed) return { rules: r, holesSize: null };
  let nbhd = null, mask = null, self = null;
  for (const token of tokens(trimmed)) {
    if (!token) throw new Error("rules: token '': empty token (two commas in a row, or one at an end?)");
    const eq = token.indexOf('=');
    const key = eq < 0 ? token : token.slice(0, eq), value = eq < 0 ? '' : token.slice(eq + 1);
    if (eq < 0 && TOPOLOGIES.includes(key)) { once('topology', token, 'the topology is'); r.topology = key; }
    else if (key === 'states' && eq >= 0) {
      once('states', token, 'states are');
      const k = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
      if (!(k >= MIN_STATES && k <= MAX_STATES)) throw new Error(`rules: token '${token}': states must be an integer in 2..255`);
      r.states = k;
    } else if (key === 'nbhd' && eq >= 0) {
      once('nbhd', token, 'the neighbourhood is');
      if (NAMED.includes(value)) nbhd = value;
      else if (value && /^[01/]+$/.test(value)) { nbhd = 'mask'; mask = parseMask(token, value); }
      else throw new Error(`rules: token '${token}': unknown neighbourhood (expected plus, x, square, knight, rowcol or a mask like 010/111/010)`);
    } else if (key === 'self' && eq >= 0) {
      once('self', token, 'self is');
      if (value !== '0' && value !== '1') throw new Error(`rules: token '${token}': self must be 0 or 1`);
      self = value === '1';
    } else if (key === 'target' && eq >= 0) {
      once('target', token, 'the target is');
      if (value !== 'on' && value !== 'off') throw new Error(`rules: token '${token}': target must be on or off`);
      r.target = value === 'on';
    } else if (key === 'holes' && eq >= 0) {
      once('holes', token, 'holes are');
      holes = parseHoles(token, value);
    } else if (key === 'graph' && eq >= 0) {
      throw new Error(`rules: token '${token}': graphs are not drawn in the page (use lightsout solve --rules)`);
    } else {
      throw new Error(`rules: token '${token}': unknown token (expected plane, torus, cylinder, states=K, nbhd=..., self=0, target=on or holes=[...])`);
    }
  }
  if (nbhd === 'mask') {
    r = withNeighbourhood(r, 'mask', mask);
    if (self === false) r = withSelf(r, false);
    if (!r.offsets.length) throw new Error(`rules: token '${seen.self}': the neighbourhood would be empty`);
  } else {
    if (self === false) r.self = false;
    r = withNeighbourhood(r, nbhd ?? 'plus');
  }
  r.holes = holes ? holes.cells : null;
  return { rules: r, holesSize: holes ? { rows: holes.rows, cols: holes.cols } : null };
}

// The board indices one press of (r, c) reaches, with repeats (a wrap onto the same cell adds
// twice), holes left out. Pressing a hole does nothing.
export function touched(rules, rows, cols, r, c) {
  const holes = rules.holes;
  const out = [];
  if (holes && holes[r * cols + c]) return out;
  const push = (i) => { if (!holes || !holes[i]) out.push(i); };
  if (rules.nbhd === 'rowcol') {
    for (let cc = 0; cc < cols; cc++) if (cc !== c || rules.self) push(r * cols + cc);
    for (let rr = 0; rr < rows; rr++) if (rr !== r) push(rr * cols + c);
    return out;
  }
  const wrapRows = rules.topology === 'torus', wrapCols = rules.topology !== 'plane';
  for (const [dr, dc] of rules.offsets) {
    let rr = r + dr, cc = c + dc;
    if (wrapRows) rr = ((rr % rows) + rows) % rows; else if (rr < 0 || rr >= rows) continue;
    if (wrapCols) cc = ((cc % cols) + cols) % cols; else if (cc < 0 || cc >= cols) continue;
    push(rr * cols + cc);
  }
  return out;
}

// lights += times presses of (r, c), mod K.
export function press(rules, rows, cols, lights, r, c, times = 1) {
  const k = rules.states;
  for (const i of touched(rules, rows, cols, r, c)) lights[i] = (lights[i] + times) % k;
}

// The value every cell must reach.
export const targetValue = (rules) => (rules.target ? rules.states - 1 : 0);

// True when every existing cell shows the target.
export function isSolved(rules, lights) {
  const t = targetValue(rules), holes = rules.holes;
  for (let i = 0; i < lights.length; i++) if (lights[i] !== t && !(holes && holes[i])) return false;
  return true;
}
