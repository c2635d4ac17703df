// The page served by `lightsout serve` runs the core in WebAssembly (a Web Worker for solving,
// the module in the page for rules and presses) and never asks the server's /api/: the server
// only serves the site's files.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

before(h.launch);
after(h.close);

test('the page: WebAssembly in the browser, no /api/ request, the sample solved', async () => {
  for (const viewport of [h.DESKTOP, h.PHONE]) {
    const page = await h.browserPage(viewport);
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.stack));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    const api = [];
    const files = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.includes('/api/')) api.push(path);
      files.push(path);
    });
    await page.reload();
    await h.settled(page);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
    assert.match(await page.evaluate(() => window.__lightsout.backend()), /WebAssembly/);
    assert.ok(files.includes('/lightsout-core.wasm'), 'the WebAssembly core comes from the server');
    await h.loadText(page, h.SAMPLE);
    await h.solvableIs(page, true);
    await page.click('#solve');
    await page.waitForFunction(() => document.getElementById('board').dataset.marks === '13');
    assert.match(await h.text(page, '#status'), h.trRe('page.status.fewestProven'));
    assert.equal(await h.text(page, '#backend-note'), h.tr('page.backend.note', { where: h.tr('page.backend.here') }));
    await h.shot(page, `40-wasm-${viewport.width}`);
    // A variant and its facts, from the worker.
    await h.useRules(page, 'torus,states=3,nbhd=x');
    await page.waitForFunction((src) => new RegExp(`^${src}$`).test(document.getElementById('info-fraction').textContent),
      h.trRe('page.facts.oneIn', { n: /[\d,]+/ }).source);
    assert.deepEqual(api, [], 'no request to /api/');
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the site is served with the types the browser needs', async () => {
  const wasm = await fetch(new URL('lightsout-core.wasm', h.BASE));
  assert.equal(wasm.status, 200);
  assert.equal(wasm.headers.get('content-type'), 'application/wasm');
  const bytes = new Uint8Array(await wasm.arrayBuffer());
  assert.deepEqual([...bytes.slice(0, 4)], [0, 0x61, 0x73, 0x6d], 'a WebAssembly module');
  for (const name of ['lightsout-core.js', 'lightsout.mjs', 'core.js', 'solver-worker.js']) {
    const res = await fetch(new URL(name, h.BASE));
    assert.equal(res.status, 200, name);
    assert.match(res.headers.get('content-type'), /^text\/javascript/, name);
  }
});
