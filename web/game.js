// The game around the puzzle: the daily puzzle and the levels, a timer started by the player's
// first press, the par (the proven fewest presses, hidden until the win or asked), the win panel
// with its result line to share, and the facts panel's fewest presses kept hidden while playing.
// app.js owns the board and counts the moves (every press, the solver's included); it tells this
// module what happened through the calls below, and this module loads puzzles through app.js.
// The daily puzzles solved (the "solved today" mark and the streak) are kept with the levels.
import * as R from './core.js';
import { t, tn, formatNumber, onLocaleChange } from './i18n.js';
import { LEVELS, dailyPuzzle, levelPuzzle, localDate, pickCells } from './daily.js';
import { shareCard } from './share-card.js';

const $ = (id) => document.getElementById(id);
const STORE_KEY = 'lightsout.game';
const PAR_CELLS = 10000;  // the page asks the solver for the fewest presses up to this many cells
const KEPT_SESSIONS = 30;  // sessions kept for undo and redo across puzzles

let ctx = null;
let session = null;     // the puzzle being played (see start())
let pending = null;     // the puzzle the next changed() starts: a game puzzle, or { kind: 'free' }
let lastAction = '';    // 'press' or 'apply' since the last changed(): only these can win
let lastToken = 0;
let ticking = 0;
let statusShown = null;  // { key, params, text } of the status line this module set last
const sessions = new Map();

// --- progress, kept in localStorage (a refused storage only forgets) -----------------------
function readProgress() {
  try {
    const p = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}');
    const level = Number.isInteger(p.level) && p.level >= 0 && p.level < LEVELS.length ? p.level : 0;
    const cleared = Array.isArray(p.cleared) ? p.cleared.filter((i) => Number.isInteger(i) && LEVELS[i]) : [];
    const played = Array.isArray(p.played) ? LEVELS.map((_, i) => Math.max(0, Number(p.played[i]) || 0)) : [];
    const days = Array.isArray(p.days) ? p.days.filter((d) => /^\d{4}-\d\d-\d\d$/.test(d)).slice(-400) : [];
    return { level, cleared, played, days };
  } catch {
    return { level: 0, cleared: [], played: [], days: [] };
  }
}
const progress = readProgress();
function saveProgress() {
  try { localStorage.setItem(STORE_KEY, JSON.stringify(progress)); } catch { /* not kept */ }
}

// --- the daily puzzles solved ---------------------------------------------------------------
// The day before a YYYY-MM-DD date, as YYYY-MM-DD.
function dayBefore(date) {
  const [y, m, d] = date.split('-').map(Number);
  return localDate(new Date(y, m - 1, d - 1));
}
export const solvedOn = (date) => progress.days.includes(date);
// The days in a row, ending today (or yesterday, while today's is still to play), solved.
export function streak(today = localDate()) {
  let day = solvedOn(today) ? today : dayBefore(today), n = 0;
  while (solvedOn(day)) { n++; day = dayBefore(day); }
  return n;
}

// --- words -----------------------------------------------------------------------------------
const pad = (n) => String(n).padStart(2, '0');
function clockText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}
const sizeText = (rows, cols) => t('game.size', { rows, cols });

// The rules in a few words: classic, torus, 3 states... or the rules text itself.
function rulesText(rules) {
  const simple = rules.nbhd === 'plus' && rules.self && !rules.target && !R.hasHoles(rules);
  if (!simple || rules.topology === 'cylinder') return t('game.rules.text', { text: rules.text });
  const torus = rules.topology === 'torus';
  if (rules.states === 2) return torus ? t('game.rules.torus') : t('game.rules.classic');
  return torus ? t('game.rules.torusStates', { k: rules.states }) : t('game.rules.states', { k: rules.states });
}
const levelName = (i) => t('game.levelName', {
  n: i + 1, size: sizeText(LEVELS[i].rows, LEVELS[i].cols), rules: rulesText(R.parseRules(LEVELS[i].rules).rules),
});

function title(s) {
  const what = { size: sizeText(s.rows, s.cols), rules: rulesText(s.rules) };
  if (s.kind === 'daily') return t('game.title.daily', { date: s.date, ...what });
  if (s.kind === 'level') return t('game.title.level', { n: s.level + 1, total: LEVELS.length, ...what });
  return t('game.title.free', what);
}

function setStatus(key, params = {}, kind = '') {
  const text = t(key, params);
  statusShown = { key, params, kind, text };
  ctx.setStatus(text, kind);
}

