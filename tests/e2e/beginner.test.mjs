// Browser e2e of the page a beginner plays: the score counts the solver's presses, the share
// card's link opens the puzzle unsolved (a daily as the daily), "solved today" and the streak
// after a reload, the unsolvable said at once, the phone layout, each press said on the status
// line, and Learn's chase played by hand. Screenshots of each for a person to look at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

before(h.launch);
after(h.close);

// The card on show once the par is known (its first line has the moves and the time).
const cardShown = (page) => page.waitForFunction(() => document.getElementById('win-share').dataset.link !== undefined &&
  document.getElementById('win-copy').disabled === false);
const plural = (key, n, params = {}) => h.tr(`${key}.${n === 1 && h.LOCALE === 'en' ? 'one' : 'other'}`, { n, ...params });

for (const [name, viewport] of [['desktop', h.DESKTOP], ['phone', h.PHONE]]) {
  test(`${name}: the first screen is a puzzle, Daily and Levels above the fold`, async () => {
    const { context, page, errors } = await h.gamePage({ viewport });
    const b = await h.board(page);
    assert.equal(`${b.rows}x${b.cols}`, '5x5', 'a fresh 5 x 5');
    assert.ok(b.lights.some((v) => v), 'with lights to turn off');
    for (const id of ['daily', 'level', 'new-puzzle']) {
      const box = await page.locator(`#${id}`).boundingBox();
      assert.ok(box && box.y + box.height <= viewport.height, `#${id} above the fold (${JSON.stringify(box)})`);
    }
    assert.equal(await page.locator('#solve').isVisible(), false, 'the solution is behind Show solution');
    const order = await page.$$eval('.play .toolbar > *', (els) => els.map((e) => e.id));
    assert.ok(order.indexOf('solution-tools') > order.indexOf('undo') && order.indexOf('solution-tools') > order.indexOf('hint'),
      `Show solution after Undo and Hint (${order.join(' ')})`);
    await h.shot(page, `beginner-first-load-${name}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${name}: with the solver's help every press counts, moves >= par, and the card says help`, async () => {
    const { context, page, errors } = await h.gamePage({ viewport, when: new Date('2026-12-01T12:00:00Z') });
    // A level of 5 x 6 random boards: one press of the player's, then the rest applied at once.
    await page.selectOption('#level', '6');
    await page.waitForFunction(() => document.getElementById('game').dataset.level === '7');
    await h.clickCell(page, 0, 0);
    await h.solutionTool(page, 'apply-now');
    await h.winShown(page);
    await cardShown(page);
    await page.waitForFunction(() => /^\d+$/.test(document.getElementById('par').textContent));
    const moves = Number(await h.text(page, '#moves')), par = Number(await h.text(page, '#par'));
    assert.ok(moves >= par, `moves ${moves} >= par ${par} when the solver helped`);
    assert.ok(moves > 1, 'the solver\'s presses are counted');
    assert.equal(await h.text(page, '#win-title'), h.tr('game.win.titleHelped'));
    assert.equal(await h.text(page, '#win-par'), h.tr('game.win.parHelped', { par }));
    const card = await h.text(page, '#win-share');
    assert.equal(card.split('\n')[0], h.tr('game.share.time', { line: plural('game.share.helped', moves,
      { puzzle: h.tr('game.share.levelName', { n: 7 }) }), time: '0:00' }));
    // The board stays in view after the win.
    const seen = await page.evaluate(() => {
      const b = document.getElementById('board').getBoundingClientRect();
      return (Math.min(b.bottom, innerHeight) - Math.max(b.top, 0)) / b.height;
    });
    assert.ok(seen >= 0.5, `the board is in view after the win (${seen})`);
    const title = await page.$eval('#win-title', (e) => e.getBoundingClientRect().bottom);
    assert.ok(title <= viewport.height, `the win panel's title is in view too (${title})`);
    await h.shot(page, `beginner-win-helped-${name}`);
    await page.locator('#win-panel').screenshot({ path: `${h.SHOTS}/beginner-card-helped-${name}.png` });

    // Next: with no press of the player's at all, the applied presses are the moves.
    await page.click('#win-next');
    await page.waitForFunction(() => document.getElementById('game').dataset.level === '8');
    await h.solutionTool(page, 'apply-now');
    await h.winShown(page);
    await page.waitForFunction(() => /^\d+$/.test(document.getElementById('par').textContent));
    const m2 = Number(await h.text(page, '#moves')), p2 = Number(await h.text(page, '#par'));
    assert.ok(m2 >= p2 && m2 > 0, `moves ${m2} >= par ${p2}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the share card: date, moves against par, time, the board in emoji; its link opens the daily unsolved', async () => {
  const { context, page, errors } = await h.gamePage({ when: new Date('2026-12-01T12:00:00Z') });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await h.daily(page, '2026-12-01');
  const start = await h.board(page);
  const best = await h.fewest(page);
  await h.pressAll(page, best.presses, start.cols);
  await h.winShown(page);
  await cardShown(page);
  const card = (await h.text(page, '#win-share')).split('\n');
  const line = plural('game.share', best.count, { puzzle: '2026-12-01', par: best.count });
  assert.match(card[0], h.trRe('game.share.time', { line, time: /\d+:\d\d/ }));
  const picture = card.slice(1, 1 + start.rows);
  const want = [];
  for (let r = 0; r < start.rows; r++) want.push(start.lights.slice(r * start.cols, (r + 1) * start.cols).map((v) => (v ? '🟨' : '⬛')).join(''));
  assert.deepEqual(picture, want, 'the starting board, not the solution');
  const link = card[1 + start.rows];
  assert.equal(link, await page.$eval('#win-share', (e) => e.dataset.link));
  assert.match(link, /#daily=2026-12-01$/);
  await page.click('#win-copy');
  await page.waitForFunction(() => document.getElementById('win-copied').textContent !== '');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), card.join('\n'));
  await page.locator('#win-panel').screenshot({ path: `${h.SHOTS}/beginner-share-card.png` });

  // A friend opens the link in a browser of their own, on another day: the same puzzle, unsolved.
  const friend = await h.gamePage({ url: link, when: new Date('2026-12-05T08:00:00Z') });
  assert.equal(await h.game(friend.page, 'kind'), 'daily');
  assert.equal(await h.game(friend.page, 'date'), '2026-12-01');
  assert.match(await h.text(friend.page, '#game-title'), h.trRe('game.title.daily', { date: '2026-12-01' }));
  assert.deepEqual(await h.board(friend.page), start, 'the same board, as it started');
  assert.equal(await h.text(friend.page, '#moves'), '0');
  assert.equal(await friend.page.$eval('#win-panel', (p) => p.hidden), true);
  assert.deepEqual(friend.errors, []);
  await friend.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('"solved today" and the streak, after a reload and on the next day', async () => {
  const { context, page, errors } = await h.gamePage({ when: new Date('2026-12-01T12:00:00Z') });
  assert.equal(await page.locator('#daily-mark').isVisible(), false, 'nothing solved yet');
  const winDaily = async (date) => {
    await h.daily(page, date);
    await h.pressAll(page, (await h.fewest(page)).presses, (await h.board(page)).cols);
    await h.winShown(page);
  };
  await winDaily('2026-12-01');
  await page.reload();
  await h.settled(page);
  assert.equal(await h.game(page, 'solvedToday'), '1');
  assert.equal(await h.text(page, '#daily-mark'), plural('game.daily.solved', 1));
  // The next day: the streak shows until today's is solved, then both.
  await context.clock.setFixedTime(new Date('2026-12-02T12:00:00Z'));
  await page.reload();
  await h.settled(page);
  assert.equal(await h.game(page, 'solvedToday'), '');
  assert.equal(await h.text(page, '#daily-mark'), plural('game.daily.streak', 1));
  await winDaily('2026-12-02');
  await page.reload();
  await h.settled(page);
  assert.equal(await h.text(page, '#daily-mark'), plural('game.daily.solved', 2));
  assert.equal(await h.game(page, 'streak'), '2');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an unsolvable board is said at once on the status line, with "Make solvable", before any Hint', async () => {
  const { page, errors } = await h.openPage();
  await page.evaluate(() => { document.getElementById('solution-tools').open = false; });
  await page.click('#preset-classic');
  await page.check('input[name=mode][value=edit]');
  await h.clickCell(page, 0, 0);  // one more light in the corner: no 5 x 5 presses clear it
  await page.waitForFunction(() => document.getElementById('board').dataset.unsolvable === '1');
  await page.waitForFunction(() => !document.getElementById('fix').hidden);
  assert.match(await h.text(page, '#status'), h.trRe('page.status.unsolvable'));
  assert.equal(await page.getAttribute('#status', 'class'), 'warn');
  assert.equal(await h.hintCell(page), -1, 'no hint was asked');
  await h.shot(page, 'beginner-unsolvable');
  await h.makeSolvable(page);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a phone: the board at most 60% of the height, no inner scrolling strip, every target at least 44 px', async () => {
  const page = await h.browserPage(h.PHONE);
  const share = await page.$eval('#board-wrap', (w) => w.getBoundingClientRect().height / innerHeight);
  assert.ok(share <= 0.6, `the board takes ${Math.round(share * 100)}% of the height`);
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
  const strips = await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => {
    const s = getComputedStyle(e);
    return /auto|scroll/.test(s.overflowY) && e.scrollHeight > e.clientHeight + 1 && e.tagName !== 'TEXTAREA';
  }).map((e) => e.id || e.className || e.tagName));
  assert.deepEqual(strips, [], 'nothing scrolls inside the page');
  const small = await page.evaluate(() => {
    const targets = document.querySelectorAll('button, select, summary, a[href], ' +
      'input:not([type=radio]):not([type=checkbox]), label:has(> input[type=radio]), label:has(> input[type=checkbox])');
    return [...targets].filter((e) => e.checkVisibility()).map((e) => {
      const r = e.getBoundingClientRect();
      return { what: e.id || e.textContent.trim().slice(0, 30), w: Math.round(r.width), h: Math.round(r.height) };
    }).filter((r) => r.w < 44 || r.h < 44);
  });
  assert.deepEqual(small, [], 'every visible tap target is at least 44 x 44 px');
  await h.assertNoOverflow(page, 'on a phone with every panel open');
  await page.close();
});

test('a press is said on the status line (a live region): the cell, on or off, and the lights left', async () => {
  const { page, errors } = await h.openPage();
  assert.equal(await page.getAttribute('#status', 'role'), 'status');
  await h.clickCell(page, 1, 2);
  const b = await h.board(page);
  const on = b.lights[b.cols + 2] !== 0;
  const left = b.lights.filter((v) => v).length;
  const state = h.tr(on ? 'page.cell.on' : 'page.cell.off');
  assert.equal(await h.text(page, '#status'),
    h.tr('page.status.pressed', { row: 2, col: 3, state, left: plural('page.count.lit', left) }));
  // The board's cells say on or off under the keyboard cursor.
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');  // from the cell clicked, (2, 3), to (2, 4)
  const label = await page.getAttribute('#board', 'aria-label');
  const next = b.lights[b.cols + 3] ? 'page.cell.on' : 'page.cell.off';
  assert.ok(label.endsWith(h.tr('page.board.cursor', { where: h.tr('page.where', { row: 2, col: 4 }), value: h.tr(next) })), label);
  // Undo says what is left rather than emptying the line.
  await page.click('#undo');
  assert.notEqual(await h.text(page, '#status'), '');
  assert.deepEqual(errors, []);
  await page.close();
});

for (const [name, viewport] of [['desktop', h.DESKTOP], ['phone', h.PHONE]]) {
  test(`${name}: Learn's chase by hand takes the forced press and refuses a wrong one`, async () => {
    const { page, errors } = await h.openPage(viewport);
    await h.loadText(page, h.SAMPLE);
    await page.click('#chase-this');
    await page.waitForFunction(() => document.getElementById('learn-frame').dataset.kind === 'practice');
    const practice = (sel = '#learn-practice') => page.$eval(sel, (e) => ({ ...e.dataset }));
    const cellOn = (r, c) => page.$eval(`#learn-practice button[data-r="${r}"][data-c="${c}"]`, (e) => e.dataset.on);
    const lightsNow = () => page.$$eval('#learn-practice .lcell', (cs) => cs.map((c) => c.dataset.on).join(''));
    assert.equal((await practice()).state, 'chasing');
    // A wrong press (the first row is never a chase press): refused, the board unchanged.
    const before = await lightsNow();
    await page.click('#learn-practice button[data-r="0"][data-c="0"]');
    await page.waitForFunction(() => document.getElementById('learn-practice').dataset.feedback === 'wrong');
    assert.equal(await lightsNow(), before, 'a wrong press changes nothing');
    assert.match(await h.text(page, '#learn-text'), h.trRe('learn.practice.wrong', { r: 1, c: 1 }));
    await h.shot(page, `beginner-learn-chase-wrong-${name}`);
    // The forced press: taken, the light above it goes off.
    const [r, c] = (await practice()).forced.split(';')[0].split(',').map(Number);
    assert.equal(await cellOn(r - 1, c), '1');
    await page.click(`#learn-practice button[data-r="${r}"][data-c="${c}"]`);
    await page.waitForFunction(() => document.getElementById('learn-practice').dataset.feedback === 'right');
    assert.equal(await cellOn(r - 1, c), '0', 'the light above the press went off');
    await h.shot(page, `beginner-learn-chase-${name}`);
    // Every forced press in turn clears the judge sample (its first row was pressed for us).
    for (let k = 0; k < 40 && (await practice()).state === 'chasing'; k++) {
      const [rr, cc] = (await practice()).forced.split(';')[0].split(',').map(Number);
      await page.click(`#learn-practice button[data-r="${rr}"][data-c="${cc}"]`);
    }
    assert.equal((await practice()).state, 'done');
    assert.match(await h.text(page, '#learn-text'), h.trnRe('learn.practice.done'));
    await h.escapeLearn(page);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('Learn\'s 64 first rows can be skipped to the one that works', async () => {
  const { page, errors } = await h.openPage();
  await h.openLearn(page);
  await page.waitForFunction(() => !document.getElementById('learn-skip').hidden);
  await page.click('#learn-skip');
  await page.waitForFunction(() => document.getElementById('learn-frame').dataset.kind === 'good');
  assert.equal(await page.locator('#learn-skip').isVisible(), false, 'nothing more to skip');
  await h.escapeLearn(page);
  assert.deepEqual(errors, []);
  await page.close();
});
