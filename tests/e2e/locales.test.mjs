// The locale tables are complete: every key in both, the same parameters in both, no empty
// string, and every key the page's markup and scripts use is in the tables (no browser needed).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const WEB = path.resolve(import.meta.dirname, '../../web');
const tables = {
  en: (await import(path.join(WEB, 'locale-en.js'))).default,
  'zh-CN': (await import(path.join(WEB, 'locale-zh-CN.js'))).default,
};
const params = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('both tables have the same keys', () => {
  const en = Object.keys(tables.en).sort();
  const zh = Object.keys(tables['zh-CN']).sort();
  assert.deepEqual(en.filter((k) => !zh.includes(k)), [], 'keys missing from zh-CN');
  assert.deepEqual(zh.filter((k) => !en.includes(k)), [], 'keys missing from en');
});

test('every string is non-empty and has the same parameters in both tables', () => {
  for (const [key, s] of Object.entries(tables.en)) {
    for (const [code, table] of Object.entries(tables)) {
      assert.equal(typeof table[key], 'string', `${code} ${key}`);
      assert.ok(table[key].trim().length > 0, `${code} ${key} is empty`);
    }
    assert.deepEqual(params(tables['zh-CN'][key]), params(s), `parameters of ${key}`);
  }
});

test('plural keys come in pairs', () => {
  for (const key of Object.keys(tables.en)) {
    const m = key.match(/^(.*)\.(one|other)$/);
    if (m) for (const form of ['one', 'other']) assert.ok(`${m[1]}.${form}` in tables.en, `${m[1]}.${form}`);
  }
});

test('every key the page uses is in the tables', () => {
  const used = new Set();
  for (const name of readdirSync(WEB)) {
    if (!/\.(js|html)$/.test(name) || name.startsWith('locale-') || name === 'i18n.js') continue;
    const src = readFileSync(path.join(WEB, name), 'utf8');
    for (const m of src.matchAll(/\bt\(\s*'([^'$]+)'/g)) used.add(m[1]);
    for (const m of src.matchAll(/\btn\(\s*'([^'$]+)'/g)) { used.add(`${m[1]}.one`); used.add(`${m[1]}.other`); }
    for (const m of src.matchAll(/data-i18n="([^"]+)"/g)) used.add(m[1]);
    for (const m of src.matchAll(/data-i18n-attr="([^"]+)"/g)) {
      for (const pair of m[1].trim().split(/\s+/)) used.add(pair.split(':')[1]);
    }
  }
  assert.ok(used.size > 0, 'no key found in the page');
  const missing = [...used].filter((k) => !(k in tables.en));
  assert.deepEqual(missing, [], 'keys used but not in the tables');
});
