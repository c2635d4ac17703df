// Lights Out playground: the page's state, its controls and the board. The core, in WebAssembly,
// does the rest: the rules, presses and random boards in the page's thread (core.js), solving in
// a Web Worker (backend.js).
import * as R from './core.js';
import { makeBackend } from './backend.js';
import { BoardView } from './board-view.js';
import { rulesPanel } from './rules-panel.js';
import { Chase, plural } from './chase.js';
import * as facts from './facts.js';
import * as i18n from './i18n.js';
import * as share from './share.js';
import { registerOffline, coreFailed } from './offline.js';

const $ = (id) => document.getElementById(id);
// The locale first, so every string below is made in it; the picker switches it and keeps it.
i18n.setLocale(i18n.preferredLocale(), { keep: false });
for (const [code, name] of Object.entries(i18n.LOCALE_NAMES)) $('locale').append(new Option(name, code));
$('locale').value = i18n.locale();
$('locale').addEventListener('change', (e) => i18n.setLocale(e.target.value));
const backendReady = Promise.resolve(makeBackend()).then((b) => {
  $('backend-note').textContent = `Solving: ${b.where}.`;
  return b;
});
registerOffline();
try { await R.start(); } catch (e) { coreFailed(e); throw e; }
// The core's limits for the page (light chasing is offered up to max_chase_cells).
const LIMITS = R.parseRules('').limits;
const UNDO_CELLS = 8e6;  // undo keeps at most this many cells of boards

const state = {
  rows: 5, cols: 6, rules: R.classicRules(), lights: new Uint8Array(30),
  presses: null,        // the solution on show (presses per button), or null
  hint: -1, fix: null,  // hinted cell; lights to toggle to make the board solvable
  moves: 0, undo: [], redo: [], cursor: 0, focused: false,
  played: null,         // the player's presses since the board was set (share.js), for links
  chase: null, animation: null,
  analysis: null,       // { key, res } of the last solve
  requestId: 0, infoId: 0,
};
const mode = () => document.querySelector('input[name=mode]:checked').value;
const cells = () => state.rows * state.cols;
const text = () => state.rules.text;
const board = () => ({ rows: state.rows, cols: state.cols, states: state.rules.states, rulesText: text(),
  lights: state.lights, holes: state.rules.holes });
const boardKey = () => `${state.rows}x${state.cols}|${text()}|${state.lights.join('')}`;
const where = (i) => `row ${Math.floor(i / state.cols) + 1}, column ${(i % state.cols) + 1}`;
// Why the core would refuse these rules on this size (its limits and work estimate), or null.
const refusedFor = (rows, cols, rules) => R.refusal(rules, rows, cols);

function setStatus(message, kind = '') {
  $('status').textContent = message;
  $('status').className = kind;
}

// --- drawing -----------------------------------------------------------------------------
const view = new BoardView($('board'), {
  cell: (r, c) => cellAction(r, c),
  paints: () => mode() !== 'play',
  paint: (r, c, first) => paint(r, c, first),
  paintDone: () => { if (paintValue >= 0) { changed(); loadInfo(); } },
});

function draw(over = null) {
  const m = {
    lights: over?.lights ?? state.lights, holes: state.rules.holes, states: state.rules.states,
    presses: over ? null : state.presses, hint: over ? -1 : state.hint, fix: over ? null : state.fix,
    cursor: state.cursor, focused: state.focused,
    chaseRow: over?.row ?? -1, chasePresses: over?.presses ?? null,
  };
  view.draw(m);
  const cv = $('board');
  const t = R.targetValue(state.rules);
  let lit = 0, marks = 0, fix = 0;
  for (let i = 0; i < m.lights.length; i++) {
    if (m.lights[i] !== 0 && !(m.holes && m.holes[i])) lit++;
    if (m.presses && m.presses[i]) marks++;
    if (m.fix && m.fix[i]) fix++;
  }
  Object.assign(cv.dataset, { rows: state.rows, cols: state.cols, lit, marks, fix, hint: m.hint });
  const left = m.lights.length - (state.rules.holes ? state.rules.holes.reduce((a, b) => a + b, 0) : 0);
  const off = R.isSolved(state.rules, m.lights) ? 'every cell at the goal' : `${plural(lit, 'cell')} not at 0`;
  cv.setAttribute('aria-label', `${state.rows} by ${state.cols} board, ${plural(left, 'cell')}, ${off}` +
    (t ? '' : '') + (marks ? `, ${plural(marks, 'button')} marked to press` : '') +
    (state.focused ? `; cursor at ${where(state.cursor)}, value ${m.lights[state.cursor]}` : ''));
  $('moves').textContent = String(state.moves);
  $('undo').disabled = !state.undo.length || !!state.chase;
  $('redo').disabled = !state.redo.length || !!state.chase;
  $('fix').hidden = !state.fix;
}

