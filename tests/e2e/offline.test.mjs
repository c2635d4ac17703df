// Browser e2e: the page as an offline app. The server serves the worker and the manifest with
// their types and a policy that allows them; after one visit the page loads and solves with the
// network off; chromium can install it; from file:// it says how to open it; a core or script that
// does not load is said in the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import * as h from './helpers.mjs';

before(h.launch);
after(h.close);

const SITE = process.env.LIGHTSOUT_SITE;
const url = (name) => new URL(name, h.BASE).href;

test('the server serves the worker, the manifest and the list of the site, allowed by its policy', async () => {
  for (const [name, type] of [['sw.js', /^text\/javascript/], ['manifest.webmanifest', /^application\/manifest\+json/],
    ['precache.json', /^application\/json/], ['icon-192.png', /^image\/png/], ['boot.js', /^text\/javascript/]]) {
    const res = await fetch(url(name));
    assert.equal(res.status, 200, name);
    assert.match(res.headers.get('content-type'), type, name);
    const csp = res.headers.get('content-security-policy');
    assert.match(csp, /worker-src 'self'/, name);
    assert.match(csp, /manifest-src 'self'/, name);
  }
  const manifest = await (await fetch(url('manifest.webmanifest'))).json();
  assert.ok(manifest.name && manifest.start_url && manifest.display === 'standalone');
  assert.ok(manifest.icons.some((i) => i.type === 'image/png' && i.sizes === '512x512'));
  const listed = await (await fetch(url('precache.json'))).json();
  for (const name of ['index.html', 'app.js', 'link.js', 'lightsout-core.js', 'lightsout-core.wasm', 'lightsout.mjs',
    'solver-worker.js', 'manifest.webmanifest']) assert.ok(listed.includes(name), `${name} is cached`);
  assert.ok(!listed.includes('sw.js'), 'the worker is not among the files it caches');
  if (SITE) {
    const files = readdirSync(SITE).filter((n) => !['sw.js', 'precache.json'].includes(n)).sort();
    assert.deepEqual(listed, files, 'every file of the site is listed');
  }
  for (const name of listed) assert.equal((await fetch(url(name))).status, 200, `${name} is served`);
});

test('after one visit the page loads and solves with the network off', async () => {
  const context = await h.newContext({ viewport: h.DESKTOP });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.stack));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(h.BASE);
  await h.settled(page);
  await page.waitForFunction(() => document.documentElement.dataset.offline === 'ready');
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the worker controls the page');
  assert.equal(await h.text(page, '#offline-note'), h.tr('links.offline-ready'));

  await context.setOffline(true);
  await page.reload();
  await h.settled(page);
  await h.solvableIs(page, true);
  await page.click('#solution-tools > summary');  // Solve is behind "Show solution"
  await page.click('#solve');
  await page.waitForFunction(() => Number(document.getElementById('board').dataset.marks) > 0);
  // A press still works and a link can still be made.
  await h.clickCell(page, 0, 0);
  assert.equal(await h.text(page, '#moves'), '1');
  await h.shot(page, 'offline-solved');
  assert.deepEqual(errors, []);
  // The network was off all along: what the worker does not keep (the JSON API) fails.
  const api = await page.evaluate(() => fetch('/api/info?size=5x5').then(() => 'answered', () => 'failed'));
  assert.equal(api, 'failed', 'the network is off (the API is not cached)');
  await context.close();
});

// The suite's contexts are private windows, where chromium checks nothing else ('in-incognito'),
// so this one runs in a browser profile of its own.
test('the page is installable: chromium finds nothing missing in its manifest, icons or worker', async () => {
  const profile = mkdtempSync(path.join(tmpdir(), 'lightsout-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, locale: h.LOCALE,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  try {
    const page = await context.newPage();
    await page.goto(h.BASE);
    await page.waitForFunction(() => document.documentElement.dataset.offline === 'ready');
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const { errors } = await cdp.send('Page.getAppManifest');
    assert.deepEqual(errors, [], 'the manifest parses cleanly');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('opened from file://, the page says how to open it', async () => {
  assert.ok(SITE, 'LIGHTSOUT_SITE names the site folder (run.sh sets it)');
  const page = await h.newPage({ viewport: h.PHONE });
  await page.goto(`file://${path.join(SITE, 'index.html')}`);
  await page.waitForFunction(() => document.documentElement.dataset.boot === 'links.file');
  assert.equal(await h.text(page, '#status'), h.tr('links.file'));
  assert.equal(await h.text(page, '#backend-note'), h.tr('links.file'));
  assert.ok(await page.isVisible('#status'));
  await h.shot(page, 'file-url');
  await page.close();
});

test('a core that does not load is said in the page', async () => {
  const page = await h.newPage({ viewport: h.DESKTOP });
  await page.route('**/lightsout-core.wasm', (route) => route.abort());
  const [before] = h.tr('links.core-failed', { message: '\u0000' }).split('\u0000');
  await page.goto(h.BASE);
  await page.waitForFunction((b) => document.getElementById('status').textContent.startsWith(b), before);
  assert.ok((await h.text(page, '#backend-note')).startsWith(before));
  await page.close();
});

test('a script of the page that does not load is said in the page', async () => {
  const page = await h.newPage({ viewport: h.DESKTOP });
  await page.route('**/link.js', (route) => route.abort());
  await page.goto(h.BASE);
  await page.waitForFunction(() => document.documentElement.dataset.boot === 'links.scripts-failed');
  assert.equal(await h.text(page, '#status'), h.tr('links.scripts-failed'));
  await page.close();
});
