// Edits between frames, with answers checked by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../index.mjs';

const sl = await load();

test('moving, turning, adding and removing models', () => {
  const t = sl.open();
  // sabre-1 at (6, 25.5), hunter-1 at (40, 21): 34 across and 4.5 down
  assert.equal(t.range('sabre-1', 'hunter-1', 'center').distance, 34.296501279);
  t.moveModel('sabre-1', [40, 17]); // 4 in south of hunter-1
  assert.equal(t.range('sabre-1', 'hunter-1', 'center').distance, 4);
  // sabre-1 faces +x (0 degrees): hunter-1, due north, is on its side
  assert.equal(t.arc('sabre-1', 'hunter-1').arcOf, 'side');
  t.rotateModel('sabre-1', 90); // now facing up the table, at hunter-1
  const arc = t.arc('sabre-1', 'hunter-1');
  assert.equal(arc.arcOf, 'front');
  assert.equal(arc.bearing, 0);
  t.addModel({ id: 'scout-1', side: 'ucm', class: 'infantry', position: [40, 13], base: { shape: 'circle', diameter: 1 } });
  assert.equal(t.range('scout-1', [40, 10], 'center').distance, 3);
  t.removeModel('scout-1');
  assert.throws(() => t.range('scout-1', [40, 10]), /scout-1/);
  // the edits are in the document
  const doc = t.scenario();
  const sabre = doc.models.find((m) => m.id === 'sabre-1');
  assert.deepEqual([sabre.position, sabre.facing], [[40, 17], 90]);
  assert.equal(doc.models.find((m) => m.id === 'scout-1'), undefined);
  t.close();
});

test('points as ends', () => {
  const t = sl.open();
  assert.equal(t.range([0, 0], [3, 4]).distance, 5);
  const s = t.sight([40, 10, 30], 'hunter-1'); // 30 in up, right next to it
  assert.equal(s.visible, true);
  assert.equal(t.visibleFraction([40, 18, 30], 'hunter-1').fraction > 0, true);
  t.close();
});

test('rulesets and version', () => {
  assert.deepEqual(sl.rulesets().slice().sort(), sl.rulesets());
  assert.ok(sl.rulesets().includes('generic'));
  assert.match(sl.version, /^\d+\.\d+\.\d+$/);
});