// --- history: every change of board, size or rules can be undone -------------------------
const snapshot = () => ({ rows: state.rows, cols: state.cols, rules: state.rules,
  lights: state.lights.slice(), moves: state.moves, played: state.played });
function restore(s) {
  const resized = s.rows !== state.rows || s.cols !== state.cols;
  Object.assign(state, { rows: s.rows, cols: s.cols, rules: s.rules, lights: s.lights, moves: s.moves, played: s.played });
  clearMarks();
  if (resized) { state.cursor = 0; sizeWrap(); view.setBoard(s.rows, s.cols); }
  syncControls();
}
function remember() {
  state.undo.push(snapshot());
  state.redo = [];
  let total = 0;
  for (let i = state.undo.length - 1; i >= 0; i--) {
    total += state.undo[i].lights.length;
    if (total > UNDO_CELLS || state.undo.length - i > 500) { state.undo.splice(0, i + 1); break; }
  }
}
function undo() { finishAnimation(); if (!state.undo.length) return; state.redo.push(snapshot()); restore(state.undo.pop()); changed(); loadInfo(); }
function redo() { finishAnimation(); if (!state.redo.length) return; state.undo.push(snapshot()); restore(state.redo.pop()); changed(); loadInfo(); }

function clearMarks() { state.presses = null; state.hint = -1; state.fix = null; }

// --- moves -------------------------------------------------------------------------------
function cellAction(r, c) {
  if (state.chase) return;
  finishAnimation();
  const i = r * state.cols + c;
  state.cursor = i;
  const m = mode();
  if (m === 'holes') {
    if (paint(r, c, true)) { changed(); loadInfo(); }
    return;
  }
  if (state.rules.holes && state.rules.holes[i]) { setStatus('That is a hole: there is no light there.'); return; }
  remember();
  state.hint = -1;
  if (m === 'play') {
    const played = share.pressing(state.played, board());
    R.press(state.rules, state.rows, state.cols, state.lights, r, c);
    state.played = share.pressed(played, i, state.lights, state.rules.states);
    state.moves++;
    // The solution on show stays one: the old presses less this one.
    if (state.presses) state.presses[i] = (state.presses[i] + state.rules.states - 1) % state.rules.states;
    state.fix = null;
    changed();
  } else {
    state.lights[i] = (state.lights[i] + 1) % state.rules.states;
    const showing = state.presses !== null;
    clearMarks();
    changed({ resolve: showing });
  }
}

// Edit or holes mode, also while dragging: `first` sets what the drag paints.
let paintValue = 0;
function paint(r, c, first) {
  const i = r * state.cols + c;
  if (mode() === 'holes') {
    const holes = state.rules.holes ?? new Uint8Array(cells());
    if (first) {
      paintValue = holes[i] ? 0 : 1;
      const one = new Uint8Array(cells());
      one[i] = 1;
      const why = paintValue && refusedFor(state.rows, state.cols, { ...state.rules, holes: one });
      if (why) {
        setStatus(`Holes are refused here: ${why}.`, 'warn');
        paintValue = -1;
        return false;
      }
      remember();
    }
    if (paintValue < 0 || holes[i] === paintValue) return paintValue >= 0;
    const next = holes.slice();
    next[i] = paintValue;
    state.rules = R.edit(state.rules, { holes: next }, state.cols);
    state.lights[i] = 0;
    clearMarks();
    syncControls();
  } else {
    if (first) { remember(); paintValue = state.lights[i] ? 0 : 1; clearMarks(); }
    if (state.rules.holes && state.rules.holes[i]) return true;
    state.lights[i] = paintValue ? Math.max(1, state.lights[i]) : 0;
  }
  draw();
  return true;
}

