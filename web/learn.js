// The Learn mode: a full-window dialog that walks the three lessons of lessons.js frame by frame,
// with Previous / Play / Next, a lesson picker and Close always in view. Each frame's boards,
// text and facts (data attributes the browser tests read) are drawn from the same frame object.
import { t, tn, formatNumber, locale, onLocaleChange } from './i18n.js';
import * as L from './lessons.js';
import { makePractice, practiceText, drawPractice } from './chase-practice.js';

const $ = (id) => document.getElementById(id);
const LESSONS = ['learn.lesson.enum', 'learn.lesson.system', 'learn.lesson.algebra', 'learn.lesson.practice'];
const PRACTICE = 3;  // the lesson the student plays by hand (chase-practice.js), not frames

const state = {
  source: null, info: null,  // the page's board; the core's facts of a size (async)
  lessons: [null, null, null, null], lesson: 0, frame: 0,
  playing: false, timer: 0, built: '',  // built: which panel the DOM holds
  scroll: 0,  // the page's scroll position when the lesson opened
};

// A fact as the text shows it: numbers in the locale, lists joined, cells as (row, column).
function words(facts) {
  const out = {};
  const one = (v) => (Array.isArray(v) ? t('learn.cell', { r: v[0], c: v[1] }) : typeof v === 'number' ? formatNumber(v) : String(v));
  for (const [k, v] of Object.entries(facts)) out[k] = Array.isArray(v) ? v.map(one).join(t('learn.sep')) : one(v);
  return out;
}

// The frame's text and the key it came from (a plural key resolved to its form).
function say(frame) {
  const params = words(frame.facts);
  if (frame.n === undefined) return { key: frame.key, text: t(frame.key, params) };
  const form = new Intl.PluralRules(locale()).select(frame.n) === 'one' ? 'one' : 'other';  // as tn() picks
  return { key: `${frame.key}.${form}`, text: tn(frame.key, frame.n, params) };
}

const cellList = (b, values) => {
  const out = [];
  for (let i = 0; i < values.length; i++) if (values[i]) out.push(`${Math.floor(i / b.cols)},${i % b.cols}`);
  return out.join(';');
};

function drawBoard(b) {
  const fig = document.createElement('figure');
  fig.className = 'lfig';
  const grid = document.createElement('div');
  grid.className = 'lboard';
  grid.style.setProperty('--cols', b.cols);
  const lit = cellList(b, b.lights), marks = cellList(b, b.marks);
  Object.assign(grid.dataset, { rows: b.rows, cols: b.cols, litCells: lit, marks });
  grid.setAttribute('role', 'img');
  const nLit = b.lights.reduce((a, v) => a + (v ? 1 : 0), 0), nMarks = b.marks.reduce((a, v) => a + (v ? 1 : 0), 0);
  grid.setAttribute('aria-label', t('learn.board.label', { rows: b.rows, cols: b.cols, lit: nLit, marks: nMarks }));
  for (let i = 0; i < b.rows * b.cols; i++) {
    const cell = document.createElement('span');
    cell.className = 'lcell';
    cell.dataset.on = b.lights[i] ? '1' : '0';
    if (b.marks[i]) cell.dataset.mark = '1';
    grid.append(cell);
  }
  const cap = document.createElement('figcaption');
  cap.textContent = t(b.caption.key, b.caption.params ?? {});
  fig.append(cap, grid);
  return fig;
}

// The 64 first rows: built once per lesson, then only their marks change (focus stays put).
function buildCandidates(p) {
  const box = $('learn-panel');
  box.replaceChildren();
  const h = document.createElement('h3');
  h.id = 'learn-cands-title';
  const note = document.createElement('p');
  note.className = 'note';
  note.id = 'learn-cands-note';
  const grid = document.createElement('div');
  grid.id = 'learn-cands';
  grid.setAttribute('role', 'group');
  grid.setAttribute('aria-labelledby', 'learn-cands-title');
  p.results.forEach((r, k) => {
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.className = 'cand';
    btn.dataset.first = r.first;
    const row = document.createElement('span');
    row.className = 'cand-row';
    row.setAttribute('aria-hidden', 'true');
    for (const ch of r.first) {
      const s = document.createElement('span');
      s.dataset.on = ch;
      row.append(s);
    }
    const res = document.createElement('span');
    res.className = 'cand-left';
    res.setAttribute('aria-hidden', 'true');
    btn.append(row, res);
    btn.addEventListener('click', () => go(state.lessons[0].jump[k], { stop: true }));
    grid.append(btn);
  });
  box.append(h, note, grid);
}

