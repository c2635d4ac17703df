// Lights Out playground: the page's state, its controls and the board. The core, in WebAssembly,
// does the rest: the rules, presses and random boards in the page's thread (core.js), solving in
// a Web Worker (backend.js).
import * as R from './core.js';
import { makeBackend } from './backend.js';
import { BoardView } from './board-view.js';
import { rulesPanel } from './rules-panel.js';
import { initLearn, openLearn, closeLearn } from './learn.js';
import * as facts from './facts.js';
import * as i18n from './i18n.js';
import { t, tn } from './i18n.js';
import * as game from './game.js';
import * as share from './share.js';
import { registerOffline, coreFailed } from './offline.js';

const $ = (id) => document.getElementById(id);
// The locale first, so every string below is made in it; the picker switches it and keeps it.
i18n.setLocale(i18n.preferredLocale(), { keep: false });
for (const [code, name] of Object.entries(i18n.LOCALE_NAMES)) {
  const option = new Option(name, code);
  option.lang = code;  // each language's name in its own language
  $('locale').append(option);
}
$('locale').value = i18n.locale();
$('locale').addEventListener('change', (e) => i18n.setLocale(e.target.value));
// The back end's note, made again in each locale once the back end is known.
let backendWhere = null;
const showBackend = () => {
  $('backend-note').textContent = backendWhere ? t('page.backend.note', { where: backendWhere }) : t('page.backend.starting');
};
const backendReady = Promise.resolve(makeBackend()).then((b) => {
  backendWhere = () => b.where;
  showBackend();
  return b;
});
registerOffline();
try { await R.start(); } catch (e) { coreFailed(e); throw e; }
const UNDO_CELLS = 8e6;  // undo keeps at most this many cells of boards

const state = {
  rows: 5, cols: 5, rules: R.classicRules(), lights: new Uint8Array(25),
  presses: null,        // the solution on show (presses per button), or null
  hint: -1, fix: null,  // hinted cell; lights to toggle to make the board solvable
  unsolvable: false,    // the last solve of the board as it is found no solution
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
// The cell i of the board as it is now, as a message (made in the locale when shown).
const where = (i) => {
  const at = { row: Math.floor(i / state.cols) + 1, col: (i % state.cols) + 1 };
  return () => t('page.where', at);
};
// A light's state in words: on or off (with two states), else its value.
const cellWord = (v) => (state.rules.states === 2 ? t(v ? 'page.cell.on' : 'page.cell.off') : t('page.cell.value', { value: v }));
// What a click did to cell i, for the status line (a screen reader hears it): its state and the
// lights left.
function pressWords(i) {
  const at = { row: Math.floor(i / state.cols) + 1, col: (i % state.cols) + 1 };
  let left = 0;
  for (let k = 0; k < state.lights.length; k++) if (state.lights[k] !== 0 && !(state.rules.holes && state.rules.holes[k])) left++;
  const value = state.lights[i];
  return () => t('page.status.pressed', { ...at, state: cellWord(value), left: tn('page.count.lit', left) });
}
// Why the core would refuse these rules on this size (its limits and work estimate), or null.
const refusedFor = (rows, cols, rules) => R.refusal(rules, rows, cols);

// message: a string (the core's words, shown as they are) or a function that makes the line in
// the page's locale, called again when the locale changes.
let statusMessage = '';
function setStatus(message, kind = '') {
  statusMessage = message;
  $('status').textContent = typeof message === 'function' ? message() : message;
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
  let lit = 0, marks = 0, fix = 0;
  for (let i = 0; i < m.lights.length; i++) {
    if (m.lights[i] !== 0 && !(m.holes && m.holes[i])) lit++;
    if (m.presses && m.presses[i]) marks++;
    if (m.fix && m.fix[i]) fix++;
  }
  Object.assign(cv.dataset, { rows: state.rows, cols: state.cols, lit, marks, fix, hint: m.hint });
  const left = m.lights.length - (state.rules.holes ? state.rules.holes.reduce((a, b) => a + b, 0) : 0);
  const off = R.isSolved(state.rules, m.lights) ? t('page.board.atGoal')
    : t('page.board.notAtGoal', { cells: tn('page.count.cell', lit) });
  cv.setAttribute('aria-label', t('page.board.label', { rows: state.rows, cols: state.cols,
    cells: tn('page.count.cell', left), state: off }) +
    (marks ? t('page.board.marked', { buttons: tn('page.count.button', marks) }) : '') +
    (state.focused ? t('page.board.cursor', { where: where(state.cursor), value: cellWord(m.lights[state.cursor]) }) : ''));
  $('moves').textContent = String(state.moves);
  $('undo').disabled = !state.undo.length || !!state.chase;
  $('redo').disabled = !state.redo.length || !!state.chase;
  $('fix').hidden = !state.fix;
  cv.dataset.unsolvable = state.unsolvable ? '1' : '';
}

// --- history: every change of board, size or rules can be undone -------------------------
const snapshot = () => ({ rows: state.rows, cols: state.cols, rules: state.rules,
  lights: state.lights.slice(), moves: state.moves, game: game.token(), played: state.played });
function restore(s) {
  const resized = s.rows !== state.rows || s.cols !== state.cols;
  Object.assign(state, { rows: s.rows, cols: s.cols, rules: s.rules, lights: s.lights, moves: s.moves, played: s.played });
  clearMarks();
  game.restore(s.game);
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
  if (state.rules.holes && state.rules.holes[i]) { setStatus(() => t('page.status.hole')); return; }
  remember();
  state.hint = -1;
  if (m === 'play') {
    const played = share.pressing(state.played, board());
    R.press(state.rules, state.rows, state.cols, state.lights, r, c);
    state.played = share.pressed(played, i, state.lights, state.rules.states);
    state.moves++;
    game.pressed();
    // The solution on show stays one: the old presses less this one.
    if (state.presses) state.presses[i] = (state.presses[i] + state.rules.states - 1) % state.rules.states;
    state.fix = null;
    changed({ cell: i });
  } else {
    state.lights[i] = (state.lights[i] + 1) % state.rules.states;
    game.edited();
    const showing = state.presses !== null;
    clearMarks();
    changed({ resolve: showing, cell: i });
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
        setStatus(() => t('page.status.holesRefused', { why }), 'warn');
        paintValue = -1;
        return false;
      }
      remember();
      game.edited();
    }
    if (paintValue < 0 || holes[i] === paintValue) return paintValue >= 0;
    const next = holes.slice();
    next[i] = paintValue;
    state.rules = R.edit(state.rules, { holes: next }, state.cols);
    state.lights[i] = 0;
    clearMarks();
    syncControls();
  } else {
    if (first) { remember(); game.edited(); paintValue = state.lights[i] ? 0 : 1; clearMarks(); }
    if (state.rules.holes && state.rules.holes[i]) return true;
    state.lights[i] = paintValue ? Math.max(1, state.lights[i]) : 0;
  }
  draw();
  return true;
}

