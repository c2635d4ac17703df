// Browser e2e: the page's language. The browser's language chooses it at first, the picker in the
// header switches every string live (markup, status line, facts, board label) and the choice is
// kept after a reload; the page in the suite's locale has no text of the other language left.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

before(h.launch);
after(h.close);

const OTHER = h.LOCALE === 'en' ? 'zh-CN' : 'en';
const lang = (page) => page.evaluate(() => document.documentElement.lang);

test('the browser\'s language chooses the page\'s locale at first', async () => {
  for (const [browserLocale, expected] of [['en-GB', 'en'], ['zh-CN', 'zh-CN'], ['zh-TW', 'zh-CN'], ['fr-FR', 'en']]) {
    const context = await h.newContext({ locale: browserLocale });
    const page = await context.newPage();
    await page.goto(h.BASE);
    await h.settled(page);
    assert.equal(await lang(page), expected, `a browser in ${browserLocale}`);
    assert.equal(await page.title(), h.tr('page.title', {}, expected));
    assert.equal(await page.inputValue('#locale'), expected, 'the picker shows the locale');
    assert.equal(await h.text(page, '#solve'), h.tr('page.solve', {}, expected));
    assert.equal(await h.text(page, '#status'), h.tr('page.status.start', {}, expected));
    await context.close();
  }
});

// The status line after Solve on the judge sample, in `locale`.
const sampleAnswer = (locale) => h.tr('page.status.press.other', { n: 13,
  note: h.tr('page.status.fewestProven', {}, locale), end: h.tr('page.status.pressEnd', {}, locale) }, locale);

test('the picker switches the page\'s strings live, and the choice is kept after a reload', async () => {
  const { page, errors } = await h.openPage();
  await h.loadText(page, h.SAMPLE);
  await h.solvableIs(page, true);
  await page.click('#solve');
  await page.waitForFunction(() => document.getElementById('board').dataset.marks === '13');
  assert.equal(await h.text(page, '#status'), sampleAnswer(h.LOCALE));
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');

  await page.selectOption('#locale', OTHER);
  // Everything below changed without a reload: markup, made strings, attributes.
  assert.equal(await lang(page), OTHER);
  assert.equal(await page.title(), h.tr('page.title', {}, OTHER));
  assert.equal(await h.text(page, '#solve'), h.tr('page.solve', {}, OTHER));
  assert.equal(await h.text(page, '#info-title'), h.tr('page.panel.facts', {}, OTHER));
  assert.equal(await page.getAttribute('#zoom-in', 'aria-label'), h.tr('page.zoomIn', {}, OTHER));
  assert.equal(await h.text(page, '#status'), sampleAnswer(OTHER), 'the status line is made again');
  assert.equal(await h.text(page, '#info-solvable'), h.tr('page.facts.yes', {}, OTHER));
  assert.equal(await h.text(page, '#info-presses'), h.tr('page.facts.only', { n: 13 }, OTHER));
  assert.equal(await h.text(page, '#backend-note'),
    h.tr('page.backend.note', { where: h.tr('page.backend.here', {}, OTHER) }, OTHER));
  assert.equal(await h.text(page, '#tagline'), h.tr('page.tagline', {}, OTHER), 'the classic game in plain words');
  assert.equal(await h.text(page, '#mask-note'), h.tr('page.mask.note', {}, OTHER));
  assert.equal(await page.getAttribute('#mask button[data-dr="0"][data-dc="0"]', 'aria-label'), h.tr('page.mask.self', {}, OTHER));
  assert.match(await page.getAttribute('#board', 'aria-label'), h.trRe('page.board.label', { rows: 5, cols: 6 }, OTHER));
  assert.match(await page.getAttribute('#board', 'aria-label'),
    h.trRe('page.board.cursor', { where: h.tr('page.where', { row: 1, col: 2 }, OTHER) }, OTHER));
  assert.equal(await page.inputValue('#locale'), OTHER);

  await page.reload();
  await h.settled(page);
  assert.equal(await lang(page), OTHER, 'the choice is kept');
  assert.equal(await page.inputValue('#locale'), OTHER);
  // The reload brings back the kept puzzle (share.js), said in the kept language.
  assert.equal(await h.text(page, '#status'), h.tr('links.restored', {}, OTHER));
  // And back: the suite's locale again, live.
  await page.selectOption('#locale', h.LOCALE);
  assert.equal(await lang(page), h.LOCALE);
  assert.equal(await h.text(page, '#status'), h.tr('links.restored'));
  assert.deepEqual(errors, []);
  await page.close();
});

// The page's words a reader sees or hears: visible text (the chase narration, still chase.js's
// English, is hidden here), accessible names and descriptions; not the core's own words (the
// method name, the rules text) nor the picker's names of the languages.
async function pageWords(page) {
  return page.evaluate(() => {
    const skip = '#locale, #info-method, code, #chase-panel';
    const clone = document.body.cloneNode(true);
    for (const el of clone.querySelectorAll(skip)) el.remove();
    const words = [document.title, clone.innerText];
    for (const el of document.querySelectorAll('[aria-label], [aria-roledescription], [title]')) {
      if (el.closest(skip)) continue;
      for (const a of ['aria-label', 'aria-roledescription', 'title']) if (el.hasAttribute(a)) words.push(el.getAttribute(a));
    }
    return words.join('\n');
  });
}

test('the page in the suite\'s locale has no text of the other language left', async () => {
  const { page, errors } = await h.openPage();
  await h.loadText(page, h.SAMPLE);
  await h.solvableIs(page, true);
  await page.click('#hint');
  await page.waitForFunction(() => Number(document.getElementById('board').dataset.hint) >= 0);
  await page.focus('#board');
  await page.keyboard.press('ArrowDown');
  const words = await pageWords(page);
  if (h.LOCALE === 'en') {
    assert.deepEqual(words.match(/[\u3400-\u9fff]+/g), null, 'no Chinese on the English page');
  } else {
    // Names kept in Latin letters in the Chinese page: the game's and formats' own names, key names.
    const kept = new Set(['Lights', 'Out', 'WebAssembly', 'PBM', 'K', 'X', 'target', 'on', 'lightsout', 'Shift']);
    const english = (words.match(/[A-Za-z]+/g) ?? []).filter((w) => !kept.has(w));
    assert.deepEqual(english, [], 'no English words on the Chinese page');
  }
  assert.deepEqual(errors, []);
  await page.close();
});

for (const [name, viewport] of [['desktop', h.DESKTOP], ['phone', h.PHONE]]) {
  test(`${name}: the picker is in view, not covered, and switches the page`, async () => {
    const page = await h.browserPage(viewport);
    const box = await page.locator('#locale').boundingBox();
    assert.ok(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height,
      `the picker is in the window (${JSON.stringify(box)})`);
    assert.ok(box.height >= 24 && box.width >= 24, 'a target big enough to tap');
    const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.id, [box.x + box.width / 2, box.y + box.height / 2]);
    assert.equal(onTop, 'locale', 'nothing covers the picker');
    await h.assertNoOverflow(page, `with the picker (${name})`);
    await h.shot(page, `50-locale-${h.LOCALE}-${name}`);
    await page.selectOption('#locale', OTHER);
    assert.equal(await lang(page), OTHER);
    assert.equal(await h.text(page, '#hint'), h.tr('page.hint', {}, OTHER));
    await h.assertNoOverflow(page, `in ${OTHER} (${name})`);
    await h.shot(page, `51-locale-${OTHER}-${name}`);
    await page.close();
  });
}
