// The "This board" panel: the solve answer's facts, the size's facts and its quiet patterns.
import { stateColours } from './colours.js';

const $ = (id) => document.getElementById(id);
const FIELDS = ['info-solvable', 'info-presses', 'info-nullity', 'info-solutions', 'info-method'];

// While a new answer is on its way nothing old stays on show.
export function pending() {
  for (const id of FIELDS) $(id).textContent = '…';
  $('facts-error').hidden = true;
}

export function failed(message) {
  for (const id of FIELDS) $(id).textContent = '—';
  $('facts-error').hidden = false;
  $('facts-error').textContent = `Could not analyse: ${message}.`;
}

export function showSolve(res) {
  $('facts-error').hidden = true;
  $('info-solvable').textContent = res.solvable ? 'yes' : 'no';
  $('info-presses').textContent = res.solvable
    ? `${res.press_count.toLocaleString('en')}${res.solutions === '1' ? ' (the only solution)'
      : res.minimal_proven ? ' (proven fewest)'
        : res.minimal ? ` (fewest not proven; at least ${res.minimal_lower_bound.toLocaleString('en')})`
          : ' (not minimised)'}` : '—';
  $('info-nullity').textContent = String(res.nullity);
  $('info-solutions').textContent = res.solutions;
  $('info-method').textContent = res.method ?? '—';
}

// The placeholders keep their line, so the panels below do not jump when the answer comes.
export function infoPending() {
  $('info-fraction').textContent = '…';
  $('quiet').textContent = '…';
}

export function infoFailed(message) {
  $('info-fraction').textContent = '—';
  $('quiet').textContent = `Could not load: ${message}.`;
}

// info: the /api/info answer with kernel as Uint8Arrays (or null).
export function showInfo(info, rows, cols, states, holes) {
  let fraction;
  if (info.all_solvable) fraction = 'all (one solution each)';
  else if (info.solvable_log2 !== null && info.solvable_log2 !== undefined) {
    fraction = `1 in ${info.nullity < 31 ? 2 ** info.nullity : '2^' + info.nullity}`;
  } else fraction = `1 in ${info.quiet_patterns}`;
  $('info-fraction').textContent = fraction;
  const quiet = $('quiet');
  quiet.replaceChildren();
  if (!info.kernel || info.kernel.length === 0) {
    quiet.textContent = info.kernel ? 'None: every board has exactly one solution.' : 'Too many cells to show them.';
    return;
  }
  const colours = stateColours(states);
  const px = Math.max(1, Math.min(8, Math.floor(132 / Math.max(rows, cols))));
  info.kernel.slice(0, 24).forEach((k, n) => {
    const cv = document.createElement('canvas');
    cv.width = cols * px; cv.height = rows * px;
    cv.setAttribute('role', 'img');
    cv.setAttribute('aria-label', `quiet pattern ${n + 1}`);
    cv.className = 'mini';
    const ctx = cv.getContext('2d');
    for (let i = 0; i < rows * cols; i++) {
      ctx.fillStyle = holes && holes[i] ? '#0b1120' : colours[k[i]];
      ctx.fillRect((i % cols) * px, Math.floor(i / cols) * px, px, px);
    }
    quiet.append(cv);
  });
  if (info.kernel.length > 24) quiet.append(`… and ${info.kernel.length - 24} more`);
}
