// Shared set-up of the browser e2e tests: chromium, a page at a viewport, board clicks and reads.
//   LIGHTSOUT_URL   the page's base URL (a running `lightsout serve`)
//   SCREENSHOT_DIR  where the screenshots go (default ../../build/e2e-screenshots)
//   CHROMIUM        the browser (default /usr/bin/chromium)
//   LIGHTSOUT_LOCALE the browser's language for every page (default en; zh-CN runs the suite in
//                    Chinese): tests name the page's strings by key through tr(), never in English
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const BASE = process.env.LIGHTSOUT_URL;
export const LOCALE = process.env.LIGHTSOUT_LOCALE ?? 'en';
const TABLES = {
  en: (await import('../../web/locale-en.js')).default,
  'zh-CN': (await import('../../web/locale-zh-CN.js')).default,
};
assert.ok(TABLES[LOCALE], `no locale table for ${LOCALE}`);
// The page's string for `key` in the suite's locale, as the page's i18n.js t() makes it.
export function tr(key, params = {}, locale = LOCALE) {
  const s = TABLES[locale][key];
  assert.equal(typeof s, 'string', `no string ${key} in ${locale}`);
  return s.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}
// A pattern for the page's string `key`: its text taken literally, each parameter a string or
// number (literally), a RegExp (its pattern, groups kept) or absent (any text).
export function trRe(key, params = {}, locale = LOCALE) {
  const s = TABLES[locale][key];
  assert.equal(typeof s, 'string', `no string ${key} in ${locale}`);
  const literal = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = s.split(/\{(\w+)\}/);
  return new RegExp(parts.map((part, i) => {
    if (i % 2 === 0) return literal(part);
    const v = params[part];
    if (v === undefined) return '.*?';
    return v instanceof RegExp ? `(?:${v.source})` : literal(String(v));
  }).join(''));
}
// Either plural form of `key` (KEY.one, KEY.other), as trRe.
export function trnRe(key, params = {}, locale = LOCALE) {
  return new RegExp(`${trRe(`${key}.one`, params, locale).source}|${trRe(`${key}.other`, params, locale).source}`);
}
// A new page in the suite's locale (options as browser.newPage's).
export const newPage = (options = {}) => browser.newPage({ locale: LOCALE, ...options });
// A new context in the suite's locale, for tests that need two or go offline.
export const newContext = (options = {}) => browser.newContext({ locale: LOCALE, ...options });
export const SHOTS = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../build/e2e-screenshots');
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
export const PHONE_LANDSCAPE = { width: 844, height: 390 };
export const SAMPLE = '0 1 1 0 1 0\n1 0 0 1 1 1\n0 0 1 0 0 1\n1 0 0 1 0 1\n0 1 1 1 0 0\n';

let browser;
export async function launch() {
  assert.ok(BASE, 'LIGHTSOUT_URL must name the page');
  mkdirSync(SHOTS, { recursive: true });
  // playwright-core's launch() gives chromium a new empty --user-data-dir of its own.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
export const close = () => browser?.close();
export const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

// Sets the page's waits to 15 s and returns the list its page errors and console errors go to.
function watchErrors(page) {
  page.setDefaultTimeout(15000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.stack));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return errors;
}

// A page with every panel open; errors collects page errors and console errors. setup(page) runs
// before the page loads (to route requests, say).
export async function openPage(viewport = DESKTOP, url = BASE, setup = null) {
  const page = await newPage({ viewport });
  if (setup) await setup(page);
  const errors = watchErrors(page);
  await page.goto(url);
  await settled(page);
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
  return { page, errors };
}

// A game's page in a context of its own (a clean localStorage, the clock in UTC), the clock
// installed at `install` or fixed at `when` if given; errors as openPage's.
export async function gamePage({ viewport = DESKTOP, when = null, install = null, url = BASE } = {}) {
  const context = await newContext({ viewport, timezoneId: 'UTC' });
  if (install) await context.clock.install({ time: install });
  if (when) await context.clock.setFixedTime(when);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(url);
  await settled(page);
  return { context, page, errors };
}

// A page as openPage's with the judge's 5 x 6 sample (SAMPLE) loaded: 15 lights, solvable.
export async function samplePage(viewport = DESKTOP) {
  const { page, errors } = await openPage(viewport);
  await loadText(page, SAMPLE);
  await page.waitForFunction(() => document.getElementById('board').dataset.lit === '15');
  await solvableIs(page, true);
  return { page, errors };
}

// A page as it opens (panels as the page folds them).
export async function browserPage(viewport) {
  const page = await newPage({ viewport });
  await page.goto(BASE);
  await settled(page);
  return page;
}

// Waits until the page has its board, its back end and the size's facts, so nothing that arrives
// later moves a button between Playwright finding it and clicking it.
export async function settled(page) {
  await page.waitForFunction(() => window.__lightsout && document.getElementById('board').dataset.rows);
  await page.evaluate(() => window.__lightsout.backend());
  await factsShown(page);
}

// Waits until the size's facts (and so the quiet patterns above the board text) are on show.
const factsShown = (page) => page.waitForFunction(
  () => document.getElementById('info-fraction').textContent !== '…');

const data = (page, key) => page.$eval('#board', (b, k) => b.dataset[k], key);
export const lit = async (page) => Number(await data(page, 'lit'));
export const marks = async (page) => Number(await data(page, 'marks'));
export const fixes = async (page) => Number(await data(page, 'fix'));
export const hintCell = async (page) => Number(await data(page, 'hint'));
export const lights = (page) => page.evaluate(() => window.__lightsout.lights());
export const presses = (page) => page.evaluate(() => window.__lightsout.presses());
export const rulesText = (page) => page.evaluate(() => window.__lightsout.rulesText());
export const text = (page, sel) => page.$eval(sel, (e) => e.textContent);

