// Browser e2e: every variant control of the page (topology, states, neighbourhoods and the mask
// editor, holes, target, the rules text), at desktop and phone sizes. The page's rules text is
// checked against the server's canonical form.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

before(h.launch);
after(h.close);

// The server's canonical text for the page's rules.
async function serverCanonical(rules, rows, cols) {
  const res = await fetch(new URL(`api/info?size=${rows}x${cols}&rules=${encodeURIComponent(rules)}`, h.BASE));
  const out = await res.json();
  assert.equal(res.status, 200, JSON.stringify(out));
  return out.rules;
}
async function assertCanonical(page, expected, rows, cols) {
  const t = await h.rulesText(page);
  assert.equal(t, expected);
  assert.equal(await page.inputValue('#rules-text'), expected);
  assert.equal(await serverCanonical(t, rows, cols), t, 'the page prints the rules as the library does');
}
// A dark rows x cols board in play mode.
async function dark(page, rows, cols) {
  await page.fill('#rows', String(rows));
  await page.fill('#cols', String(cols));
  await page.press('#cols', 'Enter');
  await page.click('#clear');
}
const on = (lights) => lights.flatMap((v, i) => (v ? [i] : []));

// Solves with the back end, applies the solution at once, expects the goal.
async function solveAndApply(page) {
  await page.click('#apply-now');
  await page.waitForFunction(() => document.getElementById('status').className === 'won');
  assert.match(await h.text(page, '#status'), h.trnRe('page.status.applied'));
}
// The status line's answer to Solve: the presses to make, or no solution.
const pressLine = h.trnRe('page.status.press');
const answered = new RegExp([pressLine, h.trRe('page.status.noSolution'), h.trRe('page.status.noSolutionWhy')]
  .map((r) => r.source).join('|'));
const solveAnswered = (page) => page.waitForFunction(
  (src) => new RegExp(src).test(document.getElementById('status').textContent), answered.source);

