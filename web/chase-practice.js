// Learn's hands-on lesson: the student chases a board by hand. The first row's presses (the one
// the enumeration finds) are made for them; then each press must be the forced one, just below a
// light of the topmost lit row: a right press is made, a wrong one refused with the reason.
import { chase, pressedCells } from './chase.js';
import { t, tn } from './i18n.js';

const MAX_COLS = 10;  // up to 2^10 first rows tried

// The first row (0/1 per column) whose chase leaves board b dark, or null when none does.
function firstRowThatWorks(b) {
  if (b.cols > MAX_COLS) return null;
  for (let mask = 0; mask < 1 << b.cols; mask++) {
    const first = Array.from({ length: b.cols }, (_, c) => (mask >> c) & 1);
    if (!chase(b, first).final.some((v) => v)) return first;
  }
  return null;
}

// A practice on board b ({ rows, cols, lights }): { rows, cols, lights (now), first (the presses
// made for the student), forced() -> { row, cols } | null, press(r, c) -> 'right' | 'wrong' }.
export function makePractice(b) {
  const first = firstRowThatWorks(b);
  const lights = b.lights.slice();
  const p = { rows: b.rows, cols: b.cols, lights, first: new Uint8Array(b.rows * b.cols), solvable: !!first,
    feedback: '', wrong: null, moves: 0 };
  const flip = (r, c) => { for (const i of pressedCells(b.rows, b.cols, r, c)) lights[i] ^= 1; };
  if (first) first.forEach((v, c) => { if (v) { flip(0, c); p.first[c] = 1; } });
  // The topmost row above the last with a light on, and the columns of its lights.
  p.forced = () => {
    for (let r = 0; r < b.rows - 1; r++) {
      const cols = [];
      for (let c = 0; c < b.cols; c++) if (lights[r * b.cols + c]) cols.push(c);
      if (cols.length) return { row: r, cols };
    }
    return null;
  };
  p.press = (r, c) => {
    const f = p.forced();
    if (f && r === f.row + 1 && f.cols.includes(c)) {
      flip(r, c);
      p.moves++;
      p.feedback = 'right';
      p.wrong = null;
    } else {
      p.feedback = 'wrong';
      p.wrong = [r, c];
    }
    return p.feedback;
  };
  return p;
}

// What the practice says now (the line under the board).
export function practiceText(p) {
  const f = p.forced();
  const last = [];
  for (let c = 0; c < p.cols; c++) if (p.lights[(p.rows - 1) * p.cols + c]) last.push(c + 1);
  if (!f) {
    return last.length ? t('learn.practice.stuck', { cols: last.join(t('learn.sep')) })
      : tn('learn.practice.done', p.moves);
  }
  const where = { row: f.row + 1, col: f.cols[0] + 1, next: f.row + 2 };
  if (p.feedback === 'wrong') {
    const [r, c] = p.wrong;
    return t('learn.practice.wrong', { r: r + 1, c: c + 1, ...where });
  }
  if (p.feedback === 'right') return t('learn.practice.right', where);
  return t(p.solvable ? 'learn.practice.start' : 'learn.practice.startNone', where);
}

// The practice's board: a button a cell (on/off said), the forced row's cells answering presses.
export function drawPractice(p, onPress) {
  const box = document.createElement('div');
  box.id = 'learn-practice';
  const grid = document.createElement('div');
  grid.className = 'lboard practice';
  grid.style.setProperty('--cols', p.cols);
  grid.setAttribute('role', 'group');
  grid.setAttribute('aria-label', t('learn.practice.board', { rows: p.rows, cols: p.cols }));
  const f = p.forced();
  Object.assign(box.dataset, { state: f ? 'chasing' : p.lights.some((v) => v) ? 'stuck' : 'done',
    feedback: p.feedback, forced: f ? f.cols.map((c) => `${f.row + 1},${c}`).join(';') : '' });
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0; c < p.cols; c++) {
      const i = r * p.cols + c;
      const cell = document.createElement('button');
      cell.type = 'button';
      cell.className = 'lcell';
      cell.dataset.on = p.lights[i] ? '1' : '0';
      cell.dataset.r = r;
      cell.dataset.c = c;
      if (p.first[i]) cell.dataset.mark = '1';
      if (p.wrong && p.wrong[0] === r && p.wrong[1] === c) cell.dataset.wrong = '1';
      cell.setAttribute('aria-label', t('learn.practice.cell', { row: r + 1, col: c + 1,
        state: t(p.lights[i] ? 'page.cell.on' : 'page.cell.off') }));
      cell.addEventListener('click', () => onPress(r, c));
      grid.append(cell);
    }
  }
  const legend = document.createElement('p');
  legend.className = 'note';
  legend.textContent = t('learn.practice.legend');
  box.append(grid, legend);
  return box;
}
