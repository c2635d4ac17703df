// The page's side of links (link.js) and of what it keeps (storage.js): "Copy link", the
// download offer for a puzzle too large for a link, opening a link (at load and on hashchange),
// keeping the last puzzle, the moves and the settings (the click mode, the lessons' speed), and
// the record of the player's presses that a link carries.
import * as R from './core.js';
import { encode, decode, linkFor, LinkError, MAX_LINK_LENGTH } from './link.js';
import * as kept from './storage.js';
import { t, tn, formatNumber, onLocaleChange } from './i18n.js';

const $ = (id) => document.getElementById(id);

// --- the player's presses ------------------------------------------------------------------
// A record { rows, cols, text, start, presses, lights }: the board `start` under rules `text`,
// then `presses` (times each button, mod K) made by the player, giving `lights`. It is current
// while the page's board is still exactly that; anything else that changes the board (an edit,
// new rules, Random, undo past it) leaves it stale, and a link then carries the board as it is.
const sameLights = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
export function currentPlay(played, b) {
  return played && played.rows === b.rows && played.cols === b.cols && played.text === b.rulesText &&
    sameLights(played.lights, b.lights) ? played : null;
}
// Before a press of the player on board b (the page's board()): the record to add it to.
export function pressing(played, b) {
  return currentPlay(played, b) ?? { rows: b.rows, cols: b.cols, text: b.rulesText, start: b.lights.slice(),
    presses: new Uint8Array(b.rows * b.cols), lights: null };
}
// After the press of button i, with the lights it gave: a new record (old ones stay as undo kept them).
export function pressed(record, i, lights, states) {
  const presses = record.presses.slice();
  presses[i] = (presses[i] + 1) % states;
  return { ...record, presses, lights: lights.slice() };
}

