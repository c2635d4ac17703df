// The page's strings in 简体中文: one key per string, the same keys as every other locale table
// (tests/e2e/locales.test.mjs fails on a key missing from either). {name} marks a parameter;
// KEY.one / KEY.other are the plural forms (i18n.js tn()).
export default {
  // --- page: the header, the panels and the messages the page had before the locales
  'page.title': '点灯游戏（Lights Out）练习场',
  'page.language': '语言',

  // --- links: the puzzle in the URL, copy link, kept state, offline
  'links.copy': '复制链接',
  'links.field': '此谜题的链接',
  'links.download': '下载棋盘文件',
  'links.copied': '链接已复制：打开它即可得到这道谜题、它的规则和目前为止的操作。',
  'links.copy-select': '链接在下面的框中，已选中：请从那里复制（剪贴板不可用）。',
  'links.too-long': '这道谜题的链接将有 {length} 个字符，超过了链接能安全承载的 {max} 个。请改为把棋盘下载为文件（在相同的规则下用“加载文本”打开）。',
  'links.too-long.status': '这个棋盘太大，无法放进链接：请改为下载文件。',
  'links.downloaded': '棋盘已保存为 {name}。',
  'links.opened': '已打开分享的谜题：{rows} × {cols}。',
  'links.opened-moves.one': '已打开分享的谜题：{rows} × {cols}，目前已走 {n} 步。',
  'links.opened-moves.other': '已打开分享的谜题：{rows} × {cols}，目前已走 {n} 步。',
  'links.restored': '上次的谜题已恢复。',
  'links.restored-moves.one': '上次的谜题已恢复，已走 {n} 步。',
  'links.restored-moves.other': '上次的谜题已恢复，已走 {n} 步。',
  'links.bad.tag': '地址中的内容不是谜题链接；页面照常打开。',
  'links.bad.newer': '这个谜题链接由更新版本的页面生成；页面照常打开。',
  'links.bad.damaged': '这个谜题链接已损坏或不完整；页面照常打开。',
  'links.bad-rules': '此链接中的规则无效（{message}）；页面照常打开。',
  'links.refused': '此链接中的谜题在这里被拒绝：{reason}。',
  'links.offline-ready': '可离线使用：此页面及其求解器已保存在本浏览器中。',
  'links.offline-failed': '无法保存此页面供离线使用（{message}）。',
  'links.core-failed': '求解器（WebAssembly 核心）没有加载成功：{message}。请重新加载页面；如果问题依旧，说明网站文件不完整。',
  'links.file': '此页面是作为本地文件打开的，浏览器不会在这种情况下运行它的脚本。请改用网页服务器打开：运行 `lightsout serve` 并访问它显示的地址，或在此文件夹中运行 `python3 -m http.server 8000` 后访问 http://127.0.0.1:8000/。',
  'links.scripts-failed': '页面的脚本没有加载成功，棋盘无法使用。请重新加载页面；如果问题依旧，说明网站文件不完整。',

  // --- game: daily puzzle, timer, moves, win panel, levels

  // --- learn: the three ways to solve, step by step

  // --- layout: the board in view, shapes for K >= 3, the density overlay
};
