// Contrast of the page's non-text parts (WCAG 1.4.11, at least 3:1) and of its text (4.5:1):
// computed from the colours the canvas actually draws and the page's computed styles.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';
import { contrast, stateColours, markColour, PAGE_BG, OFF, ON, HOLE_EDGE, FOCUS } from '../../web/colours.js';

before(h.launch);
after(h.close);

const atLeast = (a, b, ratio, what) => {
  const r = contrast(a, b);
  assert.ok(r >= ratio, `${what}: ${a} on ${b} is ${r.toFixed(2)}:1, below ${ratio}:1`);
  return r;
};

test('board colours: cells against the page, lit against unlit, every mark against its cell', () => {
  const report = {
    'unlit cell / page': atLeast(OFF, PAGE_BG, 3, 'unlit cell'),
    'lit / unlit cell': atLeast(ON, OFF, 3, 'lit against unlit'),
    'lit cell / page': atLeast(ON, PAGE_BG, 3, 'lit cell'),
    'hole outline / page': atLeast(HOLE_EDGE, PAGE_BG, 3, 'hole outline'),
    'keyboard cursor / page': atLeast(FOCUS, PAGE_BG, 3, 'cursor'),
  };
  for (const k of [2, 3, 5, 10, 100, 255]) {
    for (const [s, fill] of stateColours(k).entries()) {
      atLeast(fill, PAGE_BG, 3, `K=${k} state ${s} against the page`);
      // Solution dots, hint rings, toggle crosses and state numbers all use markColour(fill).
      atLeast(markColour(fill), fill, 4.5, `K=${k} state ${s} mark`);
    }
  }
  assert.equal(stateColours(255).length, 255);
  assert.equal(new Set(stateColours(10)).size, 10, 'ten distinct colours for K = 10');
  console.log(Object.entries(report).map(([k, v]) => `${k}: ${v.toFixed(2)}:1`).join('\n'));
});

// The colour the canvas shows at a client point.
const pixelAt = (page, x, y) => page.$eval('#board', (cv, [px, py]) => {
  const b = cv.getBoundingClientRect(), dpr = cv.width / b.width;
  const d = cv.getContext('2d').getImageData(Math.round((px - b.left) * dpr), Math.round((py - b.top) * dpr), 1, 1).data;
  return '#' + [d[0], d[1], d[2]].map((v) => v.toString(16).padStart(2, '0')).join('');
}, [x, y]);

test('the page draws those colours, and its controls and text contrast enough', async () => {
  for (const viewport of [h.DESKTOP, h.PHONE]) {
    const { page } = await h.openPage(viewport);
    await h.loadText(page, '1 0\n0 0\n');
    await page.waitForFunction(() => document.getElementById('board').dataset.lit === '1');
    const cell = async (r, c, dx = 0.3) => {
      const p = await page.evaluate(([rr, cc]) => window.__lightsout.cellCenter(rr, cc), [r, c]);
      const size = await page.$eval('#board', (b) => Number(b.dataset.cellPx));
      return pixelAt(page, p.x - size * dx, p.y);
    };
    assert.equal(await cell(0, 0), ON);
    assert.equal(await cell(1, 1), OFF);
    const corner = await page.$eval('#board', (b) => { const r = b.getBoundingClientRect(); return [r.left + 1, r.top + 1]; });
    assert.equal(await pixelAt(page, ...corner), PAGE_BG, 'the board area is the page colour');
    // Text and control borders against their backgrounds (computed styles).
    const colours = await page.evaluate(() => {
      const rgb = (s) => '#' + s.match(/\d+/g).slice(0, 3).map((v) => Number(v).toString(16).padStart(2, '0')).join('');
      const st = (sel) => getComputedStyle(document.querySelector(sel));
      return { body: rgb(st('body').backgroundColor), text: rgb(st('body').color),
        panel: rgb(st('.panel').backgroundColor), muted: rgb(st('.note').color),
        button: rgb(st('#hint').borderTopColor), buttonBg: rgb(st('#hint').backgroundColor),
        panelButton: rgb(st('#random').borderTopColor), status: rgb(st('#status').color) };
    });
    atLeast(colours.text, colours.body, 4.5, 'body text');
    atLeast(colours.muted, colours.panel, 4.5, 'muted text on a panel');
    atLeast(colours.button, colours.body, 3, 'button border on the page');
    atLeast(colours.panelButton, colours.panel, 3, 'button border on a panel');
    atLeast(colours.status, colours.body, 4.5, 'status text');
    await page.close();
  }
});
