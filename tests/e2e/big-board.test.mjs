// Browser e2e: the canvas board at 1000 x 1000 (solve, zoom, pan, marks, apply), and sizes beyond
// the limits refused with a message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

before(h.launch);
after(h.close);

const dataset = (page) => page.$eval('#board', (b) => ({ ...b.dataset }));

// The colour drawn at a client point of the canvas, as #rrggbb.
const pixelAt = (page, x, y) => page.$eval('#board', (cv, [px, py]) => {
  const b = cv.getBoundingClientRect(), dpr = cv.width / b.width;
  const d = cv.getContext('2d').getImageData(Math.round((px - b.left) * dpr), Math.round((py - b.top) * dpr), 1, 1).data;
  return '#' + [d[0], d[1], d[2]].map((v) => v.toString(16).padStart(2, '0')).join('');
}, [x, y]);

test('1000 x 1000: random, solve, zoom in to readable marks, pan, apply instantly', { timeout: 240000 }, async () => {
  const { page, errors } = await h.openPage();
  page.setDefaultTimeout(90000);
  await page.fill('#rows', '1000');
  await page.fill('#cols', '1000');
  await page.press('#cols', 'Enter');
  assert.equal((await dataset(page)).rows, '1000');
  await page.click('#random');
  await page.waitForFunction(() => Number(document.getElementById('board').dataset.lit) > 100000);
  await h.solvableIs(page, true);
  await page.click('#solve');
  await page.waitForFunction(() => Number(document.getElementById('board').dataset.marks) > 0);
  const fit = await dataset(page);
  assert.ok(Number(fit.cellPx) < 1, `the whole board fits (${fit.cellPx} px a cell)`);
  await h.shot(page, '30-1000x1000-fit');
  for (let k = 0; k < 12; k++) await page.click('#zoom-in');
  const zoomed = await dataset(page);
  assert.ok(Number(zoomed.cellPx) >= 20, `zoomed in to ${zoomed.cellPx} px a cell`);
  // Pan by dragging, then check a marked cell on screen carries a mark of readable contrast.
  const box = await page.$eval('#board', (b) => { const r = b.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; });
  await page.mouse.move(box.x + box.w / 2, box.y + box.h / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.w / 2 + 200, box.y + box.h / 2 + 120, { steps: 5 });
  await page.mouse.up();
  assert.equal(await h.lit(page) > 0, true);
  const marked = await page.evaluate(([bx, by, bw, bh]) => {
    const p = window.__lightsout.presses();
    const cols = 1000;
    for (let i = 0; i < p.length; i++) {
      if (!p[i]) continue;
      const c = window.__lightsout.cellCenter(Math.floor(i / cols), i % cols);
      if (c.x > bx + 20 && c.x < bx + bw - 20 && c.y > by + 20 && c.y < by + bh - 20) return { i, ...c };
    }
    return null;
  }, [box.x, box.y, box.w, box.h]);
  assert.ok(marked, 'a marked cell is in view');
  const ink = await pixelAt(page, marked.x, marked.y);
  assert.ok(['#020617', '#ffffff'].includes(ink), `the mark is drawn at the cell's centre (${ink})`);
  await h.shot(page, '31-1000x1000-zoomed-marks');
  await page.click('#apply-now');
  await page.waitForFunction(() => document.getElementById('board').dataset.lit === '0');
  assert.match(await h.text(page, '#status'), h.trnRe('page.status.applied'));
  await page.click('#zoom-fit');
  assert.equal((await dataset(page)).zoom, '1.00');
  await h.assertNoOverflow(page, 'at 1000 x 1000');
  assert.deepEqual(errors, []);
  await page.close();
});

test('sizes beyond the limits are refused with a message, the board kept', async () => {
  const { page } = await h.openPage(h.PHONE);
  await page.fill('#rows', '1001');
  await page.press('#rows', 'Enter');
  const refused = (why) => new RegExp(`^${h.trRe('page.status.refused', { why }).source}`);
  assert.match(await h.text(page, '#status'), refused(/1001 x 5 has a side over the limit of 1000/));
  assert.equal((await dataset(page)).rows, '5');
  assert.equal(await page.inputValue('#rows'), '5');
  await page.fill('#rows', '0');
  await page.press('#rows', 'Enter');
  assert.match(await h.text(page, '#status'), h.trRe('page.status.wholeNumbers'));
  // The limit for other rules is by estimated work: light chasing takes a 256 x 256 torus with 255
  // states; banded elimination there with a hole or the 3 x 3 square, and dense elimination (the
  // square on a torus with 4 states, 80 x 80), are past it.
  await h.useRules(page, 'torus,states=4,nbhd=square');
  await page.fill('#rows', '80');
  await page.fill('#cols', '80');
  await page.press('#cols', 'Enter');
  assert.match(await h.text(page, '#status'),
    refused(/80 x 80 with these rules is estimated at [\d.e+]+ units of work for [a-z ]+ \(about [\d.e+-]+ hours at a nanosecond a unit\), over the limit of 3e\+09/));
  assert.equal((await dataset(page)).rows, '5');
  await h.useRules(page, 'torus,states=255');
  await page.fill('#rows', '256');
  await page.fill('#cols', '256');
  await page.press('#cols', 'Enter');
  assert.equal((await dataset(page)).rows, '256');
  await page.check('input[name=mode][value=holes]');
  await h.clickCell(page, 3, 3);
  assert.match(await h.text(page, '#status'),
    h.trRe('page.status.holesRefused', { why: /256 x 256 with these rules needs about [\d.]+M for banded elimination, over the limit of 256M/ }));
  assert.equal(await h.rulesText(page), 'torus,states=255');
  await page.check('input[name=mode][value=play]');
  await page.selectOption('#nbhd', 'square');
  assert.match(await h.text(page, '#status'),
    h.trRe('page.status.rulesRefused', { why: /256 x 256 with these rules needs about [\d.]+M for banded elimination, over the limit of 256M/ }));
  assert.equal(await page.inputValue('#nbhd'), 'plus');
  await h.useRules(page, 'plane');
  await h.loadText(page, '0'.repeat(1001));
  assert.match(await h.text(page, '#status'), /^text: 1 x 1001 has a side over the limit of 1000$/);
  await page.close();
});

