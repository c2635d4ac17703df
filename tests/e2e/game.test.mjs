// Browser e2e: the game (web/game.js): the daily puzzle by date, moves and the timer of the
// player's own presses, the win panel with the par and the share line, the hidden fewest
// presses, and the levels. Dates are fixed with Playwright's clock, solutions found by a second
// copy of the core loaded in the page (lightsout.mjs), not by the page's own buttons.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as h from './helpers.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

before(h.launch);
after(h.close);

const winHidden = async (page) => page.$eval('#win-panel', (p) => p.hidden);

// The facts panel's fewest presses are there (an answer, not "…") but not on show.
async function factsConcealed(page) {
  await page.waitForFunction(() => /\d/.test(document.getElementById('info-presses').textContent));
  const value = await h.text(page, '#info-presses');
  assert.equal(await page.locator('#info-presses').isVisible(), false, 'the fewest presses are hidden');
  const shown = await page.locator('#facts-panel').innerText();
  assert.ok(!shown.includes(value), `the facts panel does not show "${value}"`);
  assert.equal(await page.locator('#reveal-presses').isVisible(), true, 'a Show button is there');
}

test('the share line has the exact format', () => {
  assert.equal(h.tr('game.share.other', { puzzle: '2026-12-01', n: 19, par: 15 }, 'en'),
    'Lights Out 2026-12-01: 19 moves, par 15');
});