// After any change: redraw, say whether it is solved, analyse again.
// cell: the cell a click changed, said on the status line. The line is never left empty.
function changed({ resolve = false, cell = -1 } = {}) {
  state.unsolvable = false;
  draw();
  links.changed();
  game.changed(R.isSolved(state.rules, state.lights));
  if (R.isSolved(state.rules, state.lights)) {
    const moves = state.moves;
    if (moves > 0) setStatus(() => tn('page.status.solvedIn', moves), 'won');
    else { const key = state.rules.target ? 'page.status.goalOn' : 'page.status.allOff'; setStatus(() => t(key)); }
  } else if (cell >= 0) setStatus(pressWords(cell));
  else setStatus(() => tn('page.status.left', litCount()));
  analyse(resolve);
}

const litCount = () => Number($('board').dataset.lit);

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
      if (!res.solvable) await sayUnsolvable(id);
    } catch (e) {
      if (id === state.requestId) facts.failed(() => e.message);
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
    if (id === state.infoId) { facts.infoFailed(() => e.message); infoFor = ''; }
  }
}

// The fewest lights to change so that the board becomes solvable (the core's search), or a reason.
async function findFix() {
  let fix;
  try { fix = await (await backendReady).fix(board()); } catch (e) { return { reason: () => e.message }; }
  if (!fix.changes) return { reason: fix.reason };
  const first = fix.changes.findIndex((v) => v > 0);
  return { marks: fix.changes, count: fix.count, exact: fix.exact, first, by: fix.changes[first] };
}

// The board has no solution: said at once on the status line, with the lights to change marked
// and "Make solvable" offered (the fix search only up to 1024 cells: beyond, Hint does it).
async function sayUnsolvable(id) {
  state.unsolvable = true;
  draw();
  const before = statusMessage;
  const keep = typeof before === 'function' ? before : () => before;
  const fix = cells() <= 1024 ? await findFix() : { reason: null };
  if (id !== state.requestId) return;
  if (fix.marks && !state.presses) { state.fix = fix.marks; draw(); }
  const what = fix.marks ? () => t('page.status.unsolvable', { fix: fixSentence(fix)() })
    : () => t('page.status.unsolvableShort');
  // A message of the change that made it (a press, new rules) stays in front.
  if (statusMessage === before) setStatus(() => `${keep()} ${what()}`.trim(), 'warn');
}

function fixSentence(fix) {
  return () => t(fix.exact ? 'page.fix.fewest' : 'page.fix.few', { n: i18n.formatNumber(fix.count) });
}

