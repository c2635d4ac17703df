// The page's strings in 简体中文: one key per string, the same keys as every other locale table
// (tests/e2e/locales.test.mjs fails on a key missing from either). {name} marks a parameter;
// KEY.one / KEY.other are the plural forms (i18n.js tn()).
export default {
  // --- page: the header, the panels and the messages the page had before the locales
  'page.title': '点灯游戏（Lights Out）练习场',
  'page.language': '语言',

  // --- links: the puzzle in the URL, copy link, kept state, offline

  // --- game: daily puzzle, timer, moves, win panel, levels

  // --- learn: the three ways to solve, step by step

  // --- layout: the board in view, shapes for K >= 3, the density overlay
  'layout.zoomRegion': '框选放大',
  'layout.zoomRegionTitle': '在棋盘上拖出一个矩形，放大到该区域（也可随时按住 Shift 拖动）',
  'layout.density': '按键密度',
  'layout.densityLegend': '每个区块中需要按下的格子所占比例',
};
