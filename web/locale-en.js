// The page's strings in English: one key per string, the same keys as every other locale table
// (tests/e2e/locales.test.mjs fails on a key missing from either). {name} marks a parameter;
// KEY.one / KEY.other are the plural forms (i18n.js tn()).
export default {
  // --- page: the header, the panels and the messages the page had before the locales
  'page.title': 'Lights Out playground',
  'page.language': 'Language',

  // --- links: the puzzle in the URL, copy link, kept state, offline

  // --- game: daily puzzle, timer, moves, win panel, levels

  // --- learn: the three ways to solve, step by step

  // --- layout: the board in view, shapes for K >= 3, the density overlay
  'layout.zoomRegion': 'Zoom to region',
  'layout.zoomRegionTitle': 'Drag a rectangle on the board to zoom into it (or Shift-drag at any time)',
  'layout.density': 'Press density',
  'layout.densityLegend': 'of each block\'s cells to press',
};