async function solve() {
  finishAnimation();
  game.helped();
  try {
    const res = await solveNow();
    clearMarks();
    if (!res.solvable) {
      const fix = await findFix();
      state.fix = fix.marks ?? null;
      draw();
      setStatus(fix.marks ? () => t('page.status.noSolution', { fix: fixSentence(fix) })
        : () => t('page.status.noSolutionWhy', { reason: fix.reason }), 'warn');
      return;
    }
    state.presses = res.presses;
    draw();
    const n = res.press_count;
    const times = state.rules.states > 2;
    setStatus(n === 0 ? () => t('page.status.nothing')
      : () => tn('page.status.press', n, { note: fewestNote(res),
        end: t(times ? 'page.status.pressTimes' : 'page.status.pressEnd') }));
  } catch (e) { setStatus(() => t('page.status.solveFailed', { message: e.message }), 'warn'); }
}

// How sure the answer is of being the fewest: proven, or the proven lower bound the search reached.
function fewestNote(res) {
  if (res.minimal_proven) return t('page.status.fewestProven');
  if (res.minimal) return t('page.status.fewestFound', { bound: i18n.formatNumber(res.minimal_lower_bound) });
  return '';
}

async function hint() {
  finishAnimation();
  game.helped();
  try {
    const res = await solveNow();
    if (!res.solvable) {
      const fix = await findFix();
      if (!fix.marks) { setStatus(() => t('page.status.noHint', { reason: fix.reason }), 'warn'); return; }
      state.fix = fix.marks; state.hint = fix.first; state.presses = null;
      draw();
      const which = () => (fix.count === 1 ? t('page.hint.single')
        : t(fix.exact ? 'page.hint.ofFewest' : 'page.hint.ofMarked', { n: i18n.formatNumber(fix.count) }));
      const at = where(fix.first);
      const by = state.rules.states > 2;
      setStatus(() => t(by ? 'page.hint.changeBy' : 'page.hint.change', { where: at, by: fix.by, which }), 'warn');
      return;
    }
    const presses = state.presses ?? res.presses;
    const i = presses.findIndex((v) => v > 0);
    if (i < 0) { setStatus(() => t('page.status.nothing')); return; }
    state.hint = i;
    draw();
    const at = where(i);
    setStatus(() => t('page.hint.press', { where: at }));
  } catch (e) { setStatus(() => t('page.status.hintFailed', { message: e.message }), 'warn'); }
}

function makeSolvable() {
  if (!state.fix) return;
  remember();
  game.edited();
  let n = 0;
  for (let i = 0; i < state.fix.length; i++) {
    if (state.fix[i]) { state.lights[i] = (state.lights[i] + state.fix[i]) % state.rules.states; n++; }
  }
  clearMarks();
  changed();
  setStatus(() => tn('page.status.madeSolvable', n));
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
    } catch (e) { setStatus(() => t('page.status.solveFailed', { message: e.message }), 'warn'); return; }
  }
  const todo = [];
  for (let i = 0; i < presses.length; i++) if (presses[i]) todo.push(i);
  if (!todo.length) { setStatus(() => t('page.status.nothing')); return; }
  remember();
  state.presses = presses.slice(); state.hint = -1; state.fix = null;
  const total = todo.reduce((n, i) => n + presses[i], 0);
  // The presses of these buttons, applied by the core at once.
  const pressSome = (list) => {
    const batch = new Uint8Array(cells());
    for (const i of list) { batch[i] = state.presses[i]; state.presses[i] = 0; }
    state.lights = R.applyPresses(state.rules, state.rows, state.cols, state.lights, batch);
  };
  const finish = () => {
    state.animation = null; state.presses = null;
    state.moves += total;  // the solver's presses count as moves
    game.helped('apply');
    changed();
    setStatus(() => tn('page.status.applied', total), 'won');
  };
  if (!animated) { pressSome(todo); finish(); return; }
  const perTick = Math.ceil(todo.length / 40);
  const anim = { todo, next: 0, timer: 0, finish: () => { clearTimeout(anim.timer); pressSome(todo.slice(anim.next)); finish(); } };
  state.animation = anim;
  setStatus(() => tn('page.status.applying', total));
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
    setStatus(() => t('page.status.wholeNumbers'), 'warn'); syncControls(); return false;
  }
  // Holes fit one size: a new size drops them (unless the new rules bring their own).
  let next = rules ?? state.rules;
  if (next.holes && next.holes.length !== rows * cols) next = R.edit(next, { holes: null }, cols);
  const why = refusedFor(rows, cols, next);
  if (why) {
    setStatus(() => t('page.status.refused', { why }), 'warn');
    syncControls(); return false;
  }
  stopChase(); finishAnimation();
  remember();
  Object.assign(state, { rows, cols, rules: next, lights: values ?? new Uint8Array(rows * cols), moves: 0, cursor: 0 });
  game.newBoard();
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
    setStatus(() => t('page.status.rulesRefused', { why }), 'warn');
    syncControls(); return;
  }
  stopChase(); finishAnimation();
  remember();
  state.rules = rules;
  game.edited();
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
  game.newBoard();
  clearMarks();
  changed();
  setStatus(() => t('page.status.random'));
}
function clearBoard() {
  finishAnimation(); stopChase();
  remember();
  state.lights = new Uint8Array(cells());
  state.moves = 0;
  game.newBoard();
  clearMarks();
  changed();
}