// After any change: redraw, say whether it is solved, analyse again.
function changed({ resolve = false } = {}) {
  draw();
  links.changed();
  if (R.isSolved(state.rules, state.lights)) {
    if (state.moves > 0) setStatus(`Solved in ${plural(state.moves, 'move')}!`, 'won');
    else setStatus(state.rules.target ? 'Every light is fully on: this is the goal.' : 'All lights are off.');
  } else setStatus('');
  analyse(resolve);
}

// --- back end ----------------------------------------------------------------------------
let analyseTimer = 0;
function analyse(resolve = false) {
  clearTimeout(analyseTimer);
  facts.pending();
  const id = ++state.requestId;
  analyseTimer = setTimeout(async () => {
    try {
      const res = await solveNow();
      if (id !== state.requestId) return;
      if (resolve && res.solvable) { state.presses = res.presses; draw(); }
    } catch (e) {
      if (id === state.requestId) facts.failed(e.message);
    }
  }, cells() > 100000 ? 400 : 120);
}

// The solve of the board as it is now (cached by content).
async function solveNow() {
  const key = boardKey();
  if (state.analysis?.key === key) { facts.showSolve(state.analysis.res); return state.analysis.res; }
  const res = await (await backendReady).solve(board(), cells() <= 10000);
  if (boardKey() === key) { state.analysis = { key, res }; facts.showSolve(res); }
  return res;
}

let infoFor = '';
async function loadInfo() {
  const key = `${state.rows}x${state.cols}|${text()}`;
  if (key === infoFor) return;
  infoFor = key;
  const id = ++state.infoId;
  facts.infoPending();
  try {
    const info = await (await backendReady).info(state.rows, state.cols, text());
    if (id === state.infoId) facts.showInfo(info, state.rows, state.cols, state.rules.states, state.rules.holes);
  } catch (e) {
    if (id === state.infoId) { facts.infoFailed(e.message); infoFor = ''; }
  }
}

// The fewest lights to change so that the board becomes solvable (the core's search), or a reason.
async function findFix() {
  let fix;
  try { fix = await (await backendReady).fix(board()); } catch (e) { return { reason: e.message }; }
  if (!fix.changes) return { reason: fix.reason };
  const first = fix.changes.findIndex((v) => v > 0);
  return { marks: fix.changes, count: fix.count, exact: fix.exact, first, by: fix.changes[first] };
}

function fixSentence(fix) {
  return `${fix.exact ? 'The fewest' : 'A few'} lights to change to make it solvable: ${fix.count} (marked ✕). ` +
    '“Make solvable” changes them, or use Edit one light.';
}

async function solve() {
  finishAnimation();
  try {
    const res = await solveNow();
    clearMarks();
    if (!res.solvable) {
      const fix = await findFix();
      state.fix = fix.marks ?? null;
      draw();
      setStatus(`This board has no solution. ${fix.marks ? fixSentence(fix) : `(${fix.reason}.)`}`, 'warn');
      return;
    }
    state.presses = res.presses;
    draw();
    const n = res.press_count;
    setStatus(n === 0 ? 'Nothing to press: the board is already at the goal.'
      : `Press the ${n === 1 ? 'marked button' : `${n.toLocaleString('en')} marked buttons`}${fewestNote(res)}` +
        (state.rules.states > 2 ? '; a number says how many times.' : '.'));
  } catch (e) { setStatus(`Solve failed: ${e.message}.`, 'warn'); }
}

// How sure the answer is of being the fewest: proven, or the proven lower bound the search reached.
function fewestNote(res) {
  if (res.minimal_proven) return ' (the fewest possible)';
  if (res.minimal) return ` (the fewest found; not proven: at least ${res.minimal_lower_bound.toLocaleString('en')} needed)`;
  return '';
}

