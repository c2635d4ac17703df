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
  assert.match(await h.text(page, '#status'), /Applied the solution/);
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
  assert.match(await h.text(page, '#status'), /Boards up to 1000 × 1000 only: 1001 × 6 is refused/);
  assert.equal((await dataset(page)).rows, '5');
  assert.equal(await page.inputValue('#rows'), '5');
  await page.fill('#rows', '0');
  await page.press('#rows', 'Enter');
  assert.match(await h.text(page, '#status'), /whole numbers from 1/);
  await h.useRules(page, 'torus');
  await page.fill('#rows', '60');
  await page.fill('#cols', '60');
  await page.press('#cols', 'Enter');
  assert.match(await h.text(page, '#status'), /60 × 60 is refused: with these rules boards up to 2500 cells/);
  await h.useRules(page, 'plane');
  await page.fill('#rows', '60');
  await page.fill('#cols', '60');
  await page.press('#cols', 'Enter');
  assert.equal((await dataset(page)).rows, '60');
  await page.check('input[name=mode][value=holes]');
  await h.clickCell(page, 3, 3);
  assert.match(await h.text(page, '#status'), /Holes are for boards up to 2500 cells \(this one has 3600\)/);
  assert.equal(await h.rulesText(page), 'plane');
  await page.check('input[name=mode][value=play]');
  await page.selectOption('#topology', 'torus');
  assert.match(await h.text(page, '#status'), /These rules are for boards up to 2500 cells; this one has 3600/);
  assert.equal(await page.inputValue('#topology'), 'plane');
  await h.loadText(page, '0'.repeat(1001));
  assert.match(await h.text(page, '#status'), /Boards up to 1000 × 1000 only; this one is 1 × 1001/);
  await page.close();
});
