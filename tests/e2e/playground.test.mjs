// Browser e2e: playing the classic game in the page (served by `lightsout serve`, see run.sh).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

before(h.launch);
after(h.close);

test('opens on a random solvable 5x5 puzzle with labelled controls', async () => {
  const { page, errors } = await h.openPage();
  assert.equal(await page.title(), h.tr('page.title'));
  assert.equal(await page.$eval('#board', (b) => `${b.dataset.rows}x${b.dataset.cols}`), '5x5');
  assert.ok(await h.lit(page) > 0, 'not an all-dark board');
  await h.solvableIs(page, true);
  for (const id of ['solve', 'hint', 'undo', 'redo', 'learn-open', 'random', 'apply', 'apply-now']) {
    assert.ok((await page.locator(`#${id}`).innerText()).trim().length > 0, `${id} has a label`);
  }
  assert.equal(await page.locator('#undo').isDisabled(), true, 'nothing to undo at the start');
  assert.match(await page.getAttribute('#board', 'aria-label'), h.trRe('page.board.label', { rows: 5, cols: 5 }));
  await h.shot(page, '00-opening-desktop');
  assert.deepEqual(errors, []);
  await page.close();
});

test('enter the 5x6 sample, solve, press every marked button, solved', async () => {
  const { page, errors } = await h.samplePage();
  await h.shot(page, '01-sample-loaded');
  await page.click('#solve');
  await page.waitForFunction(() => Number(document.getElementById('board').dataset.marks) > 0);
  assert.equal(await h.marks(page), 13, 'the judge sample needs 13 presses');
  assert.match(await h.text(page, '#status'), h.trRe('page.status.fewestProven'));
  await h.shot(page, '02-solution-overlay');
  await h.pressMarked(page);
  assert.equal(await h.lit(page), 0);
  await page.waitForFunction((s) => document.getElementById('status').textContent === s,
    h.tr('page.status.solvedIn.other', { n: 13 }));
  assert.equal(await h.text(page, '#moves'), '13');
  await h.shot(page, '03-solved');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the marks stay a solution when the player presses an unmarked button', async () => {
  const { page } = await h.samplePage();
  await page.click('#solve');
  await page.waitForFunction(() => document.getElementById('board').dataset.marks === '13');
  const p = await h.presses(page);
  const i = p.indexOf(0);
  await h.clickCell(page, Math.floor(i / 6), i % 6);
  assert.equal((await h.presses(page))[i], 1, 'the pressed button is marked now');
  await h.pressMarked(page);
  assert.equal(await h.lit(page), 0);
  await page.close();
});

test('apply solution: animated and instantly, each one undo step', async () => {
  const { page, errors } = await h.samplePage();
  await page.click('#apply');
  await page.waitForFunction(() => window.__lightsout.busy());
  assert.match(await h.text(page, '#status'), h.trRe('page.status.applying.other', { n: 13 }));
  await h.shot(page, '10-apply-animating');
  await page.waitForFunction(() => !window.__lightsout.busy());
  assert.equal(await h.lit(page), 0);
  assert.match(await h.text(page, '#status'), h.trRe('page.status.applied.other', { n: 13 }));
  await page.click('#undo');
  assert.equal(await h.lit(page), 15, 'one undo brings the sample back');
  await page.click('#apply-now');
  await page.waitForFunction(() => document.getElementById('board').dataset.lit === '0');
  assert.equal(await h.text(page, '#moves'), '13', 'every press counts, the solver\'s too');
  assert.deepEqual(errors, []);
  await page.close();
});

test('hint marks one button, and pressing it clears the hint', async () => {
  const { page } = await h.samplePage();
  await page.click('#hint');
  await page.waitForFunction(() => Number(document.getElementById('board').dataset.hint) >= 0);
  assert.match(await h.text(page, '#status'),
    h.trRe('page.hint.press', { where: h.trRe('page.where', { row: /\d+/, col: /\d+/ }) }));
  await h.shot(page, '04-hint');
  const i = await h.hintCell(page);
  await h.clickCell(page, Math.floor(i / 6), i % 6);
  assert.equal(await h.hintCell(page), -1);
  assert.equal(await h.text(page, '#moves'), '1');
  await page.close();
});

test('undo and redo restore the board, the move counter and a size change', async () => {
  const { page } = await h.samplePage();
  const before = await h.lights(page);
  await h.clickCell(page, 2, 2);
  assert.equal(await h.text(page, '#moves'), '1');
  await page.click('#undo');
  assert.equal(await h.text(page, '#moves'), '0');
  assert.deepEqual(await h.lights(page), before);
  await page.click('#redo');
  assert.equal(await h.text(page, '#moves'), '1');
  await page.click('#undo');
  // Enter in a size field sets the size; undo brings the sample back.
  await page.fill('#rows', '7');
  await page.press('#rows', 'Enter');
  assert.equal(await page.$eval('#board', (b) => b.dataset.rows), '7');
  assert.match(await h.text(page, '#status'), h.trRe('page.status.resized', { rows: 7, cols: 6 }));
  await page.click('#undo');
  assert.equal(await page.$eval('#board', (b) => b.dataset.rows), '5');
  assert.deepEqual(await h.lights(page), before);
  await page.close();
});