// The torus plus press written out here (the oracle): lights + presses on the button and its four
// wrapped neighbours, mod K, for every cell.
function leftOver(lights, presses, n, k) {
  let bad = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      let t = lights[r * n + c];
      for (const [dr, dc] of [[0, 0], [1, 0], [n - 1, 0], [0, 1], [0, n - 1]]) t += presses[((r + dr) % n) * n + (c + dc) % n];
      if (t % k !== 0) bad++;
    }
  }
  return bad;
}

test('256 x 256 torus, 255 states: drawn with the colour ramp, solved and applied in bounded time', { timeout: 120000 }, async () => {
  const { page, errors } = await h.openPage();
  page.setDefaultTimeout(60000);
  await h.useRules(page, 'torus,states=255');
  await page.fill('#rows', '256');
  await page.fill('#cols', '256');
  await page.press('#cols', 'Enter');
  assert.equal((await dataset(page)).rows, '256');
  // The page solves each new board by itself (the facts' "solvable"): from the click to the answer.
  const start = Date.now();
  await page.click('#random');
  await page.waitForFunction(() => Number(document.getElementById('board').dataset.lit) > 30000);
  await h.solvableIs(page, true);
  const ms = Date.now() - start;
  assert.ok(ms < 15000, `random board made and solved in ${ms} ms`);
  // The colour ramp: zoomed in, every cell in view of one value is drawn in one colour, and the
  // many values seen get many colours.
  for (let z = 0; z < 4; z++) await page.click('#zoom-in');
  const ramp = await page.evaluate(() => {
    const cv = document.getElementById('board');
    const b = cv.getBoundingClientRect(), dpr = cv.width / b.width;
    const ctx = cv.getContext('2d');
    const lights = window.__lightsout.lights();
    const byValue = new Map();
    let clash = 0;
    for (let i = 0; i < lights.length; i += 7) {
      const p = window.__lightsout.cellCenter(Math.floor(i / 256), i % 256);
      if (p.x < b.left + 4 || p.y < b.top + 4 || p.x > b.right - 4 || p.y > b.bottom - 4) continue;
      const d = ctx.getImageData(Math.round((p.x - b.left) * dpr), Math.round((p.y - b.top) * dpr), 1, 1).data;
      const colour = (d[0] << 16) | (d[1] << 8) | d[2];
      if (byValue.has(lights[i]) && byValue.get(lights[i]) !== colour) clash++;
      byValue.set(lights[i], colour);
    }
    return { values: byValue.size, colours: new Set(byValue.values()).size, clash, cellPx: Number(cv.dataset.cellPx) };
  });
  assert.ok(ramp.values >= 100, `cells of many values in view (${ramp.values}, ${ramp.cellPx} px a cell)`);
  assert.equal(ramp.clash, 0, 'one colour per value');
  assert.ok(ramp.colours >= 0.9 * ramp.values, `${ramp.colours} colours for ${ramp.values} values`);
  await h.shot(page, '33-256x256-torus-255-states');
  await page.click('#zoom-fit');
  const before = await h.lights(page);
  await page.click('#solve');
  await page.waitForFunction(() => Number(document.getElementById('board').dataset.marks) > 0);
  const presses = await h.presses(page);
  assert.equal(leftOver(before, presses, 256, 255), 0, 'the marked presses solve the board');
  assert.match(await h.text(page, '#status'),
    h.trRe('page.status.press.other', { n: /[\d,]+/, end: h.tr('page.status.pressTimes') }));
  await page.click('#apply-now');
  await page.waitForFunction(() => document.getElementById('board').dataset.lit === '0');
  assert.match(await h.text(page, '#status'), h.trnRe('page.status.applied'));
  assert.deepEqual(errors, []);
  await page.close();
});