// --- sessions --------------------------------------------------------------------------------
// A session is one puzzle played: kind 'daily' | 'level' | 'free', the board it started from
// (kept up to PAR_CELLS cells, for the par), the clock (began, ended: Date.now() values, 0 until
// then), whether the solver helped or the board was edited, the win, and the par once asked:
// { state: 'pending' | 'done' | 'unsolvable' | 'none' | 'failed', count, proven, lower }.
function start(puzzle, solved) {
  const b = ctx.board();
  const cells = b.rows * b.cols;
  session = {
    token: ++lastToken, kind: puzzle.kind, date: puzzle.date, level: puzzle.level,
    rows: b.rows, cols: b.cols, rules: ctx.rules(),
    start: cells <= PAR_CELLS ? { ...b, lights: b.lights.slice() } : null,
    startUnsolved: !solved, began: 0, ended: 0, moves: 0,
    helped: false, edited: false, won: false, revealed: false, par: null,
  };
  sessions.set(session.token, session);
  for (const token of sessions.keys()) {
    if (sessions.size <= KEPT_SESSIONS) break;
    sessions.delete(token);
  }
  pending = null;
  closeWin(false);
  if (session.kind !== 'free') askPar(session);
}

// The par of a session's starting board, asked of the solver once.
async function askPar(s) {
  if (s.par) return;
  if (!s.start || !s.startUnsolved) { s.par = { state: 'none' }; return; }
  s.par = { state: 'pending' };
  try {
    const res = await ctx.solve(s.start);
    s.par = !res.solvable ? { state: 'unsolvable' }
      : { state: 'done', count: res.press_count, proven: !!res.minimal_proven, lower: res.minimal_lower_bound };
  } catch (e) {
    s.par = { state: 'failed', message: e.message };
  }
  if (s === session) render();
}

function reveal() {
  if (!session) return;
  session.revealed = true;
  askPar(session);
  render();
}

// --- the clock -------------------------------------------------------------------------------
const elapsed = (s) => (s.began ? (s.ended || Date.now()) - s.began : 0);
function tick() {
  const running = session && session.began && !session.ended;
  $('timer').textContent = session ? clockText(elapsed(session)) : clockText(0);
  $('game').dataset.running = running ? '1' : '';
  if (running && !ticking) ticking = setInterval(tick, 500);
  if (!running && ticking) { clearInterval(ticking); ticking = 0; }
}

// --- the win ---------------------------------------------------------------------------------
function win() {
  const s = session;
  s.won = true;
  s.ended = Date.now();
  if (!s.began) s.began = s.ended;
  s.moves = ctx.moves();
  s.revealed = true;
  if (s.kind === 'level' && !s.helped && !s.edited) {
    if (!progress.cleared.includes(s.level)) progress.cleared.push(s.level);
    progress.level = Math.max(progress.level, Math.min(s.level + 1, LEVELS.length - 1));
    saveProgress();
    fillLevels();
  }
  if (s.kind === 'daily' && !solvedOn(s.date)) {
    progress.days.push(s.date);
    saveProgress();
  }
  askPar(s);
  $('win-panel').hidden = false;
  $('win-copied').textContent = '';
  render();
  // The focus goes to the panel without scrolling the board out of view (a phone).
  $('win-panel').focus({ preventScroll: true });
  keepBoardInView();
}

// After a win: scrolls (the board's column where it scrolls on its own, a wide screen, else the
// page) by the least that shows the panel's first lines, but never so far that less than half the
// board stays in view.
function keepBoardInView() {
  const column = $('board').closest('.play');
  const scrolls = column && column.scrollHeight > column.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(column).overflowY);
  const view = scrolls ? column.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
  const board = $('board').getBoundingClientRect(), panel = $('win-panel').getBoundingClientRect();
  const by = Math.min(panel.top + 160 - view.bottom, board.top + board.height / 2 - view.top);
  if (by > 0) (scrolls ? column : window).scrollBy(0, by);
}

function closeWin(focusBoard = true) {
  const panel = $('win-panel');
  if (panel.hidden) return;
  const had = panel.contains(document.activeElement);
  panel.hidden = true;
  if (focusBoard && had) $('board').focus();
}

