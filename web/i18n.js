// The page's strings: one table per locale (locale-en.js, locale-zh-CN.js), the locale chosen
// from a kept choice or the browser's languages, and the markup's data-i18n attributes filled in.
import en from './locale-en.js';
import zhCN from './locale-zh-CN.js';

export const LOCALES = { en, 'zh-CN': zhCN };
export const LOCALE_NAMES = { en: 'English', 'zh-CN': '简体中文' };
const STORE_KEY = 'lightsout.locale';
const listeners = [];
let current = 'en';

// The locale a browser asks for: a kept choice first, then the first of its languages we have.
export function preferredLocale() {
  try {
    const kept = localStorage.getItem(STORE_KEY);
    if (kept && LOCALES[kept]) return kept;
  } catch { /* storage refused (private mode, file://): the browser's languages decide */ }
  for (const lang of navigator.languages ?? [navigator.language]) {
    if (/^zh\b/i.test(lang ?? '')) return 'zh-CN';
    if (/^en\b/i.test(lang ?? '')) return 'en';
  }
  return 'en';
}

export const locale = () => current;

// The string of `key` with each {name} replaced by params[name]; a parameter that is a function
// is called then, so a message kept as () => t(...) with nested parts is made again, whole, in
// the locale of the moment. A key missing from the table is a bug the locale test catches; at
// run time it shows the English text rather than nothing.
export function t(key, params = {}) {
  const s = LOCALES[current][key] ?? en[key];
  if (s === undefined) throw new Error(`no string for ${key}`);
  const value = (v) => String(typeof v === 'function' ? v() : v);
  return s.replace(/\{(\w+)\}/g, (m, name) => (name in params ? value(params[name]) : m));
}

// The plural form of `key` for the count n: key.one or key.other by the locale's plural rules
// (both keys exist in every table; Chinese uses .other only). params.n is n, formatted.
export function tn(key, n, params = {}) {
  const form = new Intl.PluralRules(current).select(n) === 'one' ? 'one' : 'other';
  return t(`${key}.${form}`, { n: formatNumber(n), ...params });
}

export const formatNumber = (n) => Number(n).toLocaleString(current);

// Fills the markup: data-i18n="key" sets the text; data-i18n-attr="aria-label:key title:key"
// sets attributes. The document's lang and title follow the locale.
export function translate(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.trim().split(/\s+/)) {
      const [attr, key] = pair.split(':');
      el.setAttribute(attr, t(key));
    }
  }
  if (root === document) {
    document.documentElement.lang = current;
    document.title = t('page.title');
  }
}

// Switches the page to `code`, keeps the choice, refills the markup and tells each listener
// (which redraw the strings they made: status lines, facts, lessons).
export function setLocale(code, { keep = true } = {}) {
  if (!LOCALES[code]) return;
  current = code;
  if (keep) {
    try { localStorage.setItem(STORE_KEY, code); } catch { /* not kept: still switched */ }
  }
  translate();
  for (const fn of listeners) fn(code);
}

export const onLocaleChange = (fn) => listeners.push(fn);

// An Error whose message is t(key, params) in the locale of the moment, so that a line showing
// it through () => err.message is made again, in the new locale, on a switch.
export function localError(key, params = {}) {
  const err = new Error(t(key, params));
  Object.defineProperty(err, 'message', { get: () => t(key, params) });
  return err;
}
