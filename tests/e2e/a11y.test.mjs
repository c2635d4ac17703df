// Browser e2e: an automated accessibility check (axe-core, WCAG 2 A and AA rules) of the page at
// desktop and phone sizes, with a solution shown, in the suite's locale (run.sh runs it in each):
// no serious or critical violation, and the document's language is the page's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as h from './helpers.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

before(h.launch);
after(h.close);

for (const [name, viewport] of [['desktop', h.DESKTOP], ['phone', h.PHONE]]) {
  test(`${name}: axe-core finds no serious or critical violation`, async () => {
    const { page, errors } = await h.openPage(viewport);
    assert.equal(await page.evaluate(() => document.documentElement.lang), h.LOCALE);
    await page.click('#solve');
    await page.waitForFunction(() => Number(document.getElementById('board').dataset.marks) > 0);
    // Evaluated through the debugging protocol, so the page's Content-Security-Policy (no inline
    // or injected scripts) stays as it is.
    await page.evaluate(axeSource);
    const result = await page.evaluate(() =>
      window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } }));
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);
    assert.ok(result.passes.length > 10, 'axe ran its rules');
    assert.deepEqual(errors, []);
    await page.close();
  });
}
