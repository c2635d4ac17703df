// The page's strings in English: one key per string, the same keys as every other locale table
// (tests/e2e/locales.test.mjs fails on a key missing from either). {name} marks a parameter;
// KEY.one / KEY.other are the plural forms (i18n.js tn()).
export default {
  // --- page: the header, the panels and the messages the page had before the locales
  'page.title': 'Lights Out playground',
  'page.language': 'Language',

  // --- links: the puzzle in the URL, copy link, kept state, offline

  // --- game: daily puzzle, timer, moves, win panel, levels
  'game.group': 'Puzzle',
  'game.daily': 'Daily puzzle',
  'game.level': 'Level',
  'game.level.choose': 'Choose a level',
  'game.level.cleared': '✓',
  'game.levelName': '{n}. {size}, {rules}',
  'game.time': 'Time',
  'game.parLabel': 'Par',
  'game.showPar': 'Show par',
  'game.size': '{rows} × {cols}',
  'game.rules.classic': 'classic',
  'game.rules.torus': 'torus',
  'game.rules.states': '{k} states',
  'game.rules.torusStates': 'torus, {k} states',
  'game.rules.text': 'rules {text}',
  'game.title.daily': 'Daily puzzle for {date}: {size}, {rules}',
  'game.title.level': 'Level {n} of {total}: {size}, {rules}',
  'game.title.free': 'Free play: {size}, {rules}',
  'game.status.start': '{title}. Bring every light to 0; the timer starts at your first press.',
  'game.par.hidden': 'hidden',
  'game.par.pending': 'working it out…',
  'game.par.unproven': 'not proven (at least {lower})',
  'game.par.unsolvable': 'none: this board has no solution',
  'game.par.none': 'not known for this board',
  'game.win.title': 'Solved!',
  'game.win.titleHelped': 'Solved, with help',
  'game.win.summary.one': '{n} move in {time}',
  'game.win.summary.other': '{n} moves in {time}',
  'game.win.par': 'Par (the proven fewest presses): {par}',
  'game.win.parMatched': 'Par (the proven fewest presses): {par}. You matched it: no solution is shorter.',
  'game.win.helpedSolver': 'The solver showed or applied presses, so this is not a clean win.',
  'game.win.helpedEdit': 'The board was edited during play, so this is not a clean win.',
  'game.share.one': 'Lights Out {puzzle}: {n} move, par {par}',
  'game.share.other': 'Lights Out {puzzle}: {n} moves, par {par}',
  'game.share.unproven.one': 'Lights Out {puzzle}: {n} move, par not proven (at least {lower})',
  'game.share.unproven.other': 'Lights Out {puzzle}: {n} moves, par not proven (at least {lower})',
  'game.share.noPar.one': 'Lights Out {puzzle}: {n} move, no proven par',
  'game.share.noPar.other': 'Lights Out {puzzle}: {n} moves, no proven par',
  'game.share.levelName': 'level {n}',
  'game.share.helped': '{line}, with the solver’s help',
  'game.share.edited': '{line}, board edited',
  'game.next': 'Next puzzle',
  'game.copy': 'Copy result',
  'game.close': 'Close',
  'game.copied': 'Copied.',
  'game.copyFailed': 'The clipboard is not available: the line is selected, copy it with Ctrl+C.',
  'game.facts.concealed': 'hidden while you play',
  'game.facts.why': 'The fewest presses give the puzzle away, so they stay hidden until you solve it.',
  'game.facts.show': 'Show the fewest presses',

  // --- learn: the three ways to solve, step by step

  // --- layout: the board in view, shapes for K >= 3, the density overlay
};
