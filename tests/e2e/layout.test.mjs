// Browser e2e of the page's layout: the board stays in view while the panels scroll, the mask
// editor shows only for a custom neighbourhood, marks and values of 3 or more states differ in
// shape, and a large solved board shows its presses as a density map and zooms into a region.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';
import { stateColours, markColour, densityColour, DARK_MARK, LIGHT_MARK } from '../../web/colours.js';

before(h.launch);
after(h.close);

const dataset = (page) => page.$eval('#board', (b) => ({ ...b.dataset }));

// The share of the board's box inside the viewport (1: all of it).
const boardInView = (page) => page.evaluate(() => {
  const b = document.getElementById('board').getBoundingClientRect();
  const w = Math.max(0, Math.min(b.right, innerWidth) - Math.max(b.left, 0));
  const hh = Math.max(0, Math.min(b.bottom, innerHeight) - Math.max(b.top, 0));
  return (w * hh) / (b.width * b.height);
});

// The colours of a square of canvas pixels around a client point (half: its half side, CSS px),
// as #rrggbb strings.
const pixels = (page, x, y, half = 0) => page.$eval('#board', (cv, [px, py, hs]) => {
  const b = cv.getBoundingClientRect(), dpr = cv.width / b.width;
  const x0 = Math.round((px - hs - b.left) * dpr), y0 = Math.round((py - hs - b.top) * dpr);
  const n = Math.max(1, Math.round(2 * hs * dpr));
  const d = cv.getContext('2d').getImageData(x0, y0, n, n).data;
  const out = [];
  for (let i = 0; i < d.length; i += 4) out.push('#' + [d[i], d[i + 1], d[i + 2]].map((v) => v.toString(16).padStart(2, '0')).join(''));
  return out;
}, [x, y, half]);
const pixelAt = async (page, x, y) => (await pixels(page, x, y))[0];

// A cell's box in client px (x, y: its top-left corner; size: its side).
const cellBox = (page, r, c) => page.evaluate(([rr, cc]) => {
  const p = window.__lightsout.cellCenter(rr, cc);
  const s = Number(document.getElementById('board').dataset.cellPx);
  return { x: p.x - s / 2, y: p.y - s / 2, size: s };
}, [r, c]);

