// The page's strings in English: one key per string, the same keys as every other locale table
// (tests/e2e/locales.test.mjs fails on a key missing from either). {name} marks a parameter;
// KEY.one / KEY.other are the plural forms (i18n.js tn()).
export default {
  // --- page: the header, the panels and the messages the page had before the locales
  'page.title': 'Lights Out playground',
  'page.language': 'Language',

  // --- links: the puzzle in the URL, copy link, kept state, offline
  'links.copy': 'Copy link',
  'links.field': 'Link to this puzzle',
  'links.download': 'Download board file',
  'links.copied': 'Link copied: it opens this puzzle, its rules and the moves made so far.',
  'links.copy-select': 'The link is in the box below, selected: copy it from there (the clipboard is not available).',
  'links.too-long': 'This puzzle’s link would be {length} characters, more than the {max} a link can safely carry. Download the board as a file instead (open it with Load text, under the same rules).',
  'links.too-long.status': 'This board is too large for a link: download it as a file instead.',
  'links.downloaded': 'Board saved as {name}.',
  'links.opened': 'Opened a shared puzzle: {rows} × {cols}.',
  'links.opened-moves.one': 'Opened a shared puzzle: {rows} × {cols}, {n} move made so far.',
  'links.opened-moves.other': 'Opened a shared puzzle: {rows} × {cols}, {n} moves made so far.',
  'links.restored': 'Your last puzzle is back.',
  'links.restored-moves.one': 'Your last puzzle is back, with the {n} move made.',
  'links.restored-moves.other': 'Your last puzzle is back, with the {n} moves made.',
  'links.bad.tag': 'The address holds something that is not a puzzle link; the page opened as usual.',
  'links.bad.newer': 'This puzzle link was made by a newer version of the page; the page opened as usual.',
  'links.bad.damaged': 'This puzzle link is damaged or cut short; the page opened as usual.',
  'links.bad-rules': 'The rules in this link are not valid ({message}); the page opened as usual.',
  'links.refused': 'The puzzle in this link is refused here: {reason}.',
  'links.offline-ready': 'Available offline: this page and its solver are kept in this browser.',
  'links.offline-failed': 'This page could not be kept for offline use ({message}).',
  'links.core-failed': 'The solver (the WebAssembly core) did not load: {message}. Reload the page; if this persists, the site is incomplete.',
  'links.file': 'This page was opened as a file, where browsers do not run its scripts. Open it through a web server instead: run `lightsout serve` and visit the address it prints, or run `python3 -m http.server 8000` in this folder and visit http://127.0.0.1:8000/.',
  'links.scripts-failed': 'The page’s scripts did not load, so the board cannot work. Reload the page; if this persists, the site is incomplete.',

  // --- game: daily puzzle, timer, moves, win panel, levels

  // --- learn: the three ways to solve, step by step

  // --- layout: the board in view, shapes for K >= 3, the density overlay
};