export async function clickCell(page, r, c) {
  await page.locator('#board').scrollIntoViewIfNeeded();
  const p = await page.evaluate(([rr, cc]) => window.__lightsout.cellCenter(rr, cc), [r, c]);
  await page.mouse.click(p.x, p.y);
}

// Waits until the facts panel says solvable yes/no.
export const solvableIs = (page, yes) => page.waitForFunction(
  (want) => document.getElementById('info-solvable').textContent === want, tr(yes ? 'page.facts.yes' : 'page.facts.no'));

// Types t into the board text and presses Load. A text over 64 KiB is set as the box's value with
// the input event fill sends: Chromium inserts filled text in time that grows with the box's
// contents (25 s of a test's 40 for a 1000 x 1000 board's 2 MB), and the page reads the value.
export async function loadText(page, t) {
  await factsShown(page);
  if (t.length > 65536) {
    await page.$eval('#board-text', (box, value) => {
      box.value = value;
      box.dispatchEvent(new Event('input', { bubbles: true }));
    }, t);
  } else {
    await page.fill('#board-text', t);
  }
  await page.click('#paste');
}

export async function useRules(page, t) {
  await page.fill('#rules-text', t);
  await page.press('#rules-text', 'Enter');
}

// useRules, then waits until the page has taken them: its rules text is `want` (a string, t if
// absent) or matches it (a RegExp).
export async function applyRules(page, t, want = t) {
  await useRules(page, t);
  const [same, pattern] = want instanceof RegExp ? [null, want.source] : [want, null];
  await page.waitForFunction(([s, p]) => {
    const rules = window.__lightsout.rulesText();
    return p === null ? rules === s : new RegExp(p).test(rules);
  }, [same, pattern]);
}

// Presses every button of `p` (a board of `cols` columns, row by row) as often as it says, by
// clicking the board.
export async function pressAll(page, p, cols) {
  for (let i = 0; i < p.length; i++) for (let k = 0; k < p[i]; k++) await clickCell(page, Math.floor(i / cols), i % cols);
}

// Presses every marked button (each as often as marked) by clicking the board.
export async function pressMarked(page) {
  await pressAll(page, await presses(page), Number(await data(page, 'cols')));
}

// Clicks "Make solvable" and waits until the facts say the board is solvable.
export async function makeSolvable(page) {
  await page.click('#fix');
  await solvableIs(page, true);
}

// --- the game (web/game.js) --------------------------------------------------------------------
// The game's data attribute `key` (kind, date, level, running, ...).
export const game = (page, key) => page.$eval('#game', (g, k) => g.dataset[k], key);
// The board on show: its size, rules text and lights.
export const board = (page) => page.evaluate(() => {
  const b = document.getElementById('board').dataset;
  return { rows: Number(b.rows), cols: Number(b.cols), rules: window.__lightsout.rulesText(),
    lights: window.__lightsout.lights() };
});
export const winShown = (page) => page.waitForFunction(() => !document.getElementById('win-panel').hidden);

// Clicks Daily and waits for the daily puzzle of `date` (YYYY-MM-DD).
export async function daily(page, date) {
  await page.click('#daily');
  await page.waitForFunction((d) => document.getElementById('game').dataset.date === d, date);
}

// The fewest presses of the board on show, by a second copy of the core loaded in the page (not
// by the page's own buttons): their count, whether the count is proven the fewest, the presses.
export function fewest(page) {
  return page.evaluate(async () => {
    const { load } = await import(new URL('lightsout.mjs', location.href).href);
    const lo = await load();
    const b = document.getElementById('board').dataset;
    const cols = Number(b.cols), flat = window.__lightsout.lights();
    const rows = [];
    for (let r = 0; r < Number(b.rows); r++) rows.push(flat.slice(r * cols, (r + 1) * cols));
    const res = lo.solve(rows, { rules: window.__lightsout.rulesText(), minimal: true });
    return { count: res.press_count, proven: res.minimal_proven,
      presses: res.presses.flatMap((row) => [...row].map(Number)) };
  });
}

// The solution tools are folded behind "Show solution": open it, then use one.
export async function solutionTool(page, id) {
  if (!(await page.$eval('#solution-tools', (d) => d.open))) await page.click('#solution-tools > summary');
  await page.click(`#${id}`);
}

// --- Learn (web/learn.js) ------------------------------------------------------------------------
// Waits until Learn shows frame `frame` of lesson `lesson`, drawn.
export const frameIs = (page, lesson, frame) => page.waitForFunction(([l, i]) => {
  const d = document.getElementById('learn-frame').dataset;
  return d.ready === 'true' && d.lesson === String(l) && d.frame === String(i);
}, [lesson, frame]);

// Opens Learn (on its first lesson, as a fresh page does) and waits for the lesson's first frame.
export async function openLearn(page) {
  await page.click('#learn-open');
  await frameIs(page, 0, 0);
}

// Closes Learn with Escape and waits until its dialog is closed.
export async function escapeLearn(page) {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.getElementById('learn').open);
}

// No horizontal scrolling of the page.
export async function assertNoOverflow(page, what) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `no horizontal scrolling ${what} (overflow ${wide}px)`);
}
