// The card a win offers to share: the result line with the time, the starting board as a small
// emoji picture (the puzzle, never its solution) and a link that opens the same puzzle unsolved
// (a daily puzzle's link opens it as the daily puzzle of its date).
import * as R from './core.js';
import { linkFor } from './link.js';
import { t } from './i18n.js';

const PICTURE_SIDE = 12;  // boards up to this many rows and columns get the picture
// A light's square by its value: off, then on (and the further states of a K-state board).
const SQUARES = ['⬛', '🟨', '🟧', '🟥', '🟪', '🟦', '🟩'];

// The page's address without its fragment.
const base = () => location.href.replace(/#.*$/s, '');

// The link to the session's puzzle as it started, or '' when it has none (a board too large).
export function puzzleLink(s) {
  if (s.kind === 'daily') return `${base()}#daily=${s.date}`;
  if (!s.start) return '';
  const holes = R.hasHoles(s.rules);
  const rules = holes ? R.parseRules(R.composeText({ ...s.rules, holes: null }, s.cols)).rules.text : s.rules.text;
  const link = linkFor(base(), { rows: s.rows, cols: s.cols, states: s.rules.states, rules,
    lights: s.start.lights, holes: holes ? s.rules.holes : null, presses: null, moves: 0 });
  return link.fits ? link.url : '';
}

// The starting board in emoji squares, a line a row ('' for a board too large to draw so).
export function picture(s) {
  if (!s.start || s.rows > PICTURE_SIDE || s.cols > PICTURE_SIDE) return '';
  const out = [];
  for (let r = 0; r < s.rows; r++) {
    let line = '';
    for (let c = 0; c < s.cols; c++) line += SQUARES[s.start.lights[r * s.cols + c] % SQUARES.length];
    out.push(line);
  }
  return out.join('\n');
}

// { text, link }: the card of session s, whose result line is `line`, played in `time`.
export function shareCard(s, line, time) {
  const link = puzzleLink(s);
  const text = [t('game.share.time', { line, time }), picture(s), link].filter(Boolean).join('\n');
  return { text, link };
}