test('keyboard: arrows move the cursor, space presses', async () => {
  const { page } = await h.openPage();
  await page.click('#clear');
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  // Pressing (1,1) on a dark 5x6 board lights it and its four neighbours.
  assert.equal(await h.lit(page), 5);
  assert.equal((await h.lights(page))[7], 1);
  assert.match(await page.getAttribute('#board', 'aria-label'),
    h.trRe('page.board.cursor', { where: h.tr('page.where', { row: 2, col: 2 }) }));
  await page.keyboard.press('Enter');
  assert.equal(await h.lit(page), 0);
  await page.close();
});

test('edit mode toggles a single light', async () => {
  const { page } = await h.openPage();
  await page.click('#clear');
  await page.check('input[name=mode][value=edit]');
  await h.clickCell(page, 0, 0);
  assert.equal(await h.lit(page), 1);
  assert.equal(await h.text(page, '#moves'), '0');
  await page.close();
});

test('Learn chases the page\'s board down to a dark last row, and Close gives the board back', async () => {
  const { page, errors } = await h.samplePage();
  await page.click('#learn-open');
  await page.selectOption('#learn-lesson', '1');
  await page.waitForFunction(() => document.getElementById('learn-frame').dataset.lesson === '1');
  await page.focus('#learn-next');
  await page.keyboard.press('End');
  await page.waitForFunction(() => document.getElementById('learn-frame').dataset.kind === 'done');
  await h.shot(page, '06-learn-chase-done');
  assert.equal(await page.locator('#learn-boards .lcell[data-on="1"]').count(), 0, 'the chase ends dark');
  assert.equal(await page.locator('#learn-boards .lcell[data-mark="1"]').count(), 13, 'with the 13 presses marked');
  assert.equal(await h.text(page, '#learn-text'),
    h.tr('learn.chase.done.other', { first: '101001', n: 13 }));
  await page.click('#learn-close');
  assert.equal(await h.lit(page), 15, 'closing the lesson shows the player\'s board again');
  assert.deepEqual(errors, []);
  await page.close();
});

test('load text: count-first judge text, .# grids and plain PBM; bad text gets one line', async () => {
  const { page } = await h.openPage();
  await h.loadText(page, `2\n${h.SAMPLE}${h.SAMPLE}`);
  await page.waitForFunction(() => document.getElementById('board').dataset.lit === '15');
  assert.match(await h.text(page, '#status'),
    h.trRe('page.status.loaded', { rows: 5, cols: 6, note: h.tr('page.text.puzzleOf', { i: 1, n: 2 }) }));
  await h.loadText(page, '.#.\n###\n.#.\n');
  await page.waitForFunction(() => document.getElementById('board').dataset.lit === '5');
  assert.equal(await page.$eval('#board', (b) => `${b.dataset.rows}x${b.dataset.cols}`), '3x3');
  await h.loadText(page, 'P1\n2 2\n1 0\n0 1\n');
  await page.waitForFunction(() => document.getElementById('board').dataset.rows === '2');
  assert.deepEqual(await h.lights(page), [1, 0, 0, 1]);
  await h.loadText(page, '0 1\n0 2\n');
  assert.match(await h.text(page, '#status'), /^text: 2:3: expected 0 or 1, found '2'$/);
  assert.equal(await page.$eval('#board', (b) => b.dataset.rows), '2', 'the board is kept');
  await page.close();
});

test('an unsolvable board: the fewest lights to change, shown and used by the hint', async () => {
  const { page, errors } = await h.openPage();
  await page.click('#preset-classic');
  await page.check('input[name=mode][value=edit]');
  await h.clickCell(page, 0, 0);
  await h.solvableIs(page, false);
  assert.equal(await h.text(page, '#info-solutions'), '0');
  assert.equal(await page.locator('#quiet canvas').count(), 2, '5x5 has two quiet patterns');
  await page.click('#solve');
  await page.waitForFunction(() => Number(document.getElementById('board').dataset.fix) > 0);
  assert.equal(await h.fixes(page), 1, 'one light (the one added) makes it solvable again');
  assert.match(await h.text(page, '#status'), h.trRe('page.fix.fewest', { n: 1 }));
  await h.shot(page, '11-unsolvable-fix');
  await page.click('#hint');
  await page.waitForFunction(() => Number(document.getElementById('board').dataset.hint) >= 0);
  assert.match(await h.text(page, '#status'), h.trRe('page.hint.change', { which: h.tr('page.hint.single') }));
  await h.shot(page, '12-unsolvable-hint');
  await h.makeSolvable(page);
  await page.close();

  // Why such a board has no solution is lesson 3 of Learn (learn.test.mjs, the page's 5 x 5).
  assert.deepEqual(errors, []);
});