async function hint() {
  finishAnimation();
  try {
    const res = await solveNow();
    if (!res.solvable) {
      const fix = await findFix();
      if (!fix.marks) { setStatus(`This board has no solution, and no hint: ${fix.reason}.`, 'warn'); return; }
      state.fix = fix.marks; state.hint = fix.first; state.presses = null;
      draw();
      const which = fix.count === 1 ? 'the one light that does it' : `one of the ${fix.count} ${fix.exact ? 'fewest' : 'marked'}`;
      const by = state.rules.states > 2 ? ` by +${fix.by}` : '';
      setStatus(`Hint: this board cannot be solved as it is. Change the light at ${where(fix.first)}${by} first ` +
        `(${which}, marked ✕; Edit one light or “Make solvable”).`, 'warn');
      return;
    }
    const presses = state.presses ?? res.presses;
    const i = presses.findIndex((v) => v > 0);
    if (i < 0) { setStatus('Nothing to press: the board is already at the goal.'); return; }
    state.hint = i;
    draw();
    setStatus(`Hint: press ${where(i)}.`);
  } catch (e) { setStatus(`Hint failed: ${e.message}.`, 'warn'); }
}

function makeSolvable() {
  if (!state.fix) return;
  remember();
  let n = 0;
  for (let i = 0; i < state.fix.length; i++) {
    if (state.fix[i]) { state.lights[i] = (state.lights[i] + state.fix[i]) % state.rules.states; n++; }
  }
  clearMarks();
  changed();
  setStatus(`Changed ${plural(n, 'light')}: the board is solvable now.`);
}

// --- apply the solution: animated (about two seconds at most) or at once ------------------
async function applySolution(animated) {
  finishAnimation();
  let presses = state.presses;
  if (!presses) {
    try {
      const res = await solveNow();
      if (!res.solvable) { await solve(); return; }
      presses = res.presses;
    } catch (e) { setStatus(`Solve failed: ${e.message}.`, 'warn'); return; }
  }
  const todo = [];
  for (let i = 0; i < presses.length; i++) if (presses[i]) todo.push(i);
  if (!todo.length) { setStatus('Nothing to press: the board is already at the goal.'); return; }
  remember();
  state.presses = presses.slice(); state.hint = -1; state.fix = null;
  const total = todo.reduce((n, i) => n + presses[i], 0);
  // The presses of these buttons, applied by the core at once.
  const pressSome = (list) => {
    const batch = new Uint8Array(cells());
    for (const i of list) { batch[i] = state.presses[i]; state.moves += state.presses[i]; state.presses[i] = 0; }
    state.lights = R.applyPresses(state.rules, state.rows, state.cols, state.lights, batch);
  };
  const finish = () => {
    state.animation = null; state.presses = null;
    changed();
    setStatus(`Applied the solution: ${plural(total, 'press')}.`, 'won');
  };
  if (!animated) { pressSome(todo); finish(); return; }
  const perTick = Math.ceil(todo.length / 40);
  const anim = { todo, next: 0, timer: 0, finish: () => { clearTimeout(anim.timer); pressSome(todo.slice(anim.next)); finish(); } };
  state.animation = anim;
  setStatus(`Applying the solution: ${plural(total, 'press')}…`);
  const tick = () => {
    pressSome(todo.slice(anim.next, anim.next + perTick));
    anim.next = Math.min(todo.length, anim.next + perTick);
    draw();
    if (anim.next < todo.length) anim.timer = setTimeout(tick, Math.min(220, 2400 / todo.length * perTick));
    else finish();
  };
  anim.timer = setTimeout(tick, 60);
}
function finishAnimation() { state.animation?.finish(); }

// --- board-wide commands -----------------------------------------------------------------
// A new size (and optionally lights and rules). Refused, with a message, beyond the limits.
function resize(rows, cols, values = null, rules = null) {
  if (!(Number.isInteger(rows) && Number.isInteger(cols)) || rows < 1 || cols < 1) {
    setStatus('Rows and columns must be whole numbers from 1.', 'warn'); syncControls(); return false;
  }
  // Holes fit one size: a new size drops them (unless the new rules bring their own).
  let next = rules ?? state.rules;
  if (next.holes && next.holes.length !== rows * cols) next = R.edit(next, { holes: null }, cols);
  const why = refusedFor(rows, cols, next);
  if (why) {
    setStatus(`Refused: ${why}.`, 'warn');
    syncControls(); return false;
  }
  stopChase(); finishAnimation();
  remember();
  Object.assign(state, { rows, cols, rules: next, lights: values ?? new Uint8Array(rows * cols), moves: 0, cursor: 0 });
  clearMarks();
  sizeWrap();
  view.setBoard(rows, cols);
  syncControls();
  changed();
  loadInfo();
  return true;
}