// --- text --------------------------------------------------------------------------------
function loadText() {
  let parsed;
  try { parsed = R.parseBoard($('board-text').value, state.rules.states); }
  catch (e) { setStatus(() => e.message, 'warn'); return; }
  const { rows, cols, values, note } = parsed;
  if (resize(rows, cols, values, state.rules)) {
    setStatus(() => t('page.status.loaded', { rows, cols, note }));
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
  try { await navigator.clipboard.writeText(t); setStatus(() => i18n.t('page.status.copied')); }
  catch { $('board-text').select(); setStatus(() => i18n.t('page.status.inBox')); }
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
}

const links = share.sharePanel({
  puzzle: () => ({ rows: state.rows, cols: state.cols, rules: state.rules, lights: state.lights,
    moves: state.moves, played: state.played }),
  resize: (...a) => resize(...a), boardText, setStatus, openDaily: (date) => game.loadDaily(date),
  forgetHistory: () => { state.undo = []; state.redo = []; },
  // The player's presses on the board just set: one undo step back to the puzzle without them.
  setProgress: ({ lights, moves, played }) => {
    if (lights) { remember(); state.lights = lights; }
    Object.assign(state, { moves, played });
    clearMarks();
    changed();
  },
});

// --- learn -------------------------------------------------------------------------------
// The lessons use the page's board when it fits them; they compute on their own copy.
// practice: straight to the lesson where the student chases this board by hand.
function watch(practice = false) {
  finishAnimation();
  game.helped();
  openLearn({ rows: state.rows, cols: state.cols, lights: state.lights, classic: state.rules.classic },
    async (rows, cols) => (await backendReady).info(rows, cols, ''), practice);
}
function stopChase() { closeLearn(); }

// --- wiring ------------------------------------------------------------------------------
$('size-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const rows = Number($('rows').value), cols = Number($('cols').value);
  if (resize(rows, cols)) setStatus(() => t('page.status.resized', { rows, cols }));
});
// A preset opens a puzzle to play (a random solvable board), never an empty one.
function preset(rows, cols) {
  const rules = state.rules.holes ? R.edit(state.rules, { holes: null }, cols) : state.rules;
  if (resize(rows, cols, randomBoard(rows, cols, rules), rules)) setStatus(() => t('page.status.random'));
}
$('preset-judge').addEventListener('click', () => preset(5, 6));
$('preset-classic').addEventListener('click', () => preset(5, 5));
$('new-puzzle').addEventListener('click', randomSolvable);
$('random').addEventListener('click', randomSolvable);
$('clear').addEventListener('click', clearBoard);
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('solve').addEventListener('click', solve);
$('hint').addEventListener('click', hint);
$('apply').addEventListener('click', () => applySolution(true));
$('apply-now').addEventListener('click', () => applySolution(false));
$('fix').addEventListener('click', makeSolvable);
initLearn();
$('learn-open').addEventListener('click', () => watch());
$('chase-this').addEventListener('click', () => watch(true));
$('paste').addEventListener('click', loadText);
$('copy').addEventListener('click', copyText);
$('zoom-in').addEventListener('click', () => view.zoomBy(1.6));
$('zoom-out').addEventListener('click', () => view.zoomBy(1 / 1.6));
$('zoom-fit').addEventListener('click', () => view.fit());
view.attachTools({ region: $('zoom-region'), density: $('density'), legend: $('density-legend') });

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
  // On a phone on its side the game buttons stay in view below the board (the puzzle bar after them).
  // Upright on a phone at most 60% of the height; on a wide screen the buttons below stay in view.
  const narrow = window.innerWidth <= 900;
  const maxH = short ? window.innerHeight - 130
    : narrow ? window.innerHeight * 0.6 : Math.min(window.innerHeight * 0.72, window.innerHeight - 300, 736);
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

game.init({ board, rules: () => state.rules, moves: () => state.moves, random: randomSolvable, setStatus,
  load: (rows, cols, lights, rules) => resize(rows, cols, lights, rules),
  solve: async (b) => (await backendReady).solve(b, true) });

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
  setStatus(() => t('page.status.start'));
});
loadInfo();
// A new locale: the strings this file made are made again (the markup's are by i18n.js).
i18n.onLocaleChange(() => {
  $('locale').value = i18n.locale();
  showBackend();
  draw();
  setStatus(statusMessage, $('status').className);
});
