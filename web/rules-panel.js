// The Rules panel: topology, states, neighbourhood presets and the mask editor, self, target,
// holes and the rules text, kept in step with the page's rules. Every change is a rules text
// that the core parses (core.js): a text it refuses changes nothing and says why.
import * as core from './core.js';
import { MaskEditor, HALF } from './mask-editor.js';
import { t, onLocaleChange } from './i18n.js';

const $ = (id) => document.getElementById(id);

// page: { rules(), rows(), cols(), setRules(rules, message), resize(rows, cols, values, rules),
// setStatus(message, kind), sync() }. Returns sync(rules): shows the rules in the panel.
export function rulesPanel(page) {
  // The rules with `change`, or null (and the core's message on show) when they are refused.
  const edited = (change) => {
    try { return core.edit(page.rules(), change, page.cols()); } catch (err) {
      page.setStatus(() => err.message, 'warn'); page.sync(); return null;
    }
  };
  const apply = (change, message) => { const r = edited(change); if (r) page.setRules(r, message); };
  // A mask starts from the cells a press changes now (rowcol has none fixed: the plus then).
  const maskBase = (r) => (r.nbhd === 'rowcol' ? core.parseRules('').rules.offsets : r.offsets);

  const mask = new MaskEditor($('mask'), (dr, dc) => {
    const base = maskBase(page.rules());
    const has = base.some(([a, b]) => a === dr && b === dc);
    apply({ nbhd: 'mask', offsets: has ? base.filter(([a, b]) => a !== dr || b !== dc) : [...base, [dr, dc]] });
  });

  $('topology').addEventListener('change', (e) => apply({ topology: e.target.value }));
  $('states').addEventListener('change', (e) => apply({ states: e.target.value.trim() }));
  $('nbhd').addEventListener('change', (e) => {
    const r = page.rules();
    if (e.target.value === 'mask') apply({ nbhd: 'mask', offsets: maskBase(r) });
    else apply({ nbhd: e.target.value });
  });
  $('self').addEventListener('change', (e) => {
    const r = page.rules();
    if (r.nbhd !== 'mask') { apply({ self: e.target.checked }); return; }
    const offsets = r.offsets.filter(([dr, dc]) => dr !== 0 || dc !== 0);
    apply({ offsets: e.target.checked ? [...offsets, [0, 0]] : offsets });
  });
  $('target').addEventListener('change', (e) => apply({ target: e.target.checked }));
  $('clear-holes').addEventListener('click', () => apply({ holes: null }, () => t('page.status.holesRemoved')));
  $('rules-form').addEventListener('submit', (e) => {
    e.preventDefault();
    let parsed;
    try { parsed = core.parseRules($('rules-text').value); } catch (err) { page.setStatus(() => err.message, 'warn'); return; }
    const { rules, size } = parsed;
    if (size && (size.rows !== page.rows() || size.cols !== page.cols())) {
      if (page.resize(size.rows, size.cols, null, rules)) {
        page.setStatus(() => t('page.status.rulesInUseHoles', { rules: rules.text }));
      }
      return;
    }
    page.setRules(rules, () => t('page.status.rulesInUse', { rules: rules.text }));
  });

  const show = (r) => {
    $('topology').value = r.topology;
    $('states').value = r.states;
    $('nbhd').value = r.nbhd;
    $('self').checked = r.self;
    $('target').checked = r.target;
    $('rules-text').value = r.text;
    $('clear-holes').disabled = !core.hasHoles(r);
    const big = r.offsets.some(([dr, dc]) => Math.abs(dr) > HALF || Math.abs(dc) > HALF);
    mask.show(r.offsets, r.nbhd === 'rowcol');
    $('mask-box').hidden = r.nbhd !== 'mask';  // the editor is for a custom neighbourhood only
    $('mask-note').textContent = t(r.nbhd === 'rowcol' ? 'page.mask.rowcol' : big ? 'page.mask.big' : 'page.mask.note');
    const goal = r.target ? (r.states === 2 ? t('page.goal.on') : t('page.goal.at', { value: r.states - 1 })) : t('page.goal.off');
    // The classic game in plain words; a variant names what differs.
    $('tagline').textContent = r.classic ? t('page.tagline') : t('page.tagline.rules', { nbhd: t(`page.nbhd.${r.nbhd}`),
      topology: t(`page.topology.${r.topology}`), states: r.states, goal });
  };
  // The panel's sentences in a new locale (the markup's labels are refilled by i18n.js).
  onLocaleChange(() => show(page.rules()));
  return show;
}