// page: { puzzle() -> { rows, cols, rules, lights, moves, played }, resize(rows, cols, values,
// rules) -> bool, openDaily(date), forgetHistory(), setProgress({ lights?, moves, played }) (lights: the presses'
// board, one undo step after the puzzle's), boardText(), setStatus(text, kind) }.
// Returns { start(openDefault), changed() }.
export function sharePanel(page) {
  // The status line's last message from here, said again in a new locale while it is on show.
  let said = null;
  const say = (key, params = {}, kind = '', n = null) => {
    const text = n === null ? t(key, params) : tn(key, n, params);
    page.setStatus(text, kind);
    said = { key, params, kind, n, text };
  };
  // The opened or restored puzzle, with its moves when there are any.
  const sayOpened = (key, p) => {
    if (p.moves) say(`${key}-moves`, { rows: p.rows, cols: p.cols }, '', p.moves);
    else say(key, { rows: p.rows, cols: p.cols });
  };

  // The page's puzzle as link.js encodes it.
  const puzzleNow = () => {
    const s = page.puzzle();
    const rulesText = s.rules.text;
    const plain = R.hasHoles(s.rules) ? R.parseRules(R.composeText({ ...s.rules, holes: null }, s.cols)).rules.text : rulesText;
    const played = currentPlay(s.played, { rows: s.rows, cols: s.cols, rulesText, lights: s.lights });
    return { rows: s.rows, cols: s.cols, states: s.rules.states, rules: plain,
      lights: played ? played.start : s.lights, holes: R.hasHoles(s.rules) ? s.rules.holes : null,
      presses: played ? played.presses : null, moves: s.moves };
  };

  // Opens a decoded puzzle; returns true, or says why not (one line) and returns false. `first`:
  // the page's opening board, with nothing before it to undo.
  const open = (p, first = false) => {
    let rules;
    try {
      rules = R.parseRules(p.rules).rules;
      if (p.holes) rules = R.edit(rules, { holes: p.holes }, p.cols);
    } catch (e) { say('links.bad-rules', { message: e.message }, 'warn'); return false; }
    if (rules.states !== p.states) { say('links.bad.damaged', {}, 'warn'); return false; }
    const why = R.refusal(rules, p.rows, p.cols);
    if (why) { say('links.refused', { reason: why }, 'warn'); return false; }
    const start = p.lights.map((v, i) => (rules.holes && rules.holes[i] ? 0 : v));
    if (!page.resize(p.rows, p.cols, start, rules)) return false;
    if (first) page.forgetHistory();
    if (!p.presses) { page.setProgress({ moves: p.moves, played: null }); return true; }
    const lights = R.applyPresses(rules, p.rows, p.cols, start, p.presses);
    page.setProgress({ lights, moves: p.moves, played: { rows: p.rows, cols: p.cols, text: rules.text,
      start: start.slice(), presses: p.presses, lights: lights.slice() } });
    return true;
  };

  // A fragment from the address bar: opened, or a one-line reason. The fragment is then taken out
  // of the address, so that a reload brings back the kept puzzle with the moves made since.
  const openFragment = (hash, first = false) => {
    history.replaceState(null, '', location.pathname + location.search);
    // A shared daily puzzle (share-card.js): the daily puzzle of its date, as the daily.
    const daily = /^#daily=(\d{4}-\d\d-\d\d)$/.exec(hash);
    if (daily) {
      page.openDaily(daily[1]);
      if (first) page.forgetHistory();
      return true;
    }
    let p;
    try { p = decode(hash); } catch (e) {
      say(e instanceof LinkError ? `links.bad.${e.code}` : 'links.bad.damaged', {}, 'warn');
      return false;
    }
    if (!open(p, first)) return false;
    sayOpened('links.opened', p);
    return true;
  };

  // --- Copy link, and the file offered instead of a link too long ---------------------------
  const box = $('link-box'), field = $('link-text'), note = $('link-note'), download = $('download-board');
  let tooLong = null;  // { length } while the offer is on show
  const showOffer = () => {
    note.textContent = tooLong ? t('links.too-long', { length: formatNumber(tooLong.length), max: formatNumber(MAX_LINK_LENGTH) }) : '';
  };
  $('copy-link').addEventListener('click', async () => {
    const link = linkFor(location.href, puzzleNow());
    box.hidden = false;
    if (!link.fits) {
      tooLong = { length: link.url.length };
      field.value = '';
      $('link-field').hidden = true;
      download.hidden = false;
      showOffer();
      say('links.too-long.status', {}, 'warn');
      return;
    }
    tooLong = null;
    showOffer();
    $('link-field').hidden = false;
    download.hidden = true;
    field.value = link.url;
    try {
      await navigator.clipboard.writeText(link.url);
      say('links.copied');
    } catch {
      field.focus();
      field.select();
      say('links.copy-select');
    }
  });
  download.addEventListener('click', () => {
    const s = page.puzzle();
    const url = URL.createObjectURL(new Blob([page.boardText()], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `lightsout-${s.rows}x${s.cols}.txt`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    say('links.downloaded', { name: a.download });
  });

  // --- kept between visits ------------------------------------------------------------------
  let keepTimer = 0;
  const keepNow = () => {
    clearTimeout(keepTimer);
    keepTimer = 0;
    try { kept.keepPuzzle(encode(puzzleNow())); } catch { /* a board the page cannot encode: not kept */ }
  };
  window.addEventListener('pagehide', () => { if (keepTimer) keepNow(); });
  const settings = () => {
    const s = kept.keptSettings();
    const radio = document.querySelector(`input[name=mode][value="${CSS.escape(String(s.mode ?? ''))}"]`);
    if (radio) radio.checked = true;
    for (const r of document.querySelectorAll('input[name=mode]')) {
      r.addEventListener('change', () => kept.keepSettings({ mode: r.value }));
    }
    // The lessons' animation speed, where the page has one.
    const speed = $('learn-speed');
    if (speed) {
      if ([...speed.options].some((o) => o.value === s.speed)) speed.value = s.speed;
      speed.addEventListener('change', () => kept.keepSettings({ speed: speed.value }));
    }
  };

  onLocaleChange(() => {
    showOffer();
    if (said && $('status').textContent === said.text) say(said.key, said.params, said.kind, said.n);
  });
  window.addEventListener('hashchange', () => { if (location.hash.length > 1) openFragment(location.hash); });
  // Tests compare what is kept with what the page would keep now.
  window.__lightsoutLinks = { fragment: () => encode(puzzleNow()), kept: kept.keptPuzzle };

  return {
    // The opening board: a link wins, else the kept puzzle, else openDefault() (what the page
    // did before links). A bad link says why and the page opens as it would without it.
    start(openDefault) {
      settings();
      if (location.hash.length > 1 && openFragment(location.hash, true)) return;
      const message = said;
      let restored = false;
      const fragment = kept.keptPuzzle();
      if (fragment) {
        try {
          const p = decode(fragment);
          restored = open(p, true);
          if (restored && !message) sayOpened('links.restored', p);
        } catch { /* kept by another version, or damaged: forgotten */ }
        if (!restored) kept.forgetPuzzle();
      }
      if (!restored) openDefault();
      if (message) say(message.key, message.params, message.kind, message.n);
    },
    // After every change of the board: the link on show is out of date; keep the puzzle soon.
    changed() {
      if (!box.hidden) { box.hidden = true; tooLong = null; }
      clearTimeout(keepTimer);
      keepTimer = setTimeout(keepNow, 250);
    },
  };
}