// New rules on the same board: the lights are kept (clamped to the states).
function setRules(rules, message = '') {
  const why = refusedFor(state.rows, state.cols, rules);
  if (why) {
    setStatus(`These rules are refused: ${why}. Make the board smaller first.`, 'warn');
    syncControls(); return;
  }
  stopChase(); finishAnimation();
  remember();
  state.rules = rules;
  state.lights = state.lights.map((v, i) => (rules.holes && rules.holes[i] ? 0 : Math.min(v, rules.states - 1)));
  clearMarks();
  syncControls();
  changed();
  loadInfo();
  if (message) setStatus(message);
}

// A random solvable board (the core's: random presses from the goal).
const randomBoard = (rows, cols, rules) => R.randomBoard(rules, rows, cols);
function randomSolvable() {
  finishAnimation(); stopChase();
  remember();
  state.lights = randomBoard(state.rows, state.cols, state.rules);
  state.moves = 0;
  clearMarks();
  changed();
  setStatus('A random board, solvable by construction.');
}
function clearBoard() {
  finishAnimation(); stopChase();
  remember();
  state.lights = new Uint8Array(cells());
  state.moves = 0;
  clearMarks();
  changed();
}

// --- text --------------------------------------------------------------------------------
function loadText() {
  let parsed;
  try { parsed = R.parseBoard($('board-text').value, state.rules.states); }
  catch (e) { setStatus(e.message, 'warn'); return; }
  const { rows, cols, values, note } = parsed;
  const same = rows === state.rows && cols === state.cols;
  if (resize(rows, cols, values, state.rules)) {
    setStatus(`Loaded a ${rows} × ${cols} board${note}${same ? '' : ''}. Undo brings the previous one back.`);
  }
}
function boardText() {
  const out = [];
  for (let r = 0; r < state.rows; r++) out.push(Array.from(state.lights.subarray(r * state.cols, (r + 1) * state.cols)).join(' '));
  return out.join('\n') + '\n';
}
async function copyText() {
  const t = boardText();
  $('board-text').value = t;
  try { await navigator.clipboard.writeText(t); setStatus('Board copied as judge text.'); }
  catch { $('board-text').select(); setStatus('The board text is in the box (the clipboard is not available).'); }
}

// --- controls ----------------------------------------------------------------------------
const showRules = rulesPanel({
  rules: () => state.rules, rows: () => state.rows, cols: () => state.cols,
  setRules: (rules, message) => setRules(rules, message), resize: (...a) => resize(...a),
  setStatus, sync: () => syncControls(),
});

function syncControls() {
  $('rows').value = state.rows; $('cols').value = state.cols;
  showRules(state.rules);
  $('watch').disabled = !state.rules.classic || cells() > LIMITS.max_chase_cells;
}

const links = share.sharePanel({
  puzzle: () => ({ rows: state.rows, cols: state.cols, rules: state.rules, lights: state.lights,
    moves: state.moves, played: state.played }),
  resize: (...a) => resize(...a), boardText, setStatus,
  forgetHistory: () => { state.undo = []; state.redo = []; },
  // The player's presses on the board just set: one undo step back to the puzzle without them.
  setProgress: ({ lights, moves, played }) => {
    if (lights) { remember(); state.lights = lights; }
    Object.assign(state, { moves, played });
    clearMarks();
    changed();
  },
});

// --- chase -------------------------------------------------------------------------------
async function watch() {
  finishAnimation();
  let trace;
  try { trace = await (await backendReady).chase(board()); } catch (e) { setStatus(`Cannot animate: ${e.message}.`, 'warn'); return; }
  state.chase = new Chase(trace, state.cols, (lights, row, presses) => {
    if (lights === null) draw(); else draw({ lights, row, presses });
  });
  draw({ lights: state.lights, row: -1, presses: null });
}
function stopChase() {
  if (!state.chase) return;
  const c = state.chase;
  state.chase = null;
  c.stop();
}

