// Bad input throws, and the message names the JSON path as the CLI does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from '../index.mjs';
import { root, check } from './helpers.mjs';

const sl = await load();

test('a bad document throws the CLI message', () => {
  const file = 'cmd/sightline/testdata/bad-nan.json';
  const cli = check(file);
  assert.equal(cli.status, 2);
  // the CLI prints "FILE: path: message"
  const want = cli.stderr.trim().slice(`${file}: `.length);
  assert.equal(want, 'terrain[0].footprint[2][1]: want a number, got string "NaN"');
  assert.throws(() => sl.open(readFileSync(join(root, file), 'utf8')), (e) => {
    assert.equal(e.message, want);
    assert.equal(e.path, 'terrain[0].footprint[2][1]');
    return true;
  });
});

const cases = [
  ['a query naming a missing model', (t) => t.answer({ kind: 'sight', from: 'sabre-1', to: 'nobody' }),
    'query.to', /unknown model "nobody"/],
  ['a query field of the wrong type', (t) => t.answer({ kind: 'range', from: 'sabre-1', to: 'hunter-1', mode: 3 }),
    'query.mode', /want a string/],
  ['a point of one number', (t) => t.range([1], 'hunter-1'), 'query.from', /want a point/],
  ['a point that is not a number', (t) => t.sight([1, 2, 'x'], 'hunter-1'), 'query.from[2]', /want a number/],
  ['a move off the table', (t) => t.moveModel('sabre-1', [60, 10]), /^models\[\d+\]\.position$/, /outside the 48 x 48 in table/],
  ['a position that is not finite', (t) => t.moveModel('sabre-1', [NaN, 10]), 'position[0]', /want a finite length/],
  ['a facing that is not finite', (t) => t.rotateModel('sabre-1', Infinity), 'facing', /want a facing of at most/],
  ['a facing that is not a number', (t) => t.rotateModel('sabre-1', 'north'), 'placement.facing', /want a number/],
  ['moving a model that is not there', (t) => t.moveModel('nobody', [1, 1]), 'id', /unknown model "nobody"/],
  ['a model without a position', (t) => t.addModel({ id: 'new-1', class: 'infantry' }), 'model.position', /missing/],
  ['a duplicate model', (t) => t.addModel({ id: 'sabre-1', class: 'vehicle', position: [1, 1] }), 'model.id', /duplicate id/],
  ['a bad document', () => sl.open('{"sightline": 1}'), 'table', /missing/],
  ['JSON that does not parse', () => sl.open('{"sightline": 1,'), '', /unexpected end|syntax|EOF/i],
];

for (const [name, call, path, msg] of cases) {
  test(`${name} throws naming ${path || 'the document'}`, () => {
    const t = sl.open();
    assert.throws(() => call(t), (e) => {
      assert.ok(e instanceof Error);
      assert.match(e.message, msg);
      if (path instanceof RegExp) assert.match(e.path, path);
      else if (path) {
        assert.equal(e.path, path);
        assert.ok(e.message.startsWith(`${path}: `), e.message);
      }
      return true;
    });
    // a failed edit changes nothing: sabre-1 is still where the file puts it
    assert.equal(t.range('sabre-1', 'hunter-1', 'center').distance, 34.296501279);
    t.close();
  });
}

test('a closed table throws', () => {
  const t = sl.open();
  t.close();
  assert.throws(() => t.answerAll(), /closed/);
});
