// Browser e2e: a link is a puzzle. Copy link, open it in a new page (and by hashchange), and the
// same lights, rules, holes and moves come back; a board too large for a link is offered as a
// file; a bad link says so and the page opens as usual; the last puzzle, its moves and the
// settings are kept across a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as h from './helpers.mjs';
import { MAX_LINK_LENGTH } from '../../web/link.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

before(h.launch);
after(h.close);

const status = (page) => h.text(page, '#status');
const moves = (page) => h.text(page, '#moves');
const boardSize = (page) => page.$eval('#board', (b) => `${b.dataset.rows}x${b.dataset.cols}`);
const num = (n) => Number(n).toLocaleString(h.LOCALE);
// The page's line for an opened (or restored) puzzle: with its moves, in the locale's plural form.
const openedLine = (key, rows, cols, n) => (Number(n) === 0 ? h.tr(key, { rows, cols })
  : h.tr(`${key}-moves.${new Intl.PluralRules(h.LOCALE).select(Number(n)) === 'one' ? 'one' : 'other'}`,
    { rows, cols, n: num(n) }));

// Clicks Copy link and reads the link from the page's field.
async function copyLink(page) {
  await page.evaluate(() => { document.getElementById('link-text').value = ''; });
  await page.click('#copy-link');
  await page.waitForFunction(() => document.getElementById('link-text').value !== '');
  const url = await page.inputValue('#link-text');
  assert.ok(url.startsWith(`${h.BASE.replace(/\/$/, '')}/`) && /#lo1\.[A-Za-z0-9_-]+$/.test(url), url);
  // The field is filled before the clipboard answers; the status line says which it was after.
  await page.waitForFunction((said) => said.includes(document.getElementById('status').textContent),
    [h.tr('links.copied'), h.tr('links.copy-select')]);
  return url;
}

// What a puzzle looks like from outside: size, lights, rules text (holes included), moves.
const seen = async (page) => ({ size: await boardSize(page), lights: await h.lights(page),
  rules: await h.rulesText(page), moves: await moves(page) });

async function roundTrip(name, setUp) {
  const { page, errors } = await h.openPage();
  await setUp(page);
  const want = await seen(page);
  const url = await copyLink(page);
  const opened = await h.openPage(h.DESKTOP, url);
  assert.deepEqual(await seen(opened.page), want, `${name}: the same puzzle`);
  const [rows, cols] = want.size.split('x');
  assert.equal(await status(opened.page), openedLine('links.opened', rows, cols, want.moves));
  assert.equal(new URL(opened.page.url()).hash, '', 'the fragment leaves the address once opened');
  assert.deepEqual(errors, []);
  assert.deepEqual(opened.errors, []);
  await page.close();
  return opened.page;
}

// axe-core (as a11y.test.mjs runs it): no serious or critical violation in the page as it is.
async function assertAccessible(page, what) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } }));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), [], what);
}

const random = async (page) => {
  const before = JSON.stringify(await h.lights(page));
  await page.click('#random');
  await page.waitForFunction((b) => JSON.stringify(window.__lightsout.lights()) !== b, before);
};

test('a link round-trips: classic rules', async () => {
  const page = await roundTrip('classic', async (p) => {
    assert.equal(await h.rulesText(p), 'plane');
  });
  await page.close();
});

// A rule set typed in and taken (its rules text as typed, or matching a RegExp), a random board
// of it, then `check` if given: the link gives the same puzzle back.
for (const [name, title, rules, want, check] of [
  ['torus', 'torus with 3 states', 'torus,states=3', 'torus,states=3',
    async (p) => assert.ok((await h.lights(p)).includes(2), 'a light at 2')],
  ['mask', 'a custom mask', 'nbhd=00100/00000/10101/00000/00100,states=5', /nbhd=00100\/00000\/10101\/00000\/00100/],
  ['holes', 'holes', 'plane,holes=[0100000/0000000/0001000/0000110]', /holes=/,
    async (p) => assert.equal(await boardSize(p), '4x7')],
  // The page does not draw graphs (core.js refuses them: "graphs are not drawn in the page"), so
  // the fifth rule set is another distinct one: a cylinder, the x neighbourhood without the
  // pressed button, 4 states, target on.
  ['cylinder', 'cylinder, x neighbourhood, 4 states, target on', 'cylinder,states=4,nbhd=x,self=0,target=on',
    'cylinder,states=4,nbhd=x,self=0,target=on'],
]) {
  test(`a link round-trips: ${title}`, async () => {
    const page = await roundTrip(name, async (p) => {
      await h.applyRules(p, rules, want);
      await random(p);
      if (check) await check(p);
    });
    await page.close();
  });
}

test('a link carries the moves made: the same board and count, and Undo goes back to the puzzle', async () => {
  let start;
  const page = await roundTrip('moves', async (p) => {
    start = await h.lights(p);
    for (const [r, c] of [[0, 0], [2, 3], [4, 4], [2, 3], [1, 1]]) await h.clickCell(p, r, c);
    assert.equal(await moves(p), '5');
  });
  await page.click('#undo');
  assert.deepEqual(await h.lights(page), start, 'the puzzle as it was before the moves');
  assert.equal(await moves(page), '0');
  await page.close();
});