function showCandidates(p) {
  $('learn-cands-title').textContent = t('learn.cands', { n: p.results.length });
  $('learn-cands-note').textContent = t('learn.cands.note');
  const buttons = $('learn-cands').children;
  p.results.forEach((r, k) => {
    const btn = buttons[k];
    const tried = k < p.tried;
    if (tried) btn.dataset.left = String(r.left); else delete btn.dataset.left;
    btn.querySelector('.cand-left').textContent = tried ? (r.left ? formatNumber(r.left) : '✓') : '·';
    if (k === p.pick) btn.setAttribute('aria-current', 'true'); else btn.removeAttribute('aria-current');
    btn.setAttribute('aria-label', !tried ? t('learn.cand.untried', { first: r.first })
      : r.left ? t('learn.cand.tried', { first: r.first, left: formatNumber(r.left) }) : t('learn.cand.good', { first: r.first }));
  });
}

function showSystem(p) {
  const box = $('learn-panel');
  const table = document.createElement('table');
  table.id = 'learn-system';
  const known = p.a.length;
  const a = Array.from({ length: p.cols }, (_, i) =>
    Array.from({ length: p.cols }, (_, j) => (j < known ? String(p.a[j][i]) : '?')).join(''));
  Object.assign(table.dataset, { known, a: a.join(';'), b: p.b ? p.b.join('') : '', x: p.x ? p.x.join('') : '' });
  const cap = document.createElement('caption');
  cap.textContent = t('learn.system');
  const head = document.createElement('tr');
  const th = (text, scope = 'col') => { const e = document.createElement('th'); e.scope = scope; e.textContent = text; return e; };
  head.append(th(t('learn.system.eq')));
  for (let j = 0; j < p.cols; j++) head.append(th(`x${j + 1}`));
  head.append(th('b'));
  table.append(cap, head);
  for (let i = 0; i < p.cols; i++) {
    const tr = document.createElement('tr');
    tr.append(th(t('learn.system.row', { c: i + 1 }), 'row'));
    for (const ch of a[i]) { const td = document.createElement('td'); td.textContent = ch; tr.append(td); }
    const td = document.createElement('td');
    td.className = 'rhs';
    td.textContent = p.b ? String(p.b[i]) : '?';
    tr.append(td);
    table.append(tr);
  }
  if (p.x) {
    const tr = document.createElement('tr');
    tr.className = 'solution';
    tr.append(th('x', 'row'));
    for (const v of p.x) { const td = document.createElement('td'); td.textContent = String(v); tr.append(td); }
    tr.append(document.createElement('td'));
    table.append(tr);
  }
  box.replaceChildren(table);
}

function showMatrix(p) {
  const box = $('learn-panel');
  const n = p.a.length;
  const fig = document.createElement('figure');
  fig.className = 'lfig';
  const cap = document.createElement('figcaption');
  cap.textContent = t('learn.caption.matrix', { n, rows: p.rows, cols: p.cols });
  const grid = document.createElement('div');
  grid.className = 'lmatrix';
  grid.id = 'learn-matrix';
  grid.style.setProperty('--n', n);
  Object.assign(grid.dataset, { n, rows: p.rows, cols: p.cols });
  grid.setAttribute('role', 'img');
  grid.setAttribute('aria-label', t('learn.caption.matrix', { n, rows: p.rows, cols: p.cols }));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const s = document.createElement('span');
      if (p.a[i][j]) s.dataset.on = '1';
      grid.append(s);
    }
  }
  fig.append(cap, grid);
  box.replaceChildren(fig);
}

