// Runs before the page's modules, as a classic script, to say in the page what went wrong where
// they cannot run: opened from file:// (browsers refuse module scripts there), or a script of
// the page that did not load. The strings are copies of the locale tables' (which are modules);
// tests/e2e/link-codec.test.mjs checks that they still match.
(function () {
  const STRINGS = {
    "en": {
      "links.file": "This page was opened as a file, where browsers do not run its scripts. Open it through a web server instead: run `lightsout serve` and visit the address it prints, or run `python3 -m http.server 8000` in this folder and visit http://127.0.0.1:8000/.",
      "links.scripts-failed": "The page’s scripts did not load, so the board cannot work. Reload the page; if this persists, the site is incomplete."
    },
    "zh-CN": {
      "links.file": "此页面是作为本地文件打开的，浏览器不会在这种情况下运行它的脚本。请改用网页服务器打开：运行 `lightsout serve` 并访问它显示的地址，或在此文件夹中运行 `python3 -m http.server 8000` 后访问 http://127.0.0.1:8000/。",
      "links.scripts-failed": "页面的脚本没有加载成功，棋盘无法使用。请重新加载页面；如果问题依旧，说明网站文件不完整。"
    }
  };
  function locale() {
    try {
      const kept = localStorage.getItem('lightsout.locale');
      if (kept && STRINGS[kept]) return kept;
    } catch (e) { /* storage refused: the browser's languages decide */ }
    const langs = navigator.languages || [navigator.language];
    for (const lang of langs) {
      if (/^zh\b/i.test(lang || '')) return 'zh-CN';
      if (/^en\b/i.test(lang || '')) return 'en';
    }
    return 'en';
  }
  function say(key) {
    const show = () => {
      const text = STRINGS[locale()][key];
      for (const id of ['status', 'backend-note']) {
        const el = document.getElementById(id);
        if (el) { el.textContent = text; el.className = id === 'status' ? 'warn' : 'note'; }
      }
      document.documentElement.dataset.boot = key;
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
    else show();
  }
  if (location.protocol === 'file:') { say('links.file'); return; }
  // A module script that failed to load (itself or one it imports) fires error at its element.
  window.addEventListener('error', (e) => {
    if (e.target && e.target.tagName === 'SCRIPT') say('links.scripts-failed');
  }, true);
})();