test('first load: no fewest-presses number in the facts panel until asked', async () => {
  for (const [name, viewport] of [['desktop', h.DESKTOP], ['phone', h.PHONE]]) {
    const { context, page, errors } = await h.gamePage({ viewport });
    await page.evaluate(() => { document.getElementById('facts-panel').open = true; });
    await factsConcealed(page);
    assert.equal(await h.text(page, '#par'), h.tr('game.par.hidden'));
    assert.equal(await h.game(page, 'kind'), 'free');
    await h.shot(page, `game-first-load-${name}`);
    await page.click('#reveal-presses');
    await page.locator('#info-presses').waitFor({ state: 'visible' });
    assert.equal(await page.locator('#reveal-presses').isVisible(), false);
    await page.waitForFunction(() => /^\d+$/.test(document.getElementById('par').textContent));
    assert.equal(Number(await h.text(page, '#par')), (await h.fewest(page)).count, 'Show gives the par too');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the daily puzzle is the same in two contexts on a date, and another on another date', async () => {
  const at = (date) => new Date(`${date}T12:00:00Z`);
  const open = async (date) => {
    const { context, page, errors } = await h.gamePage({ when: at(date) });
    await h.daily(page, date);
    const b = await h.board(page);
    assert.ok((await h.text(page, '#game-title')).includes(date), 'the date is on show');
    assert.ok(b.lights.some((v) => v !== 0), 'not a dark board');
    const best = await h.fewest(page);
    assert.ok(best.proven && best.count > 0, 'solvable, with a proven par');
    assert.deepEqual(errors, []);
    await context.close();
    return b;
  };
  const one = await open('2026-12-01');
  const two = await open('2026-12-01');
  assert.deepEqual(two, one, 'the same date gives the same puzzle');
  assert.equal(`${one.rows}x${one.cols}`, '5x5', 'Tuesday: the 5 x 5 classic');
  const week = await open('2026-12-08');
  assert.equal(`${week.rows}x${week.cols}|${week.rules}`, `5x5|${one.rules}`, 'a week on: the same size and rules');
  assert.notDeepEqual(week.lights, one.lights, 'another date gives another board');
  const sunday = await open('2026-12-06');
  assert.equal(`${sunday.rows}x${sunday.cols}`, '5x5');
  assert.match(sunday.rules, /torus/);
  assert.match(sunday.rules, /states=3/);
});

test('every press counts as a move, the solver\'s too; the timer starts at the first press', async () => {
  const t0 = new Date('2026-12-01T09:00:00Z');
  const { context, page, errors } = await h.gamePage({ install: t0 });
  await h.daily(page, '2026-12-01');
  assert.equal(await h.text(page, '#moves'), '0');
  await context.clock.pauseAt(new Date('2026-12-01T09:10:00Z'));
  assert.equal(await h.text(page, '#timer'), '0:00', 'no press yet: no time');
  assert.equal(await h.game(page, 'running'), '');
  await h.clickCell(page, 0, 0);
  assert.equal(await h.text(page, '#moves'), '1');
  assert.equal(await h.game(page, 'running'), '1', 'the first press starts the timer');
  assert.equal(await h.text(page, '#timer'), '0:00');
  await context.clock.fastForward(65000);
  await page.waitForFunction(() => document.getElementById('timer').textContent === '1:05');
  await h.solutionTool(page, 'apply-now');
  await h.winShown(page);
  assert.equal(await h.lit(page), 0);
  const moves = Number(await h.text(page, '#moves'));
  assert.ok(moves > 1, `the applied presses are moves too (${moves})`);
  assert.equal(await h.text(page, '#win-title'), h.tr('game.win.titleHelped'));
  assert.equal(await h.text(page, '#win-help'), h.tr('game.win.helpedSolver'));
  assert.equal(await h.game(page, 'running'), '', 'the win stops the timer');
  await context.clock.fastForward(10000);
  assert.equal(await h.text(page, '#timer'), '1:05');
  await page.waitForFunction(() => /\d/.test(document.getElementById('win-share').textContent));
  const first = (await h.text(page, '#win-share')).split('\n')[0];
  assert.match(first, h.trnRe('game.share.helped', { puzzle: '2026-12-01', n: moves }), 'no par set against a helped result');
  await context.clock.resume();
  assert.deepEqual(errors, []);
  await context.close();
});

test('pressing the solution wins: the win panel with the par, the share line, Copy and Next puzzle', async () => {
  for (const [name, viewport] of [['desktop', h.DESKTOP], ['phone', h.PHONE]]) {
    const { context, page, errors } = await h.gamePage({ viewport, when: new Date('2026-12-01T12:00:00Z') });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await h.daily(page, '2026-12-01');
    await page.evaluate(() => { document.getElementById('facts-panel').open = true; });
    await factsConcealed(page);
    assert.equal(await h.text(page, '#par'), h.tr('game.par.hidden'), 'the par is hidden before the win');
    const before = await h.board(page);
    const best = await h.fewest(page);
    await h.pressAll(page, best.presses, before.cols);
    await h.winShown(page);
    assert.ok(await page.evaluate(() => document.getElementById('win-panel').contains(document.activeElement)),
      'focus moves to the win panel');
    assert.equal(await page.getAttribute('#win-panel', 'role'), 'dialog');
    assert.equal(await h.text(page, '#win-title'), h.tr('game.win.title'));
    assert.equal(await h.text(page, '#moves'), String(best.count));
    await page.waitForFunction(() => /\d/.test(document.getElementById('win-share').textContent));
    const line = h.tr('game.share.time', { line: h.tr('game.share.other', { puzzle: '2026-12-01', n: best.count, par: best.count }),
      time: '0:00' });
    const card = await h.text(page, '#win-share');
    assert.equal(card.split('\n')[0], line);
    assert.ok((await h.text(page, '#win-par')).includes(String(best.count)), 'the par is in the panel');
    assert.equal(await h.text(page, '#par'), String(best.count), 'the par is shown after the win');
    assert.equal(await page.locator('#info-presses').isVisible(), true, 'the facts show the fewest presses now');
    await page.locator('#win-panel').scrollIntoViewIfNeeded();
    await h.shot(page, `game-win-${name}`);
    await page.evaluate(axeSource);
    const audit = await page.evaluate(() =>
      window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } }));
    const bad = audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), [],
      'axe-core: no serious or critical violation with the win panel open');
    await page.click('#win-copy');
    await page.waitForFunction(() => document.getElementById('win-copied').textContent !== '');
    assert.equal(await h.text(page, '#win-copied'), h.tr('game.copied'));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), card);
    await page.click('#win-next');
    assert.equal(await winHidden(page), true);
    await page.waitForFunction(() => document.getElementById('game').dataset.kind === 'level');
    assert.notDeepEqual(await h.board(page), before, 'Next puzzle gives a new board');
    assert.equal(await h.text(page, '#moves'), '0');
    assert.equal(await h.text(page, '#par'), h.tr('game.par.hidden'), 'the new puzzle\'s par is hidden');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('Show par shows the proven fewest presses before the win', async () => {
  const { context, page, errors } = await h.gamePage({ when: new Date('2026-12-03T12:00:00Z') });
  await h.daily(page, '2026-12-03');
  assert.equal(`${(await h.board(page)).rows}x${(await h.board(page)).cols}`, '6x6', 'Thursday: 6 x 6');
  assert.equal(await h.text(page, '#par'), h.tr('game.par.hidden'));
  await page.click('#show-par');
  await page.waitForFunction(() => /^\d+$/.test(document.getElementById('par').textContent));
  assert.equal(Number(await h.text(page, '#par')), (await h.fewest(page)).count);
  assert.equal(await page.locator('#show-par').isVisible(), false);
  await page.evaluate(() => { document.getElementById('facts-panel').open = true; });
  await page.locator('#info-presses').waitFor({ state: 'visible' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('levels: the picker sets size and rules, a win leads to the next level, progress is kept', async () => {
  const { context, page, errors } = await h.gamePage();
  const expect = [[0, '3x3', /^plane$/], [1, '3x3', /^plane$/], [2, '3x3', /^plane$/], [8, '6x6', /^torus$/],
    [9, '4x4', /states=3/], [10, '5x5', /torus,states=3/]];
  for (const [i, size, rules] of expect) {
    await page.selectOption('#level', String(i));
    await page.waitForFunction((n) => document.getElementById('game').dataset.level === String(n), i + 1);
    const b = await h.board(page);
    assert.equal(`${b.rows}x${b.cols}`, size, `level ${i + 1}`);
    assert.match(b.rules, rules, `level ${i + 1}`);
    assert.ok(b.lights.some((v) => v !== 0), `level ${i + 1} is not solved already`);
    // The first levels are gentle: level n is n presses away.
    if (i < 3) assert.equal((await h.fewest(page)).count, i + 1, `level ${i + 1} needs ${i + 1} presses`);
  }
  // The last level ends with a message and a way on: Next is the daily puzzle, not the level again.
  await h.solutionTool(page, 'apply-now');
  await h.winShown(page);
  assert.equal(await h.text(page, '#win-end'), h.tr('game.win.allLevels'));
  await page.click('#win-next');
  await page.waitForFunction(() => document.getElementById('game').dataset.kind === 'daily');
  await page.selectOption('#level', '0');
  await page.waitForFunction(() => document.getElementById('game').dataset.level === '1');
  await h.pressAll(page, (await h.fewest(page)).presses, 3);
  await h.winShown(page);
  // Escape closes the panel and gives the focus back to the board.
  await page.keyboard.press('Escape');
  assert.equal(await winHidden(page), true);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'board');
  // A level's win is kept: the picker marks it, after a reload too.
  await page.reload();
  await h.settled(page);
  const first = await page.$eval('#level option[value="0"]', (o) => o.textContent);
  assert.ok(first.endsWith(h.tr('game.level.cleared')), `level 1 marked cleared (${first})`);
  await page.selectOption('#level', '1');
  await page.waitForFunction(() => document.getElementById('game').dataset.level === '2');
  await h.pressAll(page, (await h.fewest(page)).presses, 3);
  await h.winShown(page);
  await page.click('#win-next');
  await page.waitForFunction(() => document.getElementById('game').dataset.level === '3');
  assert.equal(`${(await h.board(page)).rows}x${(await h.board(page)).cols}`, '3x3', 'Next puzzle: level 3');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a broken storage does not stop the game', async () => {
  const { context, page, errors } = await h.gamePage();
  await page.evaluate(() => {
    Storage.prototype.setItem = () => { throw new Error('quota'); };
  });
  await page.selectOption('#level', '0');
  await page.waitForFunction(() => document.getElementById('game').dataset.level === '1');
  await h.pressAll(page, (await h.fewest(page)).presses, 3);
  await h.winShown(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the game\'s words follow a change of language', async () => {
  const { context, page, errors } = await h.gamePage({ when: new Date('2026-12-05T12:00:00Z') });
  await h.daily(page, '2026-12-05');
  const other = h.LOCALE === 'zh-CN' ? 'en' : 'zh-CN';
  await page.selectOption('#locale', other);
  await page.waitForFunction((s) => document.getElementById('par').textContent === s, h.tr('game.par.hidden', {}, other));
  const title = await h.text(page, '#game-title');
  assert.ok(title.includes('2026-12-05'));
  assert.equal(title, h.tr('game.title.daily', { date: '2026-12-05', size: h.tr('game.size', { rows: 6, cols: 6 }, other),
    rules: h.tr('game.rules.torus', {}, other) }, other));
  assert.equal(await h.text(page, '#status'), h.tr('game.status.start', { title }, other));
  assert.equal(await page.getAttribute('#info-presses', 'data-concealed'), h.tr('game.facts.concealed', {}, other));
  assert.equal(await h.text(page, '#daily'), h.tr('game.daily', {}, other));
  assert.deepEqual(errors, []);
  await context.close();
});

test('undo past a puzzle\'s start brings back the board before it, redo the puzzle and its moves', async () => {
  const { context, page, errors } = await h.gamePage({ when: new Date('2026-12-02T12:00:00Z') });
  const opening = await h.board(page);
  await h.daily(page, '2026-12-02');
  await h.clickCell(page, 1, 1);
  assert.equal(await h.text(page, '#moves'), '1');
  await page.click('#undo');
  assert.equal(await h.text(page, '#moves'), '0');
  assert.equal(await h.game(page, 'kind'), 'daily', 'undoing a press stays in the puzzle');
  await page.click('#undo');
  assert.equal(await h.game(page, 'kind'), 'free');
  assert.deepEqual(await h.board(page), opening);
  await page.click('#redo');
  await page.click('#redo');
  assert.equal(await h.game(page, 'kind'), 'daily');
  assert.equal(await h.game(page, 'date'), '2026-12-02');
  assert.equal(await h.text(page, '#moves'), '1');
  assert.deepEqual(errors, []);
  await context.close();
});