// --- wiring ------------------------------------------------------------------------------
$('size-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const rows = Number($('rows').value), cols = Number($('cols').value);
  if (resize(rows, cols)) setStatus(`A ${rows} × ${cols} board. Undo brings the previous one back.`);
});
$('preset-judge').addEventListener('click', () => resize(5, 6));
$('preset-classic').addEventListener('click', () => resize(5, 5));
$('random').addEventListener('click', randomSolvable);
$('clear').addEventListener('click', clearBoard);
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('solve').addEventListener('click', solve);
$('hint').addEventListener('click', hint);
$('apply').addEventListener('click', () => applySolution(true));
$('apply-now').addEventListener('click', () => applySolution(false));
$('fix').addEventListener('click', makeSolvable);
$('watch').addEventListener('click', watch);
$('paste').addEventListener('click', loadText);
$('copy').addEventListener('click', copyText);
$('chase-close').addEventListener('click', stopChase);
$('chase-step').addEventListener('click', () => state.chase?.step());
$('chase-pause').addEventListener('click', () => state.chase?.togglePause());
$('zoom-in').addEventListener('click', () => view.zoomBy(1.6));
$('zoom-out').addEventListener('click', () => view.zoomBy(1 / 1.6));
$('zoom-fit').addEventListener('click', () => view.fit());

const canvas = $('board');
// The cursor shows for keyboard focus, not after a click.
canvas.addEventListener('focus', () => { state.focused = canvas.matches(':focus-visible'); draw(); });
canvas.addEventListener('blur', () => { state.focused = false; draw(); });
canvas.addEventListener('keydown', (e) => {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  let r = Math.floor(state.cursor / state.cols), c = state.cursor % state.cols;
  state.focused = true;
  if (moves[e.key]) {
    e.preventDefault();
    r = Math.max(0, Math.min(state.rows - 1, r + moves[e.key][0]));
    c = Math.max(0, Math.min(state.cols - 1, c + moves[e.key][1]));
    state.cursor = r * state.cols + c;
    view.reveal(state.cursor);
    draw();
  } else if (e.key === ' ' || e.key === 'Enter') {
    e.preventDefault();
    cellAction(r, c);
  } else if (e.key === '+' || e.key === '=') view.zoomBy(1.6);
  else if (e.key === '-') view.zoomBy(1 / 1.6);
  else if (e.key === '0') view.fit();
});
document.addEventListener('keydown', (e) => {
  if (e.target.matches('input, textarea, select')) return;
  const key = e.key.toLowerCase();
  if ((e.ctrlKey || e.metaKey) && key === 'z') { e.preventDefault(); if (e.shiftKey) redo(); else undo(); }
  else if ((e.ctrlKey || e.metaKey) && key === 'y') { e.preventDefault(); redo(); }
});
// The board's box: as tall as the board's shape asks, within most of the window's height.
function sizeWrap() {
  const wrap = $('board-wrap');
  const short = window.innerHeight < 520;
  // On a phone on its side the game buttons stay in view below the board.
  const maxH = short ? window.innerHeight - 130 : Math.min(window.innerHeight * 0.72, 736);
  const h = Math.max(160, Math.min(maxH, wrap.clientWidth * state.rows / state.cols));
  wrap.style.height = `${Math.round(h)}px`;
}
new ResizeObserver(() => { sizeWrap(); view.resize(); }).observe($('board-wrap'));

// Tests read the state and click cells through this.
window.__lightsout = {
  cellCenter: (r, c) => { const b = view.cellRect(r, c); return { x: b.x + b.size / 2, y: b.y + b.size / 2 }; },
  lights: () => Array.from(state.lights),
  presses: () => state.presses && Array.from(state.presses),
  rulesText: text,
  busy: () => !!state.animation,
  backend: async () => (await backendReady).where,
};

// Small screens start with the long panels folded.
if (window.matchMedia('(max-width: 700px), (max-height: 520px)').matches) {
  for (const id of ['rules-panel', 'text-panel', 'facts-panel']) $(id).open = false;
}
// Open on the link's puzzle, else the kept one, else a random solvable 5 x 6; nothing to undo.
sizeWrap();
view.setBoard(state.rows, state.cols);
links.start(() => {
  state.lights = randomBoard(state.rows, state.cols, state.rules);
  syncControls();
  changed();
  setStatus('A random solvable puzzle: press the lights to turn them all off.');
});
loadInfo();
