// index.d.ts declares every method the classes have (no TypeScript
// compiler needed: the names are compared).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Sightline, Table, load } from '../index.mjs';

const dts = readFileSync(new URL('../index.d.ts', import.meta.url), 'utf8');

/** The body of `export class NAME { ... }` in index.d.ts. */
function declared(name) {
  const m = dts.match(new RegExp(`export class ${name} \\{([\\s\\S]*?)\\n\\}`));
  assert.ok(m, `index.d.ts has no class ${name}`);
  return m[1];
}

for (const cls of [Sightline, Table]) {
  test(`index.d.ts declares every method of ${cls.name}`, () => {
    const body = declared(cls.name);
    const methods = Object.getOwnPropertyNames(cls.prototype).filter((n) => n !== 'constructor');
    assert.ok(methods.length > 2);
    for (const m of methods) assert.match(body, new RegExp(`\\n  ${m}\\(`), `${cls.name}.${m} is not declared`);
  });
}

test('index.d.ts declares load', () => {
  assert.equal(typeof load, 'function');
  assert.match(dts, /export function load\(options\?: LoadOptions\): Promise<Sightline>;/);
});