test('a composite number of states (6): the fewest lights to change, and "Make solvable"', async () => {
  const { page, errors } = await h.openPage();
  await page.click('#preset-classic');
  await h.useRules(page, 'plane,states=6');
  await page.click('#clear');
  await page.check('input[name=mode][value=edit]');
  await h.clickCell(page, 0, 0);
  await h.clickCell(page, 2, 3);
  await h.clickCell(page, 2, 3);
  await h.solvableIs(page, false);
  await page.click('#solve');
  await page.waitForFunction(() => Number(document.getElementById('board').dataset.fix) > 0);
  // The corner light alone is the Z_2 obstruction of the classic 5 x 5: one change suffices.
  assert.equal(await h.fixes(page), 1);
  assert.match(await h.text(page, '#status'), h.trRe('page.fix.fewest', { n: 1 }));
  await h.shot(page, '13-composite-fix');
  await h.makeSolvable(page);
  assert.deepEqual(errors, []);
  await page.close();
});

test('copy as judge text, and a phone screen without horizontal scrolling', async () => {
  const { page } = await h.openPage();
  await page.click('#copy');
  assert.match(await page.inputValue('#board-text'), /^([01]( [01]){4}\n){5}$/);
  await page.close();

  const phone = await h.samplePage(h.PHONE);
  await phone.page.click('#solve');
  await phone.page.waitForFunction(() => document.getElementById('board').dataset.marks === '13');
  await h.assertNoOverflow(phone.page, 'on a phone');
  await phone.page.close();
  // As it opens on a phone: the board below the title and the puzzle bar, the panels folded.
  const fresh = await h.browserPage(h.PHONE);
  const top = await fresh.$eval('#board', (b) => b.getBoundingClientRect().top);
  assert.ok(top < 280, `the board starts near the top on a phone (${top}px)`);
  await h.shot(fresh, '09-phone');
  await fresh.close();
  const side = await h.browserPage(h.PHONE_LANDSCAPE);
  await h.assertNoOverflow(side, 'on a phone in landscape');
  const box = await side.$eval('#board', (b) => b.getBoundingClientRect().bottom);
  assert.ok(box <= 390, `the board fits a landscape phone's height (${box}px)`);
  const solve = await side.$eval('#solution-tools > summary', (b) => b.getBoundingClientRect().bottom);
  assert.ok(solve <= 390, `Show solution is in view on a landscape phone (${solve}px)`);
  await h.shot(side, '09-phone-landscape');
  await side.close();
});

test('without its solver worker the page says so, and shows no stale values', async () => {
  const { page } = await h.openPage(h.DESKTOP, h.BASE,
    (p) => p.route('**/solver-worker.js', (route) => route.abort()));
  await page.waitForFunction(() => !document.getElementById('facts-error').hidden);
  assert.match(await h.text(page, '#facts-error'), h.trRe('page.facts.failed', { message: h.trRe('page.backend.broken') }));
  for (const id of ['info-solvable', 'info-presses', 'info-nullity', 'info-solutions']) {
    assert.equal(await h.text(page, `#${id}`), '—', `${id} shows no value`);
  }
  await h.clickCell(page, 0, 0);
  await page.click('#solve');
  const failed = h.trRe('page.status.solveFailed', { message: h.trRe('page.backend.broken') });
  await page.waitForFunction((src) => new RegExp(`^${src}`).test(document.getElementById('status').textContent), failed.source);
  await page.close();
});

test('a fewest-presses answer the search could not prove says so, with its lower bound', async () => {
  // The all-ones 65 x 65 board: 2^42 solutions, more than the API's 2 s search proves (the whole
  // search takes seconds).
  const { page, errors } = await h.openPage();
  await h.loadText(page, `${'#'.repeat(65)}\n`.repeat(65));
  await page.waitForFunction(() => document.getElementById('board').dataset.lit === '4225');
  await page.click('#solve');
  const answer = h.trRe('page.status.press.other',
    { n: /([\d,]+)/, note: h.trRe('page.status.fewestFound', { bound: /([\d,]+)/ }) });
  await page.waitForFunction((src) => new RegExp(src).test(document.getElementById('status').textContent),
    answer.source, { timeout: 20000 });
  const status = await h.text(page, '#status');
  const [, presses, bound] = status.match(answer);
  assert.ok(Number(bound.replace(/,/g, '')) < Number(presses.replace(/,/g, '')), status);
  assert.match(await h.text(page, '#info-presses'), h.trRe('page.facts.notProven', { n: /[\d,]+/, bound: /[\d,]+/ }));
  await h.shot(page, '30-fewest-not-proven');
  assert.deepEqual(errors, []);
  await page.close();
});