test('a shared link opened (screenshots), and a link opened by hashchange', async () => {
  const { page } = await h.openPage();
  await h.applyRules(page, 'torus,states=3');
  await random(page);
  await h.clickCell(page, 1, 2);
  const want = await seen(page);
  const url = await copyLink(page);
  await assertAccessible(page, 'the link on show');
  for (const [name, viewport] of [['desktop', h.DESKTOP], ['phone', h.PHONE]]) {
    const opened = await h.openPage(viewport, url);
    assert.deepEqual(await seen(opened.page), want);
    await h.shot(opened.page, `link-opened-${name}`);
    await opened.page.close();
  }
  // The same link given to a page that is open already.
  const other = await h.openPage();
  await other.page.evaluate((hash) => { location.hash = hash; }, new URL(url).hash);
  await other.page.waitForFunction(() => window.__lightsout.rulesText() === 'torus,states=3');
  assert.deepEqual(await seen(other.page), want);
  await other.page.click('#undo');
  assert.equal(await moves(other.page), '0', 'Undo: the link\'s puzzle before its press');
  assert.equal(await h.rulesText(other.page), 'torus,states=3');
  await other.page.click('#undo');
  assert.equal(await h.rulesText(other.page), 'plane', 'Undo again: the board the page had');
  assert.deepEqual(other.errors, []);
  await other.page.close();
  await page.close();
});

test('a board too large for a link is offered as a board file', async () => {
  const { page, errors } = await h.openPage();
  await page.fill('#rows', '300');
  await page.fill('#cols', '300');
  await page.click('#apply-size');
  await page.waitForFunction(() => document.getElementById('board').dataset.rows === '300');
  await random(page);
  await page.click('#copy-link');
  await page.waitForSelector('#download-board', { state: 'visible' });
  assert.equal(await status(page), h.tr('links.too-long.status'));
  const length = await page.evaluate(() => `${location.href.replace(/#.*/, '')}#${window.__lightsoutLinks.fragment()}`.length);
  assert.ok(length > MAX_LINK_LENGTH);
  assert.equal(await h.text(page, '#link-note'), h.tr('links.too-long', { length: num(length), max: num(MAX_LINK_LENGTH) }));
  assert.equal(await page.isVisible('#link-text'), false, 'no link to copy');
  await assertAccessible(page, 'the download offer on show');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-board')]);
  assert.equal(download.suggestedFilename(), 'lightsout-300x300.txt');
  const lights = await h.lights(page);
  const rows = [];
  for (let r = 0; r < 300; r++) rows.push(lights.slice(r * 300, (r + 1) * 300).join(' '));
  assert.equal(await readFile(await download.path(), 'utf8'), `${rows.join('\n')}\n`, 'the board text');
  assert.equal(await status(page), h.tr('links.downloaded', { name: 'lightsout-300x300.txt' }));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a bad or cut link says so in one line, and the page opens as usual', async () => {
  const { page } = await h.openPage();
  const url = await copyLink(page);
  await page.close();
  for (const [fragment, key] of [[url.slice(url.indexOf('#') + 1, -3), 'links.bad.damaged'],
    ['lo1.AAAAAAAAAA', 'links.bad.damaged'], ['hello', 'links.bad.tag'], ['lo7.AAAA', 'links.bad.newer']]) {
    const opened = await h.openPage(h.DESKTOP, `${h.BASE}#${fragment}`);
    assert.equal(await status(opened.page), h.tr(key), fragment);
    assert.equal(await boardSize(opened.page), '5x5', 'the page as it opens without a link');
    assert.ok(await h.lit(opened.page) > 0, 'its random puzzle');
    assert.deepEqual(opened.errors, []);
    await opened.page.close();
  }
});

test('the last puzzle, its moves and the settings are kept across a reload; a link wins', async () => {
  const { page, errors } = await h.openPage();
  await h.applyRules(page, 'torus,states=3');
  for (const [r, c] of [[0, 0], [3, 4]]) await h.clickCell(page, r, c);
  await page.check('input[name=mode][value=edit]');
  // The lessons' speed, in the Learn dialog (closed): set as its change event would.
  await page.evaluate(() => {
    const speed = document.getElementById('learn-speed');
    speed.value = '250';
    speed.dispatchEvent(new Event('change'));
  });
  const want = await seen(page);
  await page.waitForFunction(() => window.__lightsoutLinks.kept() === window.__lightsoutLinks.fragment());
  await page.reload();
  await h.settled(page);
  assert.deepEqual(await seen(page), want);
  // The line starts with the puzzle restored (the board may be unsolvable now: said after it).
  assert.ok((await status(page)).startsWith(openedLine('links.restored', 5, 5, 2)), await status(page));
  assert.equal(await page.isChecked('input[name=mode][value=edit]'), true, 'the click mode kept');
  assert.equal(await page.$eval('#learn-speed', (e) => e.value), '250', 'the lessons\' speed kept');
  // Undo after the reload reaches back to the puzzle before the two presses.
  await page.click('#undo');
  assert.equal(await moves(page), '0');
  // A link opened in the same browser wins over what is kept.
  const other = await h.openPage();
  const url = await copyLink(other.page);
  await page.goto(url);
  await h.settled(page);
  assert.equal(await h.rulesText(page), 'plane');
  assert.deepEqual(await h.lights(page), await h.lights(other.page));
  assert.deepEqual(errors, []);
  await other.page.close();
  await page.close();
});

test('storage that refuses every call does not stop the page', async () => {
  const { page, errors } = await h.openPage(h.DESKTOP, h.BASE, (p) => p.addInitScript(() => {
    const refuse = () => { throw new DOMException('refused', 'SecurityError'); };
    Object.defineProperty(window, 'localStorage', { get: refuse });
  }));
  await h.clickCell(page, 0, 0);
  assert.equal(await moves(page), '1');
  const url = await copyLink(page);
  assert.ok(url.includes('#lo1.'));
  assert.deepEqual(errors, []);
  await page.close();
});
