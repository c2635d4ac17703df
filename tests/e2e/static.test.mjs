// Browser e2e of the static site (scripts/build_static.sh) on a plain static file server with no
// API: the page solves with the WebAssembly core in a Web Worker and never asks for /api/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './helpers.mjs';

before(h.launch);
after(h.close);

test('static site: WebAssembly in a worker, no /api/ request, the sample solved', async () => {
  for (const viewport of [h.DESKTOP, h.PHONE]) {
    const { page, errors } = await h.openPage(viewport);
    const api = [];
    page.on('request', (r) => { if (new URL(r.url()).pathname.includes('/api/')) api.push(r.url()); });
    assert.match(await page.evaluate(() => window.__lightsout.backend()), /WebAssembly/);
    const probe = await page.evaluate(async () => (await fetch('api/info?size=5x5')).status);
    assert.equal(probe, 404, 'the static server has no API');
    api.length = 0;
    await h.loadText(page, h.SAMPLE);
    await h.solvableIs(page, true);
    await page.click('#solve');
    await page.waitForFunction(() => document.getElementById('board').dataset.marks === '13');
    assert.match(await h.text(page, '#status'), /fewest/);
    assert.match(await h.text(page, '#backend-note'), /this browser \(WebAssembly, no server\)/);
    await h.shot(page, `40-static-wasm-${viewport.width}`);
    // A variant and its facts, from the worker.
    await h.useRules(page, 'torus,states=3,nbhd=x');
    await page.waitForFunction(() => document.getElementById('info-fraction').textContent.startsWith('1 in'));
    assert.deepEqual(api, [], 'no request to /api/');
    assert.deepEqual(errors.filter((e) => !/404/.test(e)), []);
    await page.close();
  }
});
