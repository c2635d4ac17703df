// The Rules panel: topology, states, neighbourhood presets and the mask editor, self, target,
// holes and the rules text, kept in step with the page's rules.
import * as R from './rules.js';
import { MaskEditor, HALF } from './mask-editor.js';

const $ = (id) => document.getElementById(id);

// page: { rules(), rows(), cols(), setRules(rules, message), resize(rows, cols, values, rules),
// setStatus(message, kind), sync() }. Returns sync(rules, cols): shows the rules in the panel.
export function rulesPanel(page) {
  const mask = new MaskEditor($('mask'), (dr, dc) => {
    const r = page.rules();
    const base = r.nbhd === 'rowcol' ? R.namedOffsets('plus') : r.offsets;
    const has = base.some(([a, b]) => a === dr && b === dc);
    const next = has ? base.filter(([a, b]) => a !== dr || b !== dc) : [...base, [dr, dc]];
    if (!next.length) { page.setStatus('A neighbourhood needs at least one cell.', 'warn'); return; }
    page.setRules(R.withNeighbourhood(r, 'mask', next));
  });
  const copy = (change) => ({ ...R.cloneRules(page.rules()), ...change });

  $('topology').addEventListener('change', (e) => page.setRules(copy({ topology: e.target.value })));
  $('states').addEventListener('change', (e) => {
    const k = Number(e.target.value);
    if (!Number.isInteger(k) || k < R.MIN_STATES || k > R.MAX_STATES) {
      page.setStatus('States K must be a whole number from 2 to 255.', 'warn'); page.sync(); return;
    }
    page.setRules(copy({ states: k }));
  });
  $('nbhd').addEventListener('change', (e) => {
    const r = page.rules();
    if (e.target.value === 'mask') {
      page.setRules(R.withNeighbourhood(r, 'mask', r.nbhd === 'rowcol' ? R.namedOffsets('plus') : r.offsets));
    } else page.setRules(R.withNeighbourhood(r, e.target.value));
  });
  $('self').addEventListener('change', (e) => {
    const next = R.withSelf(page.rules(), e.target.checked);
    if (!next.offsets.length && next.nbhd !== 'rowcol') {
      page.setStatus('A neighbourhood needs at least one cell.', 'warn'); page.sync(); return;
    }
    page.setRules(next);
  });
  $('target').addEventListener('change', (e) => page.setRules(copy({ target: e.target.checked })));
  $('clear-holes').addEventListener('click', () => page.setRules(copy({ holes: null }), 'Holes removed.'));
  $('rules-form').addEventListener('submit', (e) => {
    e.preventDefault();
    let parsed;
    try { parsed = R.parseRules($('rules-text').value); } catch (err) { page.setStatus(err.message, 'warn'); return; }
    const { rules, holesSize } = parsed;
    if (holesSize && (holesSize.rows !== page.rows() || holesSize.cols !== page.cols())) {
      if (page.resize(holesSize.rows, holesSize.cols, null, rules)) {
        page.setStatus(`Rules in use: ${R.rulesText(rules, holesSize.cols)} (the board follows the holes' size).`);
      }
      return;
    }
    page.setRules(rules, `Rules in use: ${R.rulesText(rules, page.cols())}`);
  });

  return (r, cols) => {
    $('topology').value = r.topology;
    $('states').value = r.states;
    $('nbhd').value = r.nbhd;
    $('self').checked = r.self;
    $('target').checked = r.target;
    $('rules-text').value = R.rulesText(r, cols);
    $('clear-holes').disabled = !R.hasHoles(r);
    const big = r.offsets.some(([dr, dc]) => Math.abs(dr) > HALF || Math.abs(dc) > HALF);
    mask.show(r.offsets, r.nbhd === 'rowcol');
    $('mask-note').textContent = r.nbhd === 'rowcol' ? 'A press changes its whole row and column.'
      : big ? 'This mask is larger than 7 × 7: edit it in the rules text.'
        : 'A press changes the cells set here (the centre is the button).';
    const goal = r.target ? (r.states === 2 ? 'every light on' : `every light at ${r.states - 1}`) : 'every light off';
    $('tagline').textContent = `Press a light to change it and its neighbours (${r.nbhd === 'mask' ? 'custom' : r.nbhd}, ` +
      `${r.topology}, ${r.states} states); goal: ${goal}.`;
  };
}