function showPanel(p) {
  const key = p ? `${state.lesson}:${p.type}:${p.rows ?? ''}x${p.cols ?? ''}` : '';
  if (!p) $('learn-panel').replaceChildren();
  else if (p.type === 'cands') { if (state.built !== key) buildCandidates(p); showCandidates(p); }
  else if (p.type === 'system') showSystem(p);
  else if (p.type === 'matrix') { if (state.built !== key) showMatrix(p); }
  state.built = key;
}

// The hands-on lesson: its board of buttons and what it says; `focus`: the cell [r, c] pressed.
function renderPractice(focus = null) {
  const p = state.lessons[PRACTICE];
  $('learn-text').textContent = practiceText(p);
  $('learn-boards').style.removeProperty('--span');
  $('learn-boards').replaceChildren(drawPractice(p, (r, c) => { p.press(r, c); renderPractice([r, c]); }));
  $('learn-panel').replaceChildren();
  state.built = '';
  Object.assign($('learn-frame').dataset, { ready: 'true', lesson: PRACTICE, frame: 0, frames: 1, kind: 'practice',
    say: '', facts: '{}' });
  $('learn-pos').textContent = '';
  for (const id of ['learn-prev', 'learn-next', 'learn-play']) $(id).disabled = true;
  $('learn-skip').hidden = true;
  if (focus) document.querySelector(`#learn-practice button[data-r="${focus[0]}"][data-c="${focus[1]}"]`)?.focus();
}

// Draws the current frame (or the lesson's "preparing" line) and the controls' state.
function render() {
  const lesson = state.lessons[state.lesson];
  const box = $('learn-frame');
  $('learn-lesson').value = String(state.lesson);
  for (const [i, key] of LESSONS.entries()) $('learn-lesson').options[i].textContent = t(key);
  if (state.lesson === PRACTICE && lesson) { renderPractice(); return; }
  // Lesson 1's 64 first rows can be skipped to the one that works.
  const answer = state.lesson === 0 && lesson?.frames ? lesson.frames.findIndex((f) => f.kind === 'good') : -1;
  $('learn-skip').hidden = answer < 0 || state.frame >= answer;
  $('learn-skip').dataset.frame = String(answer);
  if (!lesson?.frames) {  // being prepared, or failed
    $('learn-text').textContent = lesson?.error ? t('learn.failed', { error: lesson.error }) : t('learn.preparing');
    $('learn-boards').replaceChildren();
    showPanel(null);
    box.dataset.ready = 'false';
    for (const id of ['learn-prev', 'learn-next', 'learn-play']) $(id).disabled = true;
    $('learn-pos').textContent = '';
    return;
  }
  const frames = lesson.frames, f = frames[state.frame];
  const { key, text } = say(f);
  $('learn-text').textContent = text;
  const boards = $('learn-boards');
  boards.style.setProperty('--span', f.boards.reduce((a, b) => a + b.cols, 0) + Math.max(0, f.boards.length - 1));
  boards.replaceChildren(...f.boards.map(drawBoard));
  showPanel(f.panel);
  Object.assign(box.dataset, { ready: 'true', lesson: state.lesson, frame: state.frame, frames: frames.length,
    kind: f.kind, say: key, facts: JSON.stringify(f.facts) });
  $('learn-pos').textContent = t('learn.step', { i: formatNumber(state.frame + 1), n: formatNumber(frames.length) });
  $('learn-prev').disabled = state.frame === 0;
  $('learn-next').disabled = state.frame === frames.length - 1;
  $('learn-play').disabled = false;
  const atEnd = state.frame === frames.length - 1;
  $('learn-play').textContent = t(state.playing ? 'learn.pause' : atEnd ? 'learn.replay' : 'learn.play');
  $('learn-play').setAttribute('aria-pressed', String(state.playing));
}

function stopPlaying() {
  state.playing = false;
  clearTimeout(state.timer);
}

// Moves to frame i of the lesson; { stop } pauses the animation (a step by hand).
function go(i, { stop = false } = {}) {
  const lesson = state.lessons[state.lesson];
  if (!lesson?.frames) return;
  if (stop) stopPlaying();
  state.frame = Math.max(0, Math.min(lesson.frames.length - 1, i));
  if (state.frame === lesson.frames.length - 1) stopPlaying();
  render();
  if (state.playing) schedule();
}