// The result line to share, or null while the par is on its way. A result with help says so and
// is not set against the par.
function shareLine(s) {
  const puzzle = s.kind === 'daily' ? s.date
    : s.kind === 'level' ? t('game.share.levelName', { n: s.level + 1 }) : sizeText(s.rows, s.cols);
  const p = s.par;
  if (!p || p.state === 'pending') return null;
  if (s.helped) return tn('game.share.helped', s.moves, { puzzle });
  if (s.edited) return tn('game.share.edited', s.moves, { puzzle });
  if (p.state === 'done' && p.proven) return tn('game.share', s.moves, { puzzle, par: formatNumber(p.count) });
  if (p.state === 'done') return tn('game.share.unproven', s.moves, { puzzle, lower: formatNumber(p.lower) });
  return tn('game.share.noPar', s.moves, { puzzle });
}
// The card to share: the line, the time, the starting board in emoji, a link to it unsolved.
function card(s) {
  const line = shareLine(s);
  return line === null ? null : shareCard(s, line, clockText(elapsed(s)));
}

function parWords(p) {
  if (!p || p.state === 'pending') return t('game.par.pending');
  if (p.state === 'done' && p.proven) return formatNumber(p.count);
  if (p.state === 'done') return t('game.par.unproven', { lower: formatNumber(p.lower) });
  if (p.state === 'unsolvable') return t('game.par.unsolvable');
  return t('game.par.none');
}

function renderWin(s) {
  const clean = !s.helped && !s.edited;
  $('win-title').textContent = clean ? t('game.win.title') : t('game.win.titleHelped');
  $('win-puzzle').textContent = title(s);
  $('win-summary').textContent = tn('game.win.summary', s.moves, { time: clockText(elapsed(s)) });
  const p = s.par;
  const matched = clean && p?.state === 'done' && p.proven && s.moves <= p.count;
  const par = { par: parWords(p) };
  $('win-par').textContent = !clean ? t('game.win.parHelped', par) : matched ? t('game.win.parMatched', par) : t('game.win.par', par);
  $('win-help').hidden = clean;
  $('win-help').textContent = s.helped ? t('game.win.helpedSolver') : s.edited ? t('game.win.helpedEdit') : '';
  const last = s.kind === 'level' && s.level === LEVELS.length - 1;
  $('win-end').hidden = !last;
  $('win-end').textContent = last ? t('game.win.allLevels') : '';
  const c = card(s);
  $('win-share').textContent = c ? c.text : t('game.par.pending');
  $('win-share').dataset.link = c ? c.link : '';
  $('win-copy').disabled = c === null;
}

// Everything this module shows, for the session as it is (and after a change of locale).
function render() {
  const s = session;
  if (!s) return;
  const game = $('game');
  Object.assign(game.dataset, { kind: s.kind, date: s.date ?? '', level: s.kind === 'level' ? s.level + 1 : '',
    won: s.won ? '1' : '', helped: s.helped || s.edited ? '1' : '', par: s.revealed ? s.par?.state ?? '' : 'hidden' });
  $('game-title').textContent = title(s);
  renderDaily();
  $('level').value = s.kind === 'level' ? String(s.level) : '';
  $('par').textContent = s.revealed ? parWords(s.par) : t('game.par.hidden');
  $('par').classList.toggle('concealed', !s.revealed);  // a phone shows only "Show par" then
  $('show-par').hidden = s.revealed;
  // The facts panel's fewest presses: hidden (a word in its place, drawn by the style sheet)
  // until the win or a Show.
  const presses = $('info-presses');
  if (s.revealed) presses.removeAttribute('data-concealed');
  else presses.dataset.concealed = t('game.facts.concealed');
  $('facts-reveal').hidden = s.revealed;
  tick();
  if (!$('win-panel').hidden) renderWin(s);
}

// The Daily button's mark: solved today, and the streak.
function renderDaily() {
  const today = localDate(), n = streak(today), done = solvedOn(today);
  $('game').dataset.solvedToday = done ? '1' : '';
  $('game').dataset.streak = String(n);
  $('daily-mark').hidden = !done && !n;
  $('daily-mark').textContent = done ? tn('game.daily.solved', n) : n ? tn('game.daily.streak', n) : '';
}

function fillLevels() {
  const select = $('level');
  const keep = select.value;
  select.replaceChildren(new Option(t('game.level.choose'), ''));
  LEVELS.forEach((_, i) => {
    const done = progress.cleared.includes(i) ? ` ${t('game.level.cleared')}` : '';
    select.append(new Option(`${levelName(i)}${done}`, String(i)));
  });
  select.value = keep;
}

