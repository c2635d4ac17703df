// Browser e2e: the Learn mode. Every frame of every lesson is stepped through and its text, its
// facts (data attributes) and the boards on show are checked against each other and against this
// file's own Lights Out oracle; the controls stay in the window at desktop and phone sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as h from './helpers.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

before(h.launch);
after(h.close);

// The first row of the judge's answer to the sample (tests/cli/golden/poj1222-sample.out).
const SAMPLE_FIRST = '101001';
const CONTROLS = ['learn-prev', 'learn-play', 'learn-next', 'learn-lesson', 'learn-close'];

// --- the oracle: classic presses, GF(2) rank ---------------------------------------------------
const neighbours = (rows, cols, i) => {
  const r = Math.floor(i / cols), c = i % cols;
  return [[r, c], [r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]
    .filter(([y, x]) => y >= 0 && y < rows && x >= 0 && x < cols).map(([y, x]) => y * cols + x);
};
function applyPresses(rows, cols, lights, presses) {
  const out = lights.slice();
  presses.forEach((p, i) => { if (p) for (const j of neighbours(rows, cols, i)) out[j] ^= 1; });
  return out;
}
function rank(matrix) {
  const m = matrix.map((row) => row.slice());
  let r = 0;
  for (let c = 0; c < (m[0]?.length ?? 0); c++) {
    const p = m.findIndex((row, i) => i >= r && row[c]);
    if (p < 0) continue;
    [m[r], m[p]] = [m[p], m[r]];
    for (let i = 0; i < m.length; i++) if (i !== r && m[i][c]) m[i] = m[i].map((v, j) => v ^ m[r][j]);
    r++;
  }
  return r;
}
const bitsOf = (list) => list.join('');
const onesOf = (list) => list.flatMap((v, i) => (v ? [i + 1] : []));
const sum = (list) => list.reduce((a, v) => a + v, 0);

// The text of a frame from its key and facts, as the page's learn.js words them.
function wording(facts, locale = h.LOCALE) {
  const one = (v) => (Array.isArray(v) ? h.tr('learn.cell', { r: v[0], c: v[1] }, locale) : String(v));
  return Object.fromEntries(Object.entries(facts).map(([k, v]) =>
    [k, Array.isArray(v) ? v.map(one).join(h.tr('learn.sep', {}, locale)) : one(v)]));
}

// Everything the dialog shows: the frame's data, its text, each board as drawn (cell by cell),
// the candidates, the system table and the matrix.
const readFrame = (page) => page.evaluate(() => {
  const box = document.getElementById('learn-frame');
  const pairs = (s) => (s ? s.split(';').sort() : []);
  const boards = [...box.querySelectorAll('.lboard')].map((g) => {
    const rows = Number(g.dataset.rows), cols = Number(g.dataset.cols);
    const cells = [...g.querySelectorAll('.lcell')];
    const lights = cells.map((c) => (c.dataset.on === '1' ? 1 : 0));
    const marks = cells.map((c) => (c.dataset.mark === '1' ? 1 : 0));
    const shown = (v) => v.flatMap((x, i) => (x ? [`${Math.floor(i / cols)},${i % cols}`] : [])).sort();
    return { rows, cols, count: cells.length, lights, marks, litShown: shown(lights), litSaid: pairs(g.dataset.litCells),
      marksShown: shown(marks), marksSaid: pairs(g.dataset.marks) };
  });
  const cands = [...box.querySelectorAll('#learn-cands .cand')].map((b) => ({
    first: b.dataset.first, left: b.dataset.left ?? null, current: b.getAttribute('aria-current') === 'true' }));
  const sys = document.getElementById('learn-system');
  const mx = document.getElementById('learn-matrix');
  const matrix = mx && { n: Number(mx.dataset.n), rows: Number(mx.dataset.rows), cols: Number(mx.dataset.cols),
    cells: [...mx.children].map((s) => (s.dataset.on === '1' ? 1 : 0)) };
  return { lesson: Number(box.dataset.lesson), frame: Number(box.dataset.frame), frames: Number(box.dataset.frames),
    kind: box.dataset.kind, say: box.dataset.say, facts: JSON.parse(box.dataset.facts),
    text: document.getElementById('learn-text').textContent, boards, cands,
    system: sys && { ...sys.dataset }, matrix };
});

// The rows of a board, and checks on them.
const rowOf = (b, r) => b.lights.slice(r * b.cols, (r + 1) * b.cols);
const marksRow = (b, r) => b.marks.slice(r * b.cols, (r + 1) * b.cols);
function darkAbove(b, r, what) {
  for (let y = 0; y < r; y++) assert.equal(sum(rowOf(b, y)), 0, `${what}: row ${y + 1} is dark`);
}
function marksOnlyIn(b, r, what) {
  for (let y = 0; y < b.rows; y++) if (y !== r) assert.equal(sum(marksRow(b, y)), 0, `${what}: no marks in row ${y + 1}`);
}

// Checks one frame; memo carries what earlier frames of the lesson showed (the lesson's board,
// the system's columns).
function checkFrame(f, memo) {
  const what = `lesson ${f.lesson + 1} frame ${f.frame + 1} (${f.kind})`;
  for (const b of f.boards) {
    assert.equal(b.count, b.rows * b.cols, `${what}: every cell drawn`);
    assert.deepEqual(b.litShown, b.litSaid, `${what}: the lights drawn are the frame's`);
    assert.deepEqual(b.marksShown, b.marksSaid, `${what}: the marks drawn are the frame's`);
  }
  assert.equal(f.text, h.tr(f.say, wording(f.facts)), `${what}: the text says the frame's facts`);
  const { facts: x } = f;
  const b = f.boards[0];
  const current = f.cands.find((c) => c.current);
  switch (f.kind) {
    case 'intro':
      memo.origin = b;
      assert.equal(x.n, sum(b.lights), `${what}: the lights counted`);
      assert.equal(f.cands.length, 2 ** b.cols, `${what}: every first row listed`);
      assert.equal(x.total, 2 ** b.cols);
      break;
    case 'intro2': memo.origin = b; break;
    case 'first':
      marksOnlyIn(b, 0, what);
      assert.deepEqual(onesOf(marksRow(b, 0)), x.cols, `${what}: the columns pressed are the marks`);
      assert.equal(bitsOf(marksRow(b, 0)), x.first);
      assert.deepEqual(b.lights, memo.origin.lights, `${what}: the chase starts on the lesson's board`);
      break;
    case 'row':
      darkAbove(b, x.row - 1, what);
      assert.deepEqual(onesOf(rowOf(b, x.row - 1)), x.cols, `${what}: the lights named are on in row ${x.row}`);
      assert.equal(x.n, x.cols.length);
      assert.equal(x.next, x.row + 1);
      marksOnlyIn(b, x.row, what);
      assert.deepEqual(onesOf(marksRow(b, x.row)), x.cols, `${what}: the presses are right below them`);
      break;
    case 'dark':
      darkAbove(b, x.row, what);
      assert.equal(sum(b.marks), 0, `${what}: nothing marked`);
      break;
    case 'fail': case 'try': case 'base':
      darkAbove(b, b.rows - 1, what);
      assert.deepEqual(onesOf(rowOf(b, b.rows - 1)), x.cols, `${what}: the last row's lights named`);
      if (f.kind !== 'base') assert.equal(x.n, x.cols.length);
      if (f.kind === 'try') assert.deepEqual(current, { first: x.first, left: String(x.n), current: true }, `${what}: its entry`);
      if (f.kind === 'base') {
        assert.equal(x.b, bitsOf(rowOf(b, b.rows - 1)));
        assert.equal(sum(marksRow(b, 0)), 0, `${what}: x = 0`);
        assert.deepEqual(applyPresses(b.rows, b.cols, memo.origin.lights, b.marks), b.lights, `${what}: the chase's presses`);
        memo.b = x.b;
      }
      break;
    case 'done': case 'good':
      assert.equal(sum(b.lights), 0, `${what}: the board is dark`);
      assert.equal(x.n, sum(b.marks), `${what}: the presses counted are the marks`);
      assert.equal(bitsOf(marksRow(b, 0)), x.first);
      assert.equal(sum(applyPresses(b.rows, b.cols, memo.origin.lights, b.marks)), 0, `${what}: the marks clear the lesson's board`);
      if (f.kind === 'good') assert.deepEqual(current, { first: x.first, left: '0', current: true });
      break;
    case 'found':
      assert.equal(x.presses, sum(b.marks));
      assert.equal(bitsOf(marksRow(b, 0)), x.first);
      assert.equal(sum(applyPresses(b.rows, b.cols, b.lights, b.marks)), 0, `${what}: the marks clear the board`);
      assert.ok(f.cands.every((c) => c.left !== null), `${what}: every first row tried`);
      assert.equal(f.cands.filter((c) => c.left === '0').length, x.n, `${what}: the good ones counted`);
      assert.equal(current.first, x.first);
      break;
    case 'unit': {
      const unit = new Array(b.cols).fill(0);
      unit[x.j - 1] = 1;
      assert.deepEqual(marksRow(b, 0), unit, `${what}: only x${x.j} pressed in row 1`);
      assert.deepEqual(applyPresses(b.rows, b.cols, new Array(b.count).fill(0), b.marks), b.lights, `${what}: the presses on a dark board`);
      darkAbove(b, b.rows - 1, what);
      assert.equal(x.bits, bitsOf(rowOf(b, b.rows - 1)), `${what}: column ${x.j} of A is the last row`);
      assert.deepEqual(onesOf(rowOf(b, b.rows - 1)), x.cols ?? []);
      (memo.columns ??= [])[x.j - 1] = x.bits;
      assert.equal(f.system.known, String(x.j), `${what}: the table knows ${x.j} columns`);
      break;
    }
    case 'system': {
      const a = f.system.a.split(';');
      assert.equal(a.length, x.m);
      a.forEach((row, i) => assert.equal(row, memo.columns.map((col) => col[i]).join(''), `${what}: equation ${i + 1}`));
      assert.equal(f.system.b, memo.b, `${what}: b is the last row of the chase with x = 0`);
      break;
    }
    case 'elim': {
      // One step: equation `row` keeps x_c, added to the equations listed, the others unchanged.
      const a = f.system.a.split(';').map((row) => [...row].map(Number));
      const bs = [...f.system.b].map(Number);
      const prev = memo.system ?? { a: memo.columns[0].split('').map((_, i) => memo.columns.map((col) => Number(col[i]))),
        b: [...memo.b].map(Number) };
      const added = x.rows ?? [];
      a.forEach((row, i) => {
        const plus = added.includes(i + 1);
        assert.deepEqual(row, prev.a[i].map((v, j) => v ^ (plus ? prev.a[x.row - 1][j] : 0)), `${what}: equation ${i + 1}`);
        assert.equal(bs[i], prev.b[i] ^ (plus ? prev.b[x.row - 1] : 0), `${what}: b of equation ${i + 1}`);
      });
      assert.deepEqual(onesOf(a.map((row) => row[x.c - 1])), [x.row], `${what}: x${x.c} left in equation ${x.row} alone`);
      memo.system = { a, b: bs };
      break;
    }
    case 'solved': {
      const a = f.system.a.split(';').map((row) => [...row].map(Number));
      const xs = [...x.x].map(Number);
      a.forEach((row, i) => assert.equal(sum(row.map((v, j) => v & xs[j])) % 2, Number(f.system.b[i]), `${what}: equation ${i + 1} holds`));
      assert.equal(f.system.x, x.x);
      assert.deepEqual(marksRow(b, 0), xs, `${what}: x marked in row 1`);
      assert.deepEqual(onesOf(xs), x.cols ?? []);
      break;
    }
    case 'matrix': case 'rank': {
      const m = f.matrix, n = m.rows * m.cols;
      assert.equal(m.n, n);
      assert.equal(m.cells.length, n * n, `${what}: the whole matrix drawn`);
      const rowsOf = Array.from({ length: n }, (_, i) => m.cells.slice(i * n, (i + 1) * n));
      for (let j = 0; j < n; j++) {
        const col = rowsOf.map((row) => row[j]);
        assert.deepEqual(onesOf(col).map((i) => i - 1).sort((p, q) => p - q),
          neighbours(m.rows, m.cols, j).sort((p, q) => p - q), `${what}: column ${j + 1} is button ${j + 1}'s press`);
      }
      assert.equal(x.cells, n);
      assert.deepEqual([x.rows, x.cols], [m.rows, m.cols]);
      if (f.kind === 'rank') {
        assert.equal(x.rank, rank(rowsOf), `${what}: the rank of the matrix drawn`);
        assert.equal(x.nullity, n - x.rank);
        if (x.nullity) assert.equal(x.ratio, 2 ** x.nullity);
      }
      break;
    }
    case 'quiet':
      assert.equal(sum(b.lights), 0, `${what}: on a dark board`);
      assert.ok(x.n > 0 && x.n === sum(b.marks), `${what}: the presses counted`);
      assert.equal(sum(applyPresses(b.rows, b.cols, b.lights, b.marks)), 0, `${what}: the presses change nothing`);
      break;
    case 'orth': {
      const q = f.boards[1];
      // A quiet pattern is drawn as presses (dots) on a dark board, as in the 'quiet' frames.
      assert.equal(sum(q.lights), 0, `${what}: the pattern drawn as presses`);
      assert.equal(sum(applyPresses(q.rows, q.cols, new Array(q.count).fill(0), q.marks)), 0, `${what}: the pattern is quiet`);
      const cellsOf = (v) => v.flatMap((on, i) => (on ? [[Math.floor(i / b.cols) + 1, (i % b.cols) + 1]] : []));
      assert.deepEqual(x.cells, cellsOf(b.lights), `${what}: the board's lights named`);
      assert.deepEqual(x.common, cellsOf(b.lights.map((v, i) => v & q.marks[i])), `${what}: the shared cells named`);
      assert.equal(x.n, x.common.length);
      assert.equal(x.n % 2, 1, `${what}: an odd number shared`);
      break;
    }
    case 'iff': {
      const patterns = f.boards.slice(1);
      assert.ok(patterns.length > 0);
      patterns.forEach((q, k) => {
        assert.equal(sum(q.lights), 0, `${what}: pattern ${k + 1} drawn as presses`);
        assert.equal(sum(applyPresses(q.rows, q.cols, new Array(q.count).fill(0), q.marks)), 0, `${what}: pattern ${k + 1} is quiet`);
        assert.equal(x.counts[k], sum(b.lights.map((v, i) => v & q.marks[i])), `${what}: shared with pattern ${k + 1}`);
      });
      assert.ok(x.counts.some((c) => c % 2), `${what}: the board is not solvable`);
      assert.equal(x.rank, x.cells - patterns.length);
      break;
    }
    default: assert.fail(`${what}: a frame kind this test does not know`);
  }
}

// Every control within the window; on a phone the frame's board or matrix too, above the bar.
async function assertInView(page, viewport, what) {
  const boxes = await page.evaluate((ids) => {
    const box = (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
    return { controls: ids.map((id) => [id, box(document.getElementById(id))]),
      bar: box(document.querySelector('.learn-bar')),
      art: [...document.querySelectorAll('#learn-boards .lboard, #learn-matrix')].map(box) };
  }, CONTROLS);
  for (const [id, b] of boxes.controls) {
    assert.ok(b.width > 0 && b.x >= 0 && b.y >= 0 && b.x + b.width <= viewport.width + 0.5 &&
      b.y + b.height <= viewport.height + 0.5, `${what}: #${id} in the window (${JSON.stringify(b)})`);
  }
  for (const b of boxes.art) {
    assert.ok(b.y >= 0 && b.y + b.height <= boxes.bar.y + 0.5 && b.x >= 0 && b.x + b.width <= viewport.width + 0.5,
      `${what}: the picture is on screen above the controls (${JSON.stringify(b)})`);
  }
}

async function pickLesson(page, i) {
  await page.selectOption('#learn-lesson', String(i));
  await h.frameIs(page, i, 0);
}

// Steps through every frame of lesson i with Next, checking each; returns the frames read.
async function walkLesson(page, i, viewport) {
  const memo = {};
  const seen = [];
  let f = await readFrame(page);
  for (;;) {
    assert.equal(f.lesson, i);
    checkFrame(f, memo);
    await assertInView(page, viewport, `lesson ${i + 1} frame ${f.frame + 1}`);
    seen.push(f);
    if (f.frame === f.frames - 1) break;
    await page.click('#learn-next');
    await h.frameIs(page, i, f.frame + 1);
    f = await readFrame(page);
  }
  assert.equal(await page.locator('#learn-next').isDisabled(), true, 'Next stops at the last frame');
  return seen;
}

for (const [name, viewport] of [['desktop', h.DESKTOP], ['phone', h.PHONE]]) {
  test(`${name}: every frame of the three lessons says what its boards show, controls in view`, async () => {
    const { page, errors } = await h.samplePage(viewport);
    await page.locator('#learn-open').scrollIntoViewIfNeeded();
    await h.openLearn(page);
    const enumeration = await walkLesson(page, 0, viewport);
    const intro = enumeration[0];
    assert.equal(intro.cands.length, 64, 'the enumeration shows 64 first rows for 5 x 6');
    assert.equal(new Set(intro.cands.map((c) => c.first)).size, 64, 'all different');
    assert.ok(intro.cands.every((c) => c.left === null), 'none tried at the start');
    assert.deepEqual(intro.boards[0].lights, [...h.SAMPLE.replace(/\s/g, '')].map(Number), 'the page\'s 5 x 6 board');
    const found = enumeration.find((f) => f.kind === 'found');
    assert.equal(found.facts.first, SAMPLE_FIRST, 'the judge\'s answer found');
    assert.equal(found.facts.n, 1, 'exactly one first row works on 5 x 6');
    assert.equal(found.facts.presses, 13);
    assert.equal(enumeration.filter((f) => f.kind === 'try' || f.kind === 'good').length, 63, 'one frame for each other first row');
    await h.shot(page, `learn-enumeration-${name}`);

    await pickLesson(page, 1);
    const system = await walkLesson(page, 1, viewport);
    assert.equal(system.find((f) => f.kind === 'solved').facts.x, SAMPLE_FIRST, 'the system gives the same first row');
    assert.equal(system.at(-1).kind, 'done');
    await page.click('#learn-prev');
    await h.frameIs(page, 1, system.length - 2);
    await h.shot(page, `learn-system-${name}`);

    await pickLesson(page, 2);
    const algebra = await walkLesson(page, 2, viewport);
    const ranks = algebra.filter((f) => f.kind === 'rank').map((f) => [f.facts.rows, f.facts.cols, f.facts.nullity]);
    assert.deepEqual(ranks, [[5, 6, 0], [5, 5, 2]], 'nullity 0 for 5 x 6, 2 for 5 x 5');
    assert.equal(algebra.filter((f) => f.kind === 'quiet').length, 2, '5 x 5 has two quiet patterns');
    assert.ok(algebra.some((f) => f.kind === 'orth'), 'an unsolvable board and the pattern that proves it');
    await page.click('#learn-prev');
    await h.frameIs(page, 2, algebra.length - 2);
    await h.shot(page, `learn-algebra-${name}`);
    await page.selectOption('#learn-lesson', '0');
    await h.frameIs(page, 0, 0);
    await page.click('#learn-next');
    await page.click('#learn-next');
    await page.click('#learn-next');
    await h.frameIs(page, 0, 3);
    await h.shot(page, `learn-chase-${name}`);
    // axe-core (as a11y.test.mjs) with the lesson open: no serious or critical violation.
    await page.evaluate(axeSource);
    const axe = await page.evaluate(() =>
      window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } }));
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);

    await page.click('#learn-close');
    await page.waitForFunction(() => !document.getElementById('learn').open);
    assert.equal(await h.lit(page), 15, 'the page\'s board is untouched');
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('play, pause, keyboard, a candidate clicked, Escape; the text follows the locale', async () => {
  const { page, errors } = await h.samplePage();
  await h.openLearn(page);
  assert.equal(await page.evaluate(() => document.activeElement?.closest('#learn') !== null), true, 'focus moves into the lesson');
  await page.selectOption('#learn-speed', '250');
  await page.click('#learn-play');
  assert.equal(await page.getAttribute('#learn-play', 'aria-pressed'), 'true');
  assert.equal(await h.text(page, '#learn-play'), h.tr('learn.pause'));
  await page.waitForFunction(() => Number(document.getElementById('learn-frame').dataset.frame) >= 2);
  await page.click('#learn-play');
  assert.equal(await page.getAttribute('#learn-play', 'aria-pressed'), 'false');
  const paused = (await readFrame(page)).frame;
  checkFrame(await readFrame(page), { origin: (await readFrame(page)).boards[0] });

  // The keyboard: arrows step, End goes to the last frame.
  await page.focus('#learn-next');
  await page.keyboard.press('ArrowRight');
  await h.frameIs(page, 0, paused + 1);
  await page.keyboard.press('ArrowLeft');
  await h.frameIs(page, 0, paused);
  await page.keyboard.press('End');
  const last = await readFrame(page);
  assert.equal(last.frame, last.frames - 1);
  assert.equal(await h.text(page, '#learn-play'), h.tr('learn.replay'));
  assert.equal(await page.getAttribute('#learn-text', 'aria-live'), 'polite');

  // A candidate's entry shows its chase's result.
  await page.click('#learn-cands .cand[data-first="000101"]');
  const f = await readFrame(page);
  assert.ok(f.kind === 'try' || f.kind === 'good');
  assert.equal(f.facts.first, '000101');
  assert.deepEqual(f.cands.find((c) => c.current).first, '000101');

  // Another locale while the lesson is open: the same frame, its text in that locale.
  const other = h.LOCALE === 'en' ? 'zh-CN' : 'en';
  await page.evaluate(async (code) => (await import('./i18n.js')).setLocale(code, { keep: false }), other);
  await page.waitForFunction((want) => document.getElementById('learn-close').textContent === want,
    h.tr('learn.close', {}, other));
  const again = await readFrame(page);
  assert.deepEqual([again.frame, again.facts], [f.frame, f.facts], 'the same frame');
  assert.equal(again.text, h.tr(again.say, wording(again.facts, other), other), 'its text in the other locale');
  await page.evaluate(async (code) => (await import('./i18n.js')).setLocale(code, { keep: false }), h.LOCALE);

  await h.escapeLearn(page);
  assert.deepEqual(errors, []);
  await page.close();
});

test('lessons 1 and 2 use the judge sample when the page\'s board is not 5 x 6; lesson 3 explains the page\'s unsolvable 5 x 5', async () => {
  const { page, errors } = await h.openPage();
  await page.click('#preset-classic');
  await page.click('#clear');
  await page.check('input[name=mode][value=edit]');
  await h.clickCell(page, 0, 1);
  await h.solvableIs(page, false);
  await h.openLearn(page);
  const intro = await readFrame(page);
  assert.deepEqual(intro.boards[0].lights, [...h.SAMPLE.replace(/\s/g, '')].map(Number));
  await pickLesson(page, 2);
  await page.focus('#learn-next');
  await page.keyboard.press('End');
  const iff = await readFrame(page);
  assert.equal(iff.kind, 'iff');
  checkFrame(iff, {});
  const one = new Array(25).fill(0);
  one[1] = 1;
  assert.deepEqual(iff.boards[0].lights, one, 'the page\'s board, which no presses clear');
  assert.deepEqual(errors, []);
  await page.close();
});
