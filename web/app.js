// Lights Out playground: the board in the browser, the solving on the server (/api/*).
const $ = (id) => document.getElementById(id);
const MAX_SIDE = 50;

const state = {
  rows: 5, cols: 6,
  lights: new Uint8Array(30),
  overlay: null,        // Uint8Array of presses that solve the current board, or null
  overlayMinimal: false,
  hint: -1,             // index of the hinted cell, or -1
  moves: 0,
  undo: [], redo: [],
  focus: 0,
  chase: null,          // running animation
  analysis: null,       // last /api/solve answer for the current board
  requestId: 0,
};

const mode = () => document.querySelector('input[name=mode]:checked').value;
const idx = (r, c) => r * state.cols + c;

function setStatus(text, won = false) {
  $('status').textContent = text;
  $('status').classList.toggle('won', won);
}

// --- API ---------------------------------------------------------------------------------
async function api(path, body) {
  const init = body === undefined ? {} : {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}
const lightRows = (cells = state.lights) => {
  const out = [];
  for (let r = 0; r < state.rows; r++) {
    let s = '';
    for (let c = 0; c < state.cols; c++) s += cells[idx(r, c)] ? '1' : '0';
    out.push(s);
  }
  return out;
};
const boardBody = (minimal = true) =>
  ({ rows: state.rows, cols: state.cols, lights: lightRows(), minimal });
const fromRows = (rows) => {
  const out = new Uint8Array(state.rows * state.cols);
  rows.forEach((s, r) => { for (let c = 0; c < s.length; c++) out[idx(r, c)] = s[c] === '1' ? 1 : 0; });
  return out;
};

// --- board rendering ---------------------------------------------------------------------
function buildBoard() {
  const board = $('board');
  board.replaceChildren();
  board.style.gridTemplateColumns = `repeat(${state.cols}, var(--cell))`;
  const frag = document.createDocumentFragment();
  for (let r = 0; r < state.rows; r++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.style.display = 'contents';
    for (let c = 0; c < state.cols; c++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'cell';
      b.dataset.r = r; b.dataset.c = c;
      b.setAttribute('role', 'gridcell');
      b.tabIndex = idx(r, c) === state.focus ? 0 : -1;
      row.append(b);
    }
    frag.append(row);
  }
  board.append(frag);
  fitCells();
  render();
}

function fitCells() {
  const wrap = $('board-wrap');
  const avail = Math.max(200, wrap.clientWidth - 12);
  const gapless = Math.floor(avail / (state.cols * 1.09));
  const cell = Math.max(9, Math.min(56, gapless, Math.floor(560 / state.rows) || 56));
  $('board').style.setProperty('--cell', `${cell}px`);
}

function render(display = state.lights, chaseRow = -1, chasePresses = null) {
  const cells = $('board').querySelectorAll('.cell');
  cells.forEach((b, i) => {
    const on = display[i] === 1;
    const r = Math.floor(i / state.cols) + 1, c = (i % state.cols) + 1;
    b.classList.toggle('on', on);
    const marked = !state.chase && state.overlay !== null && state.overlay[i] === 1;
    b.classList.toggle('mark', marked);
    b.classList.toggle('hint', !state.chase && state.hint === i);
    b.classList.toggle('chase', chasePresses !== null && chasePresses[i] === 1);
    b.classList.toggle('row-active', chaseRow >= 0 && Math.floor(i / state.cols) === chaseRow);
    b.setAttribute('aria-label',
      `row ${r} column ${c}, ${on ? 'on' : 'off'}${marked ? ', press this' : ''}${state.hint === i ? ', hint' : ''}`);
  });
  $('moves').textContent = String(state.moves);
  $('undo').disabled = state.undo.length === 0 || !!state.chase;
  $('redo').disabled = state.redo.length === 0 || !!state.chase;
  for (const id of ['solve', 'hint', 'random', 'clear', 'apply-size', 'preset-judge', 'preset-classic', 'paste', 'watch']) {
    $(id).disabled = !!state.chase;
  }
  $('board').classList.toggle('busy', !!state.chase);
}

// --- history -----------------------------------------------------------------------------
const snapshot = () => ({
  lights: state.lights.slice(), overlay: state.overlay && state.overlay.slice(),
  overlayMinimal: state.overlayMinimal, moves: state.moves,
});
function restore(s) {
  state.lights = s.lights; state.overlay = s.overlay; state.overlayMinimal = s.overlayMinimal;
  state.moves = s.moves;
}
function remember() { state.undo.push(snapshot()); if (state.undo.length > 500) state.undo.shift(); state.redo = []; }
function undo() { if (!state.undo.length) return; state.redo.push(snapshot()); restore(state.undo.pop()); changed(); }
function redo() { if (!state.redo.length) return; state.undo.push(snapshot()); restore(state.redo.pop()); changed(); }

// --- moves -------------------------------------------------------------------------------
function pressAt(lights, r, c) {
  const flip = (rr, cc) => { if (rr >= 0 && rr < state.rows && cc >= 0 && cc < state.cols) lights[idx(rr, cc)] ^= 1; };
  flip(r, c); flip(r - 1, c); flip(r + 1, c); flip(r, c - 1); flip(r, c + 1);
}

function cellClicked(r, c) {
  if (state.chase) return;
  remember();
  state.hint = -1;
  if (mode() === 'play') {
    pressAt(state.lights, r, c);
    state.moves++;
    // The overlay stays a solution: the new board is solved by the old presses plus this one.
    if (state.overlay) { state.overlay[idx(r, c)] ^= 1; state.overlayMinimal = false; }
    changed({ keepOverlay: true });
  } else {
    state.lights[idx(r, c)] ^= 1;
    changed({ refreshOverlay: state.overlay !== null });
  }
}

function changed({ keepOverlay = true, refreshOverlay = false } = {}) {
  if (!keepOverlay) state.overlay = null;
  render();
  const dark = state.lights.every((v) => v === 0);
  if (dark && state.moves > 0) setStatus(`Solved in ${state.moves} move${state.moves === 1 ? '' : 's'}!`, true);
  else if (dark) setStatus('All lights are off.');
  else setStatus('');
  analyse(refreshOverlay);
}

// Solve the current board (debounced) to fill the info panel, and re-draw the overlay if asked.
let analyseTimer = 0;
function analyse(refreshOverlay = false) {
  clearTimeout(analyseTimer);
  analyseTimer = setTimeout(async () => {
    const id = ++state.requestId;
    try {
      const res = await api('/api/solve', boardBody(true));
      if (id !== state.requestId) return;
      state.analysis = res;
      showAnalysis(res);
      if (refreshOverlay) {
        state.overlay = res.solvable ? fromRows(res.presses) : null;
        state.overlayMinimal = res.minimal_proven;
        render();
        if (!res.solvable) setStatus('This board has no solution.');
      }
    } catch (e) {
      if (id === state.requestId) setStatus(`Could not analyse: ${e.message}`);
    }
  }, 120);
}

function showAnalysis(res) {
  $('info-solvable').textContent = res.solvable ? 'yes' : 'no';
  $('info-presses').textContent = res.solvable
    ? `${res.press_count}${res.minimal_proven ? ' (proven fewest)' : ''}` : '—';
  $('info-nullity').textContent = String(res.nullity);
  $('info-solutions').textContent = res.solutions;
}

async function loadInfo() {
  try {
    const info = await api(`/api/info?size=${state.rows}x${state.cols}`);
    $('info-fraction').textContent = info.all_solvable
      ? 'all (one solution each)'
      : `1 in ${info.nullity < 31 ? 2 ** info.nullity : '2^' + info.nullity} (2^${info.solvable_log2})`;
    const quiet = $('quiet');
    quiet.replaceChildren();
    if (!info.kernel || info.kernel.length === 0) {
      quiet.textContent = info.kernel ? 'None: every board has exactly one solution.' : 'Too many to show.';
      return;
    }
    info.kernel.slice(0, 24).forEach((rows, k) => {
      const g = document.createElement('div');
      g.className = 'mini';
      const px = Math.max(2, Math.min(8, Math.floor(132 / Math.max(state.rows, state.cols))));
      g.style.setProperty('--q', `${px}px`);
      g.style.gridTemplateColumns = `repeat(${state.cols}, var(--q))`;
      g.setAttribute('role', 'img');
      g.setAttribute('aria-label', `quiet pattern ${k + 1}: ${rows.join(' ')}`);
      for (const s of rows) for (const ch of s) {
        const d = document.createElement('span');
        if (ch === '1') d.className = 'on';
        g.append(d);
      }
      quiet.append(g);
    });
    if (info.kernel.length > 24) quiet.append(`… and ${info.kernel.length - 24} more`);
  } catch (e) {
    $('info-fraction').textContent = `error: ${e.message}`;
  }
}

// --- commands ----------------------------------------------------------------------------
function resize(rows, cols, lights = null) {
  rows = Math.max(1, Math.min(MAX_SIDE, Math.trunc(rows) || 1));
  cols = Math.max(1, Math.min(MAX_SIDE, Math.trunc(cols) || 1));
  stopChase();
  Object.assign(state, {
    rows, cols, lights: lights ?? new Uint8Array(rows * cols), overlay: null, hint: -1,
    moves: 0, undo: [], redo: [], focus: 0,
  });
  $('rows').value = rows; $('cols').value = cols;
  buildBoard();
  loadInfo();
  changed();
}

async function solve() {
  try {
    const res = await api('/api/solve', boardBody(true));
    state.hint = -1;
    if (!res.solvable) { state.overlay = null; render(); setStatus('This board has no solution.'); return; }
    state.overlay = fromRows(res.presses);
    state.overlayMinimal = res.minimal_proven;
    render();
    setStatus(`Press the ${res.press_count} marked button${res.press_count === 1 ? '' : 's'}` +
      (res.minimal_proven ? ' (the fewest possible).' : '.'));
  } catch (e) { setStatus(`Solve failed: ${e.message}`); }
}

async function hint() {
  try {
    let presses = state.overlay;
    if (!presses) {
      const res = await api('/api/solve', boardBody(true));
      if (!res.solvable) { setStatus('This board has no solution, so there is no hint.'); return; }
      presses = fromRows(res.presses);
    }
    const i = presses.indexOf(1);
    if (i < 0) { setStatus('Nothing to press: the board is already dark.'); return; }
    state.hint = i;
    render();
    setStatus(`Hint: press row ${Math.floor(i / state.cols) + 1}, column ${(i % state.cols) + 1}.`);
  } catch (e) { setStatus(`Hint failed: ${e.message}`); }
}

function randomSolvable() {
  remember();
  const lights = new Uint8Array(state.rows * state.cols);
  for (let r = 0; r < state.rows; r++) for (let c = 0; c < state.cols; c++) if (Math.random() < 0.5) pressAt(lights, r, c);
  state.lights = lights; state.overlay = null; state.hint = -1; state.moves = 0;
  changed();
}

function clearBoard() {
  remember();
  state.lights = new Uint8Array(state.rows * state.cols); state.overlay = null; state.hint = -1; state.moves = 0;
  changed();
}

// --- judge text --------------------------------------------------------------------------
function boardText() {
  return lightRows().map((s) => s.split('').join(' ')).join('\n') + '\n';
}
function loadText() {
  const lines = $('board-text').value.split(/\r?\n/).map((l) => l.replace(/\s+/g, '')).filter((l) => l.length);
  if (!lines.length) { setStatus('Paste rows of 0 and 1 first.'); return; }
  const cols = lines[0].length;
  if (lines.some((l) => l.length !== cols)) { setStatus('Every row must have the same number of values.'); return; }
  if (lines.some((l) => /[^01]/.test(l))) { setStatus('Only 0 and 1 are allowed.'); return; }
  if (lines.length > MAX_SIDE || cols > MAX_SIDE) { setStatus(`Boards up to ${MAX_SIDE}×${MAX_SIDE} only.`); return; }
  const lights = new Uint8Array(lines.length * cols);
  lines.forEach((l, r) => { for (let c = 0; c < cols; c++) lights[r * cols + c] = l[c] === '1' ? 1 : 0; });
  resize(lines.length, cols, lights);
  setStatus(`Loaded a ${lines.length}×${cols} board.`);
}
async function copyText() {
  const text = boardText();
  $('board-text').value = text;
  try { await navigator.clipboard.writeText(text); setStatus('Board copied as judge text.'); }
  catch { $('board-text').select(); setStatus('Board text is in the box (clipboard not available).'); }
}

// --- watching the algorithm --------------------------------------------------------------
const colList = (cols) => {
  const names = cols.map((c) => c + 1);
  if (names.length <= 1) return `column ${names[0]}`;
  return `columns ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
};
const onesIn = (s) => [...s].flatMap((ch, c) => (ch === '1' ? [c] : []));

function stepSentence(trace, k) {
  const step = trace.steps[k];
  const presses = onesIn(step.presses);
  if (k === 0) {
    if (!trace.solvable) return 'Row 1: no choice of first-row presses can clear this board, so we press nothing and chase anyway to show what is left.';
    if (!presses.length) return 'Row 1: solving the small first-row system says the first row needs no presses for the chase to end dark.';
    return `Row 1: press ${colList(presses)}. These come from solving the small first-row system, chosen so that the chase below ends with a dark last row.`;
  }
  if (!presses.length) return `Row ${k + 1}: row ${k} is already dark, so nothing is pressed.`;
  return `Row ${k + 1}: row ${k} still has ${presses.length === 1 ? 'a light' : presses.length + ' lights'} on (${colList(presses)}); the only buttons that turn ${presses.length === 1 ? 'it' : 'them'} off without disturbing the rows above are directly below, so press them.`;
}

async function watch() {
  let trace;
  try { trace = await api('/api/chase', boardBody(true)); }
  catch (e) { setStatus(`Cannot animate: ${e.message}`); return; }
  const chase = { trace, k: -1, timer: 0, paused: false };
  state.chase = chase;
  $('chase-panel').hidden = false;
  $('chase-pause').textContent = 'Pause';
  $('chase-text').textContent = 'Light chasing: we go down the board one row at a time.';
  render();
  schedule();
}
function schedule() {
  const chase = state.chase;
  if (!chase || chase.paused) return;
  clearTimeout(chase.timer);
  chase.timer = setTimeout(() => { advance(); schedule(); }, Number($('chase-speed').value));
}
function advance() {
  const chase = state.chase;
  if (!chase) return;
  const { trace } = chase;
  if (chase.k >= trace.steps.length) return;
  chase.k++;
  if (chase.k < trace.steps.length) {
    const step = trace.steps[chase.k];
    const presses = new Uint8Array(state.rows * state.cols);
    for (let c = 0; c < state.cols; c++) presses[idx(chase.k, c)] = step.presses[c] === '1' ? 1 : 0;
    render(fromRows(step.lights), chase.k, presses);
    $('chase-text').textContent = stepSentence(trace, chase.k);
  } else {
    const last = trace.steps[trace.steps.length - 1];
    render(fromRows(last.lights), state.rows - 1, null);
    const left = onesIn(trace.last_row);
    $('chase-text').textContent = trace.dark
      ? `Last-row check: the bottom row is dark, so the whole board is off. Done in ${trace.steps.reduce((n, s) => n + onesIn(s.presses).length, 0)} presses.`
      : `Last-row check: ${left.length} light${left.length === 1 ? '' : 's'} remain in the bottom row (${colList(left)}) and nothing below can fix ${left.length === 1 ? 'it' : 'them'}: this board has no solution.`;
    $('chase-text').dataset.done = 'true';
    clearTimeout(chase.timer);
    chase.paused = true;
    $('chase-pause').textContent = 'Replay';
  }
}
function stopChase() {
  if (!state.chase) return;
  clearTimeout(state.chase.timer);
  state.chase = null;
  $('chase-panel').hidden = true;
  delete $('chase-text').dataset.done;
  render();
}

// --- wiring ------------------------------------------------------------------------------
function focusCell(i) {
  const cells = $('board').querySelectorAll('.cell');
  if (!cells[i]) return;
  cells[state.focus]?.setAttribute('tabindex', '-1');
  state.focus = i;
  cells[i].tabIndex = 0;
  cells[i].focus();
}

$('board').addEventListener('click', (e) => {
  const b = e.target.closest('.cell');
  if (!b) return;
  const r = Number(b.dataset.r), c = Number(b.dataset.c);
  state.focus = idx(r, c);
  cellClicked(r, c);
});
$('board').addEventListener('keydown', (e) => {
  const b = e.target.closest('.cell');
  if (!b) return;
  let r = Number(b.dataset.r), c = Number(b.dataset.c);
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    e.preventDefault();
    r = Math.max(0, Math.min(state.rows - 1, r + moves[e.key][0]));
    c = Math.max(0, Math.min(state.cols - 1, c + moves[e.key][1]));
    focusCell(idx(r, c));
  }
});
document.addEventListener('keydown', (e) => {
  if (e.target.matches('input, textarea, select')) return;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') { e.preventDefault(); if (e.shiftKey) redo(); else undo(); }
  else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'y') { e.preventDefault(); redo(); }
});
$('apply-size').addEventListener('click', () => resize(Number($('rows').value), Number($('cols').value)));
$('preset-judge').addEventListener('click', () => resize(5, 6));
$('preset-classic').addEventListener('click', () => resize(5, 5));
$('random').addEventListener('click', randomSolvable);
$('clear').addEventListener('click', clearBoard);
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('solve').addEventListener('click', solve);
$('hint').addEventListener('click', hint);
$('watch').addEventListener('click', watch);
$('paste').addEventListener('click', loadText);
$('copy').addEventListener('click', copyText);
$('chase-close').addEventListener('click', stopChase);
$('chase-step').addEventListener('click', () => {
  if (!state.chase) return;
  state.chase.paused = true; clearTimeout(state.chase.timer);
  $('chase-pause').textContent = 'Play';
  advance();
});
$('chase-pause').addEventListener('click', () => {
  const chase = state.chase;
  if (!chase) return;
  if (chase.k >= chase.trace.steps.length) {  // replay from the start
    chase.k = -1; delete $('chase-text').dataset.done; chase.paused = false;
  } else {
    chase.paused = !chase.paused;
  }
  $('chase-pause').textContent = chase.paused ? 'Play' : 'Pause';
  if (!chase.paused) schedule(); else clearTimeout(chase.timer);
});
window.addEventListener('resize', () => fitCells());

resize(5, 6);