// --- loading puzzles -------------------------------------------------------------------------
function load(puzzle) {
  let rules;
  try { rules = R.parseRules(puzzle.rules).rules; } catch (e) { ctx.setStatus(e.message, 'warn'); return; }
  let lights;
  if (puzzle.presses) {  // a gentle level: that many buttons pressed on a dark board
    lights = new Uint8Array(puzzle.rows * puzzle.cols);
    for (const i of pickCells(lights.length, puzzle.presses, puzzle.seed)) {
      R.press(rules, puzzle.rows, puzzle.cols, lights, Math.floor(i / puzzle.cols), i % puzzle.cols);
    }
  } else lights = R.randomBoard(rules, puzzle.rows, puzzle.cols, puzzle.seed);
  const play = document.querySelector('input[name=mode][value=play]');
  if (play) play.checked = true;
  pending = puzzle;
  if (!ctx.load(puzzle.rows, puzzle.cols, lights, rules)) { pending = null; return; }
  if (session) setStatus('game.status.start', { title: title(session) });
}

export function loadDaily(date = localDate()) {
  load({ kind: 'daily', ...dailyPuzzle(date) });
}

export function loadLevel(i) {
  const k = progress.played[i] ?? 0;
  progress.played[i] = k + 1;
  saveProgress();
  load({ kind: 'level', ...levelPuzzle(i, k) });
}

// After the last level: today's daily if it is still to solve, else a new puzzle (never the same
// level again).
function nextPuzzle() {
  const s = session;
  closeWin(false);
  const last = s?.kind === 'level' && s.level === LEVELS.length - 1;
  if (last && !solvedOn(localDate())) loadDaily();
  else if (last) ctx.random();
  else if (s?.kind === 'level') loadLevel(s.level + 1);
  else if (s?.kind === 'daily') loadLevel(progress.level);
  else ctx.random();
  $('board').focus();
}

async function copyShare() {
  const c = card(session);
  if (!c) return;
  try {
    await navigator.clipboard.writeText(c.text);
    $('win-copied').textContent = t('game.copied');
  } catch {
    const range = document.createRange();
    range.selectNodeContents($('win-share'));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    $('win-copied').textContent = t('game.copyFailed');
  }
}

// --- what app.js tells this module -----------------------------------------------------------
// context: { board() -> { rows, cols, states, rulesText, lights, holes }, rules() (the page's
// rules object), moves() (the player's presses), load(rows, cols, lights, rules) -> bool (a new
// board, one undo step), random() (a random solvable board of this size and rules),
// solve(board) -> Promise of the solve answer with the fewest presses, setStatus(text, kind) }.
export function init(context) {
  ctx = context;
  fillLevels();
  $('daily').addEventListener('click', () => loadDaily());
  $('level').addEventListener('change', (e) => { if (e.target.value !== '') loadLevel(Number(e.target.value)); });
  $('show-par').addEventListener('click', reveal);
  $('reveal-presses').addEventListener('click', reveal);
  $('win-next').addEventListener('click', nextPuzzle);
  $('win-close').addEventListener('click', () => closeWin());
  $('win-copy').addEventListener('click', copyShare);
  $('win-panel').addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { e.preventDefault(); closeWin(); }
  });
  onLocaleChange(() => {
    fillLevels();
    render();
    if (statusShown && $('status').textContent === statusShown.text) {
      const { key, params, kind } = statusShown;
      setStatus(key, key === 'game.status.start' && session ? { title: title(session) } : params, kind);
    }
  });
}

// A player's press (Play mode, click or key): a move, and the clock starts at the first.
export function pressed() {
  lastAction = 'press';
  if (session && !session.began && !session.won) { session.began = Date.now(); tick(); }
}

// The solver showed or applied presses (Solve, Hint, Apply, Watch): not a clean win any more.
// kind 'apply' is a change of the board that can finish the puzzle.
export function helped(kind = '') {
  if (kind === 'apply') lastAction = 'apply';
  if (session && !session.won) session.helped = true;
}

// The board was edited (a light, holes, the rules, Make solvable) during the puzzle.
export function edited() {
  if (session && !session.won) session.edited = true;
}

// A new board (size, text, Random, Clear): a new free-play session unless this module loads it.
export function newBoard() {
  if (!pending) pending = { kind: 'free' };
}

// After every change of the board: starts a pending session, notices the win.
export function changed(solved) {
  if (pending || !session) start(pending ?? { kind: 'free' }, solved);
  const action = lastAction;
  lastAction = '';
  if (solved && !session.won && session.startUnsolved && (action === 'press' || action === 'apply')) win();
  else render();
}

// The session an undo snapshot belongs to, and back to it on undo or redo.
export const token = () => session?.token ?? 0;
export function restore(tokenOf) {
  const s = sessions.get(tokenOf);
  if (s) { session = s; closeWin(false); } else pending = { kind: 'free' };
}