function schedule() {
  clearTimeout(state.timer);
  const lesson = state.lessons[state.lesson];
  const f = lesson.frames[state.frame];
  const delay = Number($('learn-speed').value) * (f.quick ? 0.25 : 1);
  state.timer = setTimeout(() => go(state.frame + 1), delay);
}

function togglePlay() {
  const lesson = state.lessons[state.lesson];
  if (!lesson?.frames) return;
  if (state.playing) { stopPlaying(); render(); return; }
  state.playing = true;
  if (state.frame === lesson.frames.length - 1) state.frame = 0;
  render();
  schedule();
}

// Builds lesson i once (lesson 3 asks the core for the facts of 5 x 5 and 5 x 6).
async function prepare(i) {
  if (state.lessons[i]) return;
  const b = L.lessonBoard(state.source);
  try {
    if (i === PRACTICE) {
      const page = state.source;
      const own = page && page.classic && page.rows <= 12 && page.cols <= 10 && page.rows > 1;
      state.lessons[PRACTICE] = makePractice(own ? { rows: page.rows, cols: page.cols, lights: page.lights.slice() } : b);
    } else if (i === 0) state.lessons[0] = L.enumeration(b);
    else if (i === 1) state.lessons[1] = L.firstRowSystem(b);
    else {
      state.lessons[2] = { pending: true };
      const page = state.source;
      const own = page && page.classic && page.rows === 5 && page.cols === 5 ? page.lights.slice() : null;
      state.lessons[2] = await L.linearAlgebra(state.info, own);
    }
  } catch (e) {
    state.lessons[i] = { error: e.message };
  }
}

async function pick(i) {
  stopPlaying();
  state.lesson = i;
  state.frame = 0;
  state.built = '';
  const pending = prepare(i);
  render();
  await pending;
  if (state.lesson === i) render();
}

// Opens the dialog on the lesson last picked (the first at first), or with `practice` on the
// hands-on chase of the page's board. source: the page's board { rows, cols, lights, classic };
// info(rows, cols): the core's facts of a classic size.
export function openLearn(source, info, practice = false) {
  state.source = source;
  state.info = info;
  state.lessons = [null, null, null, null];
  state.scroll = window.scrollY;
  $('learn').showModal();
  const i = practice ? PRACTICE : Number($('learn-lesson').value) || 0;
  pick(i === PRACTICE && !practice ? 0 : i);
  if (practice) $('learn-lesson').focus(); else $('learn-next').focus();
}

export function closeLearn() {
  stopPlaying();
  if ($('learn').open) $('learn').close();
}


// The controls, once.
export function initLearn() {
  const sel = $('learn-lesson');
  for (const [i, key] of LESSONS.entries()) sel.append(new Option(t(key), String(i)));
  $('learn-prev').addEventListener('click', () => go(state.frame - 1, { stop: true }));
  $('learn-next').addEventListener('click', () => go(state.frame + 1, { stop: true }));
  $('learn-play').addEventListener('click', togglePlay);
  $('learn-skip').addEventListener('click', () => go(Number($('learn-skip').dataset.frame), { stop: true }));
  $('learn-close').addEventListener('click', closeLearn);
  sel.addEventListener('change', () => pick(Number(sel.value)));
  $('learn-speed').addEventListener('change', () => { if (state.playing) schedule(); });
  $('learn').addEventListener('close', () => { stopPlaying(); window.scrollTo(0, state.scroll); });
  $('learn').addEventListener('keydown', (e) => {
    e.stopPropagation();  // the page's own shortcuts (undo, redo) wait until the lesson closes
    if (e.target.matches('select, input') || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'ArrowRight') { e.preventDefault(); go(state.frame + 1, { stop: true }); }
    else if (e.key === 'ArrowLeft') { e.preventDefault(); go(state.frame - 1, { stop: true }); }
    else if (e.key === 'Home') { e.preventDefault(); go(0, { stop: true }); }
    else if (e.key === 'End') { e.preventDefault(); go(Infinity, { stop: true }); }
  });
  onLocaleChange(() => { if ($('learn').open) { state.built = ''; render(); } });
}
