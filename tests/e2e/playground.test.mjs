// Browser end-to-end tests of the web playground: Playwright (playwright-core) drives Debian's
// chromium headless against a running `lightsout serve` (see run.sh).
//   LIGHTSOUT_URL   the server's base URL, e.g. http://127.0.0.1:40123/
//   SCREENSHOT_DIR  where the screenshots go (default ../../build/e2e-screenshots)
//   CHROMIUM        the browser (default /usr/bin/chromium)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const BASE = process.env.LIGHTSOUT_URL;
const SHOTS = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../build/e2e-screenshots');
const SAMPLE = '0 1 1 0 1 0\n1 0 0 1 1 1\n0 0 1 0 0 1\n1 0 0 1 0 1\n0 1 1 1 0 0\n';

// playwright-core's launch() gives chromium a new empty --user-data-dir of its own.
let browser;
before(async () => {
  assert.ok(BASE, 'LIGHTSOUT_URL must name the running server');
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});
after(async () => {
  await browser?.close();
});

async function openPage(viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(10000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(BASE);
  await page.locator('#board .cell').first().waitFor();
  return { page, errors };
}
const litCount = (page) => page.locator('#board .cell.on').count();
async function loadSample(page) {
  await page.fill('#board-text', SAMPLE);
  await page.click('#paste');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.on').length === 15);
  await page.locator('#info-solvable', { hasText: 'yes' }).waitFor();
}

test('page loads a 5x6 board with labelled controls', async () => {
  const { page, errors } = await openPage();
  assert.equal(await page.title(), 'Lights Out playground');
  assert.equal(await page.locator('#board .cell').count(), 30);
  for (const id of ['solve', 'hint', 'undo', 'redo', 'watch', 'random']) {
    assert.ok((await page.locator(`#${id}`).innerText()).trim().length > 0, `${id} has a label`);
  }
  await page.locator('#info-nullity', { hasText: '0' }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test('enter the 5x6 sample, solve, press every marked button, solved', async () => {
  const { page, errors } = await openPage();
  await loadSample(page);
  await page.screenshot({ path: path.join(SHOTS, '01-sample-loaded.png'), fullPage: true });
  await page.click('#solve');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.mark').length > 0);
  const marked = await page.locator('#board .cell.mark').count();
  assert.equal(marked, 13, 'the judge sample needs 13 presses');
  assert.match(await page.locator('#status').innerText(), /fewest/);
  await page.screenshot({ path: path.join(SHOTS, '02-solution-overlay.png'), fullPage: true });
  while (await page.locator('#board .cell.mark').count() > 0) {
    await page.locator('#board .cell.mark').first().click();
  }
  assert.equal(await litCount(page), 0);
  await page.locator('#status', { hasText: 'Solved in 13 moves' }).waitFor();
  assert.equal(await page.locator('#moves').innerText(), '13');
  await page.screenshot({ path: path.join(SHOTS, '03-solved.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the overlay stays a solution when the player presses an unmarked button', async () => {
  const { page } = await openPage();
  await loadSample(page);
  await page.click('#solve');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.mark').length === 13);
  const unmarked = page.locator('#board .cell:not(.mark)').first();
  const r = await unmarked.getAttribute('data-r');
  const c = await unmarked.getAttribute('data-c');
  await unmarked.click();
  assert.ok(await page.locator(`#board .cell[data-r="${r}"][data-c="${c}"]`).evaluate((b) => b.classList.contains('mark')));
  while (await page.locator('#board .cell.mark').count() > 0) {
    await page.locator('#board .cell.mark').first().click();
  }
  assert.equal(await litCount(page), 0);
  await page.close();
});

test('hint marks one button, and pressing it clears the hint', async () => {
  const { page } = await openPage();
  await loadSample(page);
  await page.click('#hint');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.hint').length === 1);
  assert.match(await page.locator('#status').innerText(), /Hint: press row \d+, column \d+/);
  await page.screenshot({ path: path.join(SHOTS, '04-hint.png'), fullPage: true });
  await page.locator('#board .cell.hint').click();
  assert.equal(await page.locator('#board .cell.hint').count(), 0);
  assert.equal(await page.locator('#moves').innerText(), '1');
  await page.close();
});

test('undo and redo restore the board and the move counter', async () => {
  const { page } = await openPage();
  await loadSample(page);
  const before = await page.locator('#board .cell.on').evaluateAll((bs) => bs.map((b) => `${b.dataset.r},${b.dataset.c}`));
  await page.locator('#board .cell[data-r="2"][data-c="2"]').click();
  assert.equal(await page.locator('#moves').innerText(), '1');
  await page.click('#undo');
  assert.equal(await page.locator('#moves').innerText(), '0');
  const after = await page.locator('#board .cell.on').evaluateAll((bs) => bs.map((b) => `${b.dataset.r},${b.dataset.c}`));
  assert.deepEqual(after, before);
  await page.click('#redo');
  assert.equal(await page.locator('#moves').innerText(), '1');
  await page.close();
});

test('keyboard: arrows move focus, space presses', async () => {
  const { page } = await openPage();
  await page.locator('#board .cell').first().focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  // Pressing (1,1) on the dark 5x6 board lights it and its four neighbours.
  assert.equal(await litCount(page), 5);
  assert.ok(await page.locator('#board .cell[data-r="1"][data-c="1"]').evaluate((b) => b === document.activeElement && b.classList.contains('on')));
  await page.keyboard.press('Enter');
  assert.equal(await litCount(page), 0);
  await page.close();
});

test('edit mode toggles a single light', async () => {
  const { page } = await openPage();
  await page.check('input[name=mode][value=edit]');
  await page.locator('#board .cell[data-r="0"][data-c="0"]').click();
  assert.equal(await litCount(page), 1);
  assert.equal(await page.locator('#moves').innerText(), '0');
  await page.close();
});

test('watching the algorithm reaches the last-row check', async () => {
  const { page, errors } = await openPage();
  await loadSample(page);
  await page.selectOption('#chase-speed', '250');
  await page.click('#watch');
  await page.locator('#chase-text', { hasText: 'Row 1' }).waitFor();
  await page.screenshot({ path: path.join(SHOTS, '05-chase-row1.png'), fullPage: true });
  await page.locator('#chase-text', { hasText: 'Row 3' }).waitFor();
  await page.screenshot({ path: path.join(SHOTS, '06-chase-row3.png'), fullPage: true });
  await page.locator('#chase-text[data-done="true"]').waitFor({ timeout: 15000 });
  assert.match(await page.locator('#chase-text').innerText(), /Last-row check: the bottom row is dark/);
  assert.equal(await litCount(page), 0);
  await page.screenshot({ path: path.join(SHOTS, '07-chase-done.png'), fullPage: true });
  await page.click('#chase-close');
  assert.equal(await litCount(page), 15, 'closing the animation shows the player\'s board again');
  assert.deepEqual(errors, []);
  await page.close();
});

test('an unsolvable board says so, and the chase shows the lights left', async () => {
  const { page } = await openPage();
  await page.click('#preset-classic');
  await page.check('input[name=mode][value=edit]');
  await page.locator('#board .cell[data-r="0"][data-c="0"]').click();
  await page.locator('#info-solvable', { hasText: 'no' }).waitFor();
  assert.match(await page.locator('#info-solutions').innerText(), /^0$/);
  assert.equal(await page.locator('#quiet .mini').count(), 2, '5x5 has two quiet patterns');
  await page.selectOption('#chase-speed', '250');
  await page.click('#watch');
  await page.locator('#chase-text[data-done="true"]').waitFor({ timeout: 15000 });
  assert.match(await page.locator('#chase-text').innerText(), /no solution/);
  await page.close();
});

test('random solvable boards, copy as judge text, large boards and a phone screen', async () => {
  const { page } = await openPage();
  await page.click('#random');
  await page.locator('#info-solvable', { hasText: 'yes' }).waitFor();
  await page.click('#copy');
  const text = await page.inputValue('#board-text');
  assert.match(text, /^([01]( [01]){5}\n){5}$/);
  await page.fill('#rows', '50');
  await page.fill('#cols', '50');
  await page.click('#apply-size');
  assert.equal(await page.locator('#board .cell').count(), 2500);
  await page.click('#random');
  await page.click('#solve');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.mark').length > 0);
  await page.screenshot({ path: path.join(SHOTS, '08-50x50-solved-overlay.png'), fullPage: true });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `no horizontal scrolling at 50x50 (overflow ${wide}px)`);
  await page.close();

  const phone = await openPage({ width: 390, height: 844 });
  await loadSample(phone.page);
  await phone.page.click('#solve');
  await phone.page.waitForFunction(() => document.querySelectorAll('#board .cell.mark').length === 13);
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling on a phone (overflow ${overflow}px)`);
  await phone.page.screenshot({ path: path.join(SHOTS, '09-phone.png'), fullPage: true });
  await phone.page.close();
});
