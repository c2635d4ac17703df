// The "This board" panel: the solve answer's facts, the size's facts and its quiet patterns.
import { stateColours } from './colours.js';
import { t, formatNumber, onLocaleChange } from './i18n.js';

const $ = (id) => document.getElementById(id);
// The core's method name in the page's words (a name without a translation is shown as it is).
const METHODS = ['tables', 'enumerate', 'chase', 'poly', 'dense', 'banded', 'gf2', 'zk', 'rowcol'];
const methodWords = (m) => (METHODS.includes(m) ? t(`page.method.${m}`) : m);
const FIELDS = ['info-solvable', 'info-presses', 'info-nullity', 'info-solutions', 'info-method'];
// The last call for each part of the panel (the answer, the size's facts), made again when the
// locale changes.
const shown = { solve: null, info: null };
onLocaleChange(() => { shown.solve?.(); shown.info?.(); });

// While a new answer is on its way nothing old stays on show.
export function pending() {
  shown.solve = null;
  for (const id of FIELDS) $(id).textContent = '…';
  $('facts-error').hidden = true;
}

// message: a string or a function making it in the page's locale.
export function failed(message) {
  shown.solve = () => failed(message);
  for (const id of FIELDS) $(id).textContent = '—';
  $('facts-error').hidden = false;
  $('facts-error').textContent = t('page.facts.failed', { message });
}

export function showSolve(res) {
  shown.solve = () => showSolve(res);
  $('facts-error').hidden = true;
  $('info-solvable').textContent = t(res.solvable ? 'page.facts.yes' : 'page.facts.no');
  $('info-presses').textContent = res.solvable
    ? t(res.solutions === '1' ? 'page.facts.only' : res.minimal_proven ? 'page.facts.proven'
      : res.minimal ? 'page.facts.notProven' : 'page.facts.notMinimised',
    { n: formatNumber(res.press_count), bound: formatNumber(res.minimal_lower_bound ?? 0) }) : '—';
  $('info-nullity').textContent = String(res.nullity);
  $('info-solutions').textContent = res.solutions;
  $('info-method').textContent = res.method ? methodWords(res.method) : '—';
}

// The placeholders keep their line, so the panels below do not jump when the answer comes.
export function infoPending() {
  shown.info = null;
  $('info-fraction').textContent = '…';
  $('quiet').textContent = '…';
}

export function infoFailed(message) {
  shown.info = () => infoFailed(message);
  $('info-fraction').textContent = '—';
  $('quiet').textContent = t('page.quiet.failed', { message });
}

// info: the /api/info answer with kernel as Uint8Arrays (or null).
export function showInfo(info, rows, cols, states, holes) {
  shown.info = () => showInfo(info, rows, cols, states, holes);
  let fraction;
  if (info.all_solvable) fraction = t('page.facts.all');
  else if (info.solvable_log2 !== null && info.solvable_log2 !== undefined) {
    fraction = t('page.facts.oneIn', { n: info.nullity < 31 ? formatNumber(2 ** info.nullity) : '2^' + info.nullity });
  } else fraction = t('page.facts.oneIn', { n: info.quiet_patterns });
  $('info-fraction').textContent = fraction;
  const quiet = $('quiet');
  quiet.replaceChildren();
  if (!info.kernel || info.kernel.length === 0) {
    quiet.textContent = t(info.kernel ? 'page.quiet.none' : 'page.quiet.tooMany');
    return;
  }
  const colours = stateColours(states);
  const px = Math.max(1, Math.min(8, Math.floor(132 / Math.max(rows, cols))));
  info.kernel.slice(0, 24).forEach((k, n) => {
    const cv = document.createElement('canvas');
    cv.width = cols * px; cv.height = rows * px;
    cv.setAttribute('role', 'img');
    cv.setAttribute('aria-label', t('page.quiet.label', { n: n + 1 }));
    cv.className = 'mini';
    const ctx = cv.getContext('2d');
    for (let i = 0; i < rows * cols; i++) {
      ctx.fillStyle = holes && holes[i] ? '#0b1120' : colours[k[i]];
      ctx.fillRect((i % cols) * px, Math.floor(i / cols) * px, px, px);
    }
    quiet.append(cv);
  });
  if (info.kernel.length > 24) quiet.append(t('page.quiet.more', { n: info.kernel.length - 24 }));
}
