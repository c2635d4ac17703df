// The page's strings in 简体中文: one key per string, the same keys as every other locale table
// (tests/e2e/locales.test.mjs fails on a key missing from either). {name} marks a parameter;
// KEY.one / KEY.other are the plural forms (i18n.js tn()).
export default {
  // --- page: the header, the panels and the messages the page had before the locales
  'page.title': '点灯游戏（Lights Out）练习场',
  'page.language': '语言',

  // --- links: the puzzle in the URL, copy link, kept state, offline

  // --- game: daily puzzle, timer, moves, win panel, levels
  'game.group': '谜题',
  'game.daily': '每日一题',
  'game.level': '关卡',
  'game.level.choose': '选择关卡',
  'game.level.cleared': '✓',
  'game.levelName': '{n}. {size}，{rules}',
  'game.time': '用时',
  'game.parLabel': '最优步数',
  'game.showPar': '显示最优步数',
  'game.size': '{rows} × {cols}',
  'game.rules.classic': '经典规则',
  'game.rules.torus': '环面',
  'game.rules.states': '{k} 种状态',
  'game.rules.torusStates': '环面，{k} 种状态',
  'game.rules.text': '规则 {text}',
  'game.title.daily': '{date} 的每日一题：{size}，{rules}',
  'game.title.level': '第 {n} 关（共 {total} 关）：{size}，{rules}',
  'game.title.free': '自由练习：{size}，{rules}',
  'game.status.start': '{title}。把每盏灯都变成 0；第一次按下时开始计时。',
  'game.par.hidden': '已隐藏',
  'game.par.pending': '正在计算…',
  'game.par.unproven': '未能证明（至少 {lower}）',
  'game.par.unsolvable': '无：这个棋盘无解',
  'game.par.none': '这个棋盘不计算',
  'game.win.title': '解开了！',
  'game.win.titleHelped': '解开了（借助了帮助）',
  'game.win.summary.one': '{n} 步，用时 {time}',
  'game.win.summary.other': '{n} 步，用时 {time}',
  'game.win.par': '最优步数（已证明的最少按键次数）：{par}',
  'game.win.parMatched': '最优步数（已证明的最少按键次数）：{par}。你达到了最优：没有更短的解法。',
  'game.win.helpedSolver': '求解器显示或代按了按键，所以这不算独立解开。',
  'game.win.helpedEdit': '游戏中修改过棋盘，所以这不算独立解开。',
  'game.share.one': '点灯游戏 {puzzle}：{n} 步，最优 {par} 步',
  'game.share.other': '点灯游戏 {puzzle}：{n} 步，最优 {par} 步',
  'game.share.unproven.one': '点灯游戏 {puzzle}：{n} 步，最优步数未能证明（至少 {lower} 步）',
  'game.share.unproven.other': '点灯游戏 {puzzle}：{n} 步，最优步数未能证明（至少 {lower} 步）',
  'game.share.noPar.one': '点灯游戏 {puzzle}：{n} 步，无已证明的最优步数',
  'game.share.noPar.other': '点灯游戏 {puzzle}：{n} 步，无已证明的最优步数',
  'game.share.levelName': '第 {n} 关',
  'game.share.helped': '{line}，借助了求解器',
  'game.share.edited': '{line}，中途改过棋盘',
  'game.next': '下一题',
  'game.copy': '复制成绩',
  'game.close': '关闭',
  'game.copied': '已复制。',
  'game.copyFailed': '无法使用剪贴板：这一行已选中，请按 Ctrl+C 复制。',
  'game.facts.concealed': '游戏中隐藏',
  'game.facts.why': '最少按键次数会泄露答案，所以解开之前不显示。',
  'game.facts.show': '显示最少按键次数',

  // --- learn: the three ways to solve, step by step

  // --- layout: the board in view, shapes for K >= 3, the density overlay
};