for (const [name, viewport] of [['desktop', h.DESKTOP], ['phone', h.PHONE]]) {
  // On a desktop the board is pinned beside the panels; a phone scrolls as one page (no strip
  // scrolling inside it), and the board is back in view at the top.
  const pinned = name === 'desktop';
  const boardSeen = async (page) => {
    if (!pinned) await page.evaluate(() => window.scrollTo(0, 0));
    return boardInView(page);
  };
  test(`${name}: the board stays in view (pinned, or at the top on a phone) while the panels scroll and the rules change`, async () => {
    // As the page opens: its panels folded sensibly, the sidebar of reasonable height.
    const fresh = await h.browserPage(viewport);
    const aside = await fresh.$eval('aside', (a) => Math.round(a.getBoundingClientRect().height));
    // 1941 px on desktop before the panels were folded and the mask editor hidden.
    const bound = name === 'desktop' ? 1350 : 700;
    assert.ok(aside <= bound, `the panels as the page opens are ${aside}px tall (at most ${bound})`);
    await h.shot(fresh, `50-layout-open-${name}`);
    await fresh.close();

    // Every panel open (the tallest the sidebar gets): scroll to its end with the wheel.
    const { page, errors } = await h.openPage(viewport);
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    assert.ok(total > viewport.height + 200, `the page scrolls (${total}px tall)`);
    const over = await page.$eval('#text-panel', (e) => { const r = e.getBoundingClientRect(); return { x: r.left + 20, y: Math.min(innerHeight - 10, r.top + 10) }; });
    await page.mouse.move(over.x, Math.max(over.y, viewport.height - 60));
    // Wheel until the page is at its end (a busy machine may coalesce or drop wheel events, and a
    // wheel's scroll lands a frame or two later): after each wheel, wait for two frames to be
    // drawn before looking again, so that the wheels are not all spent before the first lands.
    const atEnd = () => Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight - 2;
    const twoFrames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    for (let k = 0; k < 200 && !(await page.evaluate(atEnd)); k++) {
      await page.mouse.wheel(0, 400);
      await page.evaluate(twoFrames);
    }
    await page.waitForFunction(atEnd);
    assert.ok(await page.evaluate(() => scrollY) > 200, 'the page scrolled');
    const seen = await boardSeen(page);
    assert.ok(seen >= 0.9, `after scrolling to the last panel, ${Math.round(seen * 100)}% of the board is in view`);
    await h.shot(page, `51-layout-scrolled-${name}`);

    // Rules changed from the rules panel, scrolled to: the board stays, and the change shows on it.
    await page.$eval('#topology', (e) => e.scrollIntoView({ block: 'end' }));
    await page.selectOption('#topology', 'torus');
    await page.waitForFunction(() => window.__lightsout.rulesText() === 'torus');
    await page.fill('#states', '3');
    await page.press('#states', 'Enter');
    await page.waitForFunction(() => window.__lightsout.rulesText() === 'torus,states=3');
    await page.selectOption('#nbhd', 'mask');
    await page.waitForFunction(() => !document.getElementById('mask-box').hidden);
    const after = await boardSeen(page);
    assert.ok(after >= 0.9, `after changing the rules, ${Math.round(after * 100)}% of the board is in view`);
    // The board keeps a useful size, and on a phone leaves room for the panels below it.
    const box = await page.$eval('#board', (b) => b.getBoundingClientRect().toJSON());
    assert.ok(box.height >= 150, `the board is ${Math.round(box.height)}px tall`);
    if (name === 'phone') {
      const wrap = await page.$eval('#board-wrap', (p) => p.getBoundingClientRect().height);
      assert.ok(wrap <= viewport.height * 0.6, `the board takes ${Math.round(wrap)} of ${viewport.height}px`);
    }
    await h.assertNoOverflow(page, `with the board in view (${name})`);
    await h.shot(page, `52-layout-rules-changed-${name}`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('the mask editor is shown for a custom neighbourhood only', async () => {
  const { page, errors } = await h.openPage();
  const shown = () => page.isVisible('#mask-box');
  assert.equal(await shown(), false, 'hidden for the plus');
  for (const nbhd of ['x', 'square', 'knight', 'rowcol']) {
    await page.selectOption('#nbhd', nbhd);
    await page.waitForFunction((n) => window.__lightsout.rulesText().includes(`nbhd=${n}`), nbhd);
    assert.equal(await shown(), false, `hidden for ${nbhd}`);
  }
  await page.selectOption('#nbhd', 'mask');
  await page.waitForFunction(() => /nbhd=[01]/.test(window.__lightsout.rulesText()));
  assert.equal(await shown(), true, 'shown for a custom mask');
  await page.click('#mask button[data-dr="0"][data-dc="2"]');
  assert.equal(await page.getAttribute('#mask button[data-dr="0"][data-dc="2"]', 'aria-pressed'), 'true');
  await h.useRules(page, 'plane');
  await page.waitForFunction(() => window.__lightsout.rulesText() === 'plane');
  assert.equal(await shown(), false, 'hidden again for the plus');
  // A mask written in the rules text opens it too.
  await h.useRules(page, 'nbhd=111/010/111');
  await page.waitForFunction(() => window.__lightsout.rulesText().includes('nbhd=111/010/111'));
  assert.equal(await shown(), true, 'shown for a mask from the rules text');
  assert.deepEqual(errors, []);
  await page.close();
});

for (const [name, viewport] of [['desktop', h.DESKTOP], ['phone', h.PHONE]]) {
  test(`${name}: with 3 states a press is a diamond badge in the corner and the light value stays`, async () => {
    const { page, errors } = await h.openPage(viewport);
    // Two states first: the dot at the centre, no digits.
    await h.loadText(page, '1 0 0\n1 1 0\n0 0 0\n');
    await page.click('#solve');
    await page.waitForFunction(() => Number(document.getElementById('board').dataset.marks) > 0);
    let ds = await dataset(page);
    assert.equal(ds.markShape, 'dot');
    assert.equal(ds.values, 'colour');
    await h.useRules(page, 'states=3');
    await page.waitForFunction(() => /states=3/.test(window.__lightsout.rulesText()));
    await h.loadText(page, '1 2 0\n2 1 1\n0 2 2\n');
    await h.solvableIs(page, true);
    const lights = await h.lights(page);
    const colours = stateColours(3);
    // Before the solve: each cell's centre (where its value is printed) and its corner.
    const before = [];
    for (let i = 0; i < 9; i++) {
      const b = await cellBox(page, Math.floor(i / 3), i % 3);
      before.push({ b, centre: await pixels(page, b.x + b.size / 2, b.y + b.size / 2, b.size * 0.14) });
    }
    await page.click('#solve');
    await page.waitForFunction(() => Number(document.getElementById('board').dataset.marks) > 0);
    ds = await dataset(page);
    assert.equal(ds.markShape, 'diamond', 'presses are diamonds');
    assert.equal(ds.values, 'digits', 'values are printed');
    const [ax, ay] = ds.markAt.split(' ').map(Number);
    assert.ok(ax > 0.6 && ay < 0.4, `the badge sits in the top-right corner (${ds.markAt})`);
    const presses = await h.presses(page);
    let checked = 0;
    for (let i = 0; i < 9; i++) {
      const { centre } = before[i];
      const b = await cellBox(page, Math.floor(i / 3), i % 3);  // the page may have scrolled (a phone)
      const fill = colours[lights[i]], ink = markColour(fill);
      const now = await pixels(page, b.x + b.size / 2, b.y + b.size / 2, b.size * 0.14);
      // The value's digit is drawn (ink at the centre) and is the same with a mark as without.
      assert.ok(now.filter((p) => p === ink).length > 3, `cell ${i}: its value ${lights[i]} is printed`);
      assert.deepEqual(now, centre, `cell ${i}: the value is drawn the same with a mark (${presses[i]})`);
      // The badge: the diamond's left point is ink on a marked cell, the cell's colour otherwise.
      const badge = await pixelAt(page, b.x + b.size * (ax - 0.12), b.y + b.size * ay);
      assert.equal(badge, presses[i] ? ink : fill, `cell ${i} (${presses[i]} presses): the corner`);
      if (presses[i]) checked++;
    }
    assert.ok(checked > 0, 'some marked cells checked');
    assert.ok(checked < 9, 'some unmarked cells checked');
    await page.evaluate(() => window.scrollTo(0, 0));
    await h.shot(page, `53-states3-badges-${name}`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('zoom to region: Escape leaves the mode, a Shift-drag zooms at any time, a shift-click still presses', async () => {
  const { page, errors } = await h.openPage();
  await page.fill('#rows', '40');
  await page.fill('#cols', '40');
  await page.press('#cols', 'Enter');
  await page.waitForFunction(() => document.getElementById('board').dataset.rows === '40');
  await page.click('#zoom-region');
  assert.equal(await page.getAttribute('#zoom-region', 'aria-pressed'), 'true');
  await page.focus('#board');
  await page.keyboard.press('Escape');
  assert.equal((await dataset(page)).region, 'off');
  assert.equal(await page.getAttribute('#zoom-region', 'aria-pressed'), 'false');
  const before = await h.lights(page);
  const a = await cellBox(page, 10, 10), b = await cellBox(page, 14, 17);
  await page.keyboard.down('Shift');
  await page.mouse.move(a.x + 2, a.y + 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.size - 2, b.y + b.size - 2, { steps: 4 });
  await page.mouse.up();
  const ds = await dataset(page);
  assert.ok(Number(ds.zoom) > 4, `zoomed to ${ds.zoom} times the fit`);
  assert.deepEqual(await h.lights(page), before, 'the drag pressed nothing');
  await page.click('#zoom-fit');
  const c = await cellBox(page, 0, 0);
  await page.mouse.click(c.x + c.size / 2, c.y + c.size / 2);
  await page.keyboard.up('Shift');
  assert.notDeepEqual(await h.lights(page), before, 'a shift-click presses as a click does');
  assert.equal((await dataset(page)).zoom, '1.00');
  assert.deepEqual(errors, []);
  await page.close();
});

// A 1000 x 1000 classic board whose only solution is every button of rows and columns 100..399:
// its lights, computed here (the plus press written out), as rows of 0 and 1.
const N = 1000, LO = 100, HI = 400;
function blockBoard() {
  const lights = new Uint8Array(N * N);
  const flip = (r, c) => { if (r >= 0 && r < N && c >= 0 && c < N) lights[r * N + c] ^= 1; };
  for (let r = LO; r < HI; r++) {
    for (let c = LO; c < HI; c++) { flip(r, c); flip(r - 1, c); flip(r + 1, c); flip(r, c - 1); flip(r, c + 1); }
  }
  const rows = [];
  for (let r = 0; r < N; r++) rows.push(lights.subarray(r * N, (r + 1) * N).join(''));
  return { text: rows.join('\n') + '\n', lit: lights.reduce((a, v) => a + v, 0) };
}

test('1000 x 1000 solved: a press-density map at fit zoom, then zoom into a region to see each mark', { timeout: 240000 }, async () => {
  const { page, errors } = await h.openPage();
  page.setDefaultTimeout(90000);
  const board = blockBoard();
  await h.loadText(page, board.text);
  await page.waitForFunction((n) => Number(document.getElementById('board').dataset.lit) === n, board.lit);
  assert.equal((await dataset(page)).rows, '1000');
  await h.solvableIs(page, true);
  await page.click('#solve');
  await page.waitForFunction(() => Number(document.getElementById('board').dataset.marks) > 0);
  const presses = await h.presses(page);
  const count = presses.reduce((a, v) => a + v, 0);
  assert.equal(count, (HI - LO) ** 2, 'the solution is the block');
  let ds = await dataset(page);
  assert.ok(Number(ds.cellPx) < 1, `the whole board fits (${ds.cellPx} px a cell)`);
  assert.equal(ds.density, 'on', 'the density map is drawn');
  assert.ok(Number(ds.densityBlock) >= 2, `blocks of ${ds.densityBlock} cells a side`);
  assert.equal(await page.isVisible('#density-legend'), true, 'its legend is shown');
  // Pixels: inside the block every cell is pressed, far from it none.
  const centre = async (r, c) => { const b = await cellBox(page, r, c); return pixelAt(page, b.x + b.size / 2, b.y + b.size / 2); };
  assert.equal(await centre(250, 250), densityColour(1), 'a block of pressed cells');
  assert.equal(await centre(700, 700), densityColour(0), 'a block of unpressed cells');
  assert.notEqual(densityColour(1), densityColour(0));
  await page.evaluate(() => window.scrollTo(0, 0));
  await h.shot(page, '54-density-1000x1000');
  // The toggle shows the lights instead, and back.
  await page.click('#density');
  ds = await dataset(page);
  assert.equal(ds.density, 'off');
  assert.equal(await page.getAttribute('#density', 'aria-pressed'), 'false');
  assert.notEqual(await centre(250, 250), densityColour(1), 'the lights, not the density');
  await page.click('#density');
  assert.equal((await dataset(page)).density, 'on');

  // Zoom to region: a small rectangle around the block's top-left corner fills the view.
  await page.click('#zoom-region');
  assert.equal((await dataset(page)).region, 'on');
  const a = await cellBox(page, LO - 10, LO - 10), b = await cellBox(page, LO + 10, LO + 10);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
  ds = await dataset(page);
  assert.equal(ds.region, 'off', 'one rectangle, then the mode ends');
  assert.ok(Number(ds.cellPx) >= 12, `zoomed in to ${ds.cellPx} px a cell`);
  assert.equal(ds.density, 'off', 'cells are large enough for their own marks');
  assert.equal(ds.markShape, 'dot');
  assert.equal(await page.isVisible('#density-legend'), false, 'no legend when every mark is drawn');
  // Each cell now shows its own mark: pressed cells inside the corner, none outside.
  const lights = await h.lights(page);
  const fill = stateColours(2);
  for (const [r, c] of [[LO, LO], [LO + 3, LO + 5], [LO - 3, LO - 3], [LO + 5, LO - 2]]) {
    const i = r * N + c;
    const ink = await centre(r, c);
    if (presses[i]) assert.ok([DARK_MARK, LIGHT_MARK].includes(ink), `(${r}, ${c}) pressed: mark ${ink}`);
    else assert.equal(ink, fill[lights[i]], `(${r}, ${c}) not pressed: its light's colour`);
  }
  assert.equal(presses[LO * N + LO], 1);
  assert.equal(presses[(LO - 3) * N + LO - 3], 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await h.shot(page, '55-density-zoomed-region');
  await page.click('#zoom-fit');
  assert.equal((await dataset(page)).density, 'on');
  assert.deepEqual(errors, []);
  await page.close();
});