for (const [name, viewport] of [['desktop', h.DESKTOP], ['phone', h.PHONE]]) {
  test(`${name}: topology plane, cylinder, torus`, async () => {
    const { page, errors } = await h.openPage(viewport);
    await dark(page, 5, 5);
    await page.selectOption('#topology', 'torus');
    await assertCanonical(page, 'torus', 5, 5);
    await h.clickCell(page, 0, 0);
    assert.deepEqual(on(await h.lights(page)), [0, 1, 4, 5, 20], 'the corner press wraps both ways');
    await page.selectOption('#topology', 'cylinder');
    await assertCanonical(page, 'cylinder', 5, 5);
    await page.click('#clear');
    await h.clickCell(page, 0, 0);
    assert.deepEqual(on(await h.lights(page)), [0, 1, 4, 5], 'a cylinder wraps the columns only');
    await solveAndApply(page);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${name}: states K with numbers on the cells, K refused outside 2..255`, async () => {
    const { page, errors } = await h.openPage(viewport);
    await dark(page, 4, 4);
    await page.fill('#states', '3');
    await page.press('#states', 'Enter');
    await assertCanonical(page, 'plane,states=3', 4, 4);
    await h.clickCell(page, 1, 1);
    await h.clickCell(page, 1, 1);
    assert.equal((await h.lights(page))[5], 2, 'two presses: state 2 of 0..2');
    await page.click('#random');
    await page.click('#solve');
    await page.waitForFunction(() => Number(document.getElementById('board').dataset.marks) > 0);
    await h.shot(page, `20-states3-solution-${name}`);
    await solveAndApply(page);
    await page.fill('#states', '300');
    await page.press('#states', 'Enter');
    assert.match(await h.text(page, '#status'), /^rules: token 'states=300': states must be an integer in 2\.\.255/);
    assert.equal(await page.inputValue('#states'), '3');
    await page.fill('#states', '255');
    await page.press('#states', 'Enter');
    await assertCanonical(page, 'plane,states=255', 4, 4);
    await page.click('#random');
    // More than 10 states: the lights go to the API as rows of numbers, and are solved.
    await page.click('#solve');
    await page.waitForFunction(() => Number(document.getElementById('board').dataset.marks) > 0);
    await h.shot(page, `21-states255-${name}`);
    await solveAndApply(page);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${name}: neighbourhood presets and the mask editor`, async () => {
    const { page, errors } = await h.openPage(viewport);
    await dark(page, 5, 5);
    const expect = { x: [6, 8, 12, 16, 18], square: [6, 7, 8, 11, 12, 13, 16, 17, 18],
      knight: [1, 3, 5, 9, 12, 15, 19, 21, 23], rowcol: [2, 7, 10, 11, 12, 13, 14, 17, 22] };
    for (const [nbhd, cells] of Object.entries(expect)) {
      await page.selectOption('#nbhd', nbhd);
      await assertCanonical(page, `plane,nbhd=${nbhd}`, 5, 5);
      await page.click('#clear');
      await h.clickCell(page, 2, 2);
      assert.deepEqual(on(await h.lights(page)), cells, `${nbhd} from the centre`);
    }
    await page.uncheck('#self');
    await assertCanonical(page, 'plane,nbhd=rowcol,self=0', 5, 5);
    await page.check('#self');
    // A custom mask: the plus, then the cell two to the right added.
    await page.selectOption('#nbhd', 'plus');
    await page.selectOption('#nbhd', 'mask');
    await assertCanonical(page, 'plane,nbhd=010/111/010', 5, 5);
    await page.click('#mask button[data-dr="0"][data-dc="2"]');
    await assertCanonical(page, 'plane,nbhd=00100/01111/00100', 5, 5);
    assert.equal(await page.getAttribute('#mask button[data-dr="0"][data-dc="2"]', 'aria-pressed'), 'true');
    await page.click('#clear');
    await h.clickCell(page, 2, 0);
    assert.deepEqual(on(await h.lights(page)), [5, 10, 11, 12, 15]);
    await h.shot(page, `22-mask-${name}`);
    await page.click('#random');
    await page.click('#solve');
    await solveAnswered(page);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${name}: holes painted on the board, target on`, async () => {
    const { page, errors } = await h.openPage(viewport);
    await dark(page, 3, 3);
    await page.check('input[name=mode][value=holes]');
    await h.clickCell(page, 1, 1);
    await assertCanonical(page, 'plane,holes=[000/010/000]', 3, 3);
    await page.check('input[name=mode][value=play]');
    await h.clickCell(page, 0, 1);
    assert.deepEqual(on(await h.lights(page)), [0, 1, 2], 'the hole below does not light');
    await h.clickCell(page, 1, 1);
    assert.match(await h.text(page, '#status'), h.trRe('page.status.hole'));
    await page.check('#target');
    await assertCanonical(page, 'plane,target=on,holes=[000/010/000]', 3, 3);
    await page.click('#solve');
    await solveAnswered(page);
    await h.shot(page, `23-holes-target-${name}`);
    if (pressLine.test(await h.text(page, '#status'))) {
      await solveAndApply(page);
      const l = await h.lights(page);
      assert.deepEqual(l.filter((v, i) => i !== 4), [1, 1, 1, 1, 1, 1, 1, 1], 'every cell on');
    }
    // Dragging in holes mode paints a row of holes; one undo takes the drag back.
    await page.check('input[name=mode][value=holes]');
    await page.locator('#board').scrollIntoViewIfNeeded();
    const from = await page.evaluate(() => window.__lightsout.cellCenter(2, 0));
    const to = await page.evaluate(() => window.__lightsout.cellCenter(2, 2));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    await assertCanonical(page, 'plane,target=on,holes=[000/010/111]', 3, 3);
    await page.click('#undo');
    await assertCanonical(page, 'plane,target=on,holes=[000/010/000]', 3, 3);
    await page.check('input[name=mode][value=play]');
    await page.click('#clear-holes');
    await assertCanonical(page, 'plane,target=on', 3, 3);
    await page.click('#undo');
    await assertCanonical(page, 'plane,target=on,holes=[000/010/000]', 3, 3);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${name}: rules text pasted, canonical form shown, bad text refused in one line`, async () => {
    const { page, errors } = await h.openPage(viewport);
    await h.useRules(page, ' torus, nbhd=x ,states=3, holes=[#..../...../...../...../.....]');
    await assertCanonical(page, 'torus,states=3,nbhd=x,holes=[10000/00000/00000/00000/00000]', 5, 5);
    assert.equal(await page.$eval('#board', (b) => `${b.dataset.rows}x${b.dataset.cols}`), '5x5', 'the board follows the holes');
    assert.equal(await page.inputValue('#topology'), 'torus');
    assert.equal(await page.inputValue('#nbhd'), 'x');
    assert.equal(await page.inputValue('#states'), '3');
    await h.useRules(page, 'cylinder states=4');
    await assertCanonical(page, 'cylinder,states=4', 5, 5);
    await h.useRules(page, 'nbhd=111/111/110,self=0');
    await assertCanonical(page, 'plane,nbhd=111/101/110', 5, 5);
    for (const [bad, message] of [['nbhd=y', /^rules: token 'nbhd=y': unknown neighbourhood/],
      ['states=1', /^rules: token 'states=1': states must be an integer in 2\.\.255/],
      ['torus,torus', /^rules: token 'torus': the topology is already given by 'torus'/],
      ['graph=[3:0-1/1-2]', h.trRe('page.rules.graph', { text: 'graph=[3:0-1/1-2]' })]]) {
      await h.useRules(page, bad);
      assert.match(await h.text(page, '#status'), message);
      assert.equal((await h.text(page, '#status')).split('\n').length, 1);
    }
    assert.equal(await h.rulesText(page), 'plane,nbhd=111/101/110', 'refused text changes nothing');
    assert.equal(await page.inputValue('#rules-text'), 'graph=[3:0-1/1-2]', 'the typed text stays to be fixed');
    await h.useRules(page, '');
    await assertCanonical(page, 'plane', 5, 5);
    assert.deepEqual(errors, []);
    await h.assertNoOverflow(page, `with the rules panel open (${name})`);
    await h.shot(page, `24-rules-panel-${name}`);
    await page.close();
  });
}

test('three states: an unsolvable board gets the fewest changes, a hint and Make solvable', async () => {
  const { page, errors } = await h.openPage();
  await dark(page, 4, 4);
  await h.useRules(page, 'states=3');
  await page.check('input[name=mode][value=edit]');
  await h.solvableIs(page, true);
  // Light cells one by one until the board has no solution (8 in 9 boards of 4 x 4 have none).
  for (let i = 0; i < 16; i++) {
    await h.clickCell(page, Math.floor(i / 4), i % 4);
    await page.waitForFunction((answers) => answers.includes(document.getElementById('info-solvable').textContent),
      [h.tr('page.facts.yes'), h.tr('page.facts.no')]);
    if (await h.text(page, '#info-solvable') === h.tr('page.facts.no')) break;
  }
  assert.equal(await h.text(page, '#info-solvable'), h.tr('page.facts.no'));
  await page.click('#hint');
  await page.waitForFunction(() => Number(document.getElementById('board').dataset.hint) >= 0);
  assert.match(await h.text(page, '#status'),
    h.trRe('page.hint.changeBy', { where: h.trRe('page.where', { row: /\d/, col: /\d/ }), by: /[12]/ }));
  assert.ok(await h.fixes(page) >= 1);
  await h.shot(page, '25-states3-unsolvable-hint');
  await h.makeSolvable(page);
  assert.match(await h.text(page, '#status'), h.trnRe('page.status.madeSolvable'));
  assert.deepEqual(errors, []);
  await page.close();
});
