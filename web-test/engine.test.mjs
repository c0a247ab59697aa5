// The page's engine (server/web/engine.js) without a browser: the
// rule-free band of a visible fraction, named as the server names it
// (server/look.go, looseBands: edges 0, 0.5, 1, 0 inclusive, within 1e-9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { band } from '../server/web/engine.js';

test('band names the visible fraction as /v1/look does', () => {
  for (const [fraction, want] of [
    [0, 'hidden'],
    [1e-10, 'hidden'], // within the tolerance of the inclusive edge 0
    [2e-9, 'mostly hidden'],
    [0.3, 'mostly hidden'],
    [0.5 - 1e-10, 'partly hidden'], // within the tolerance of 0.5, which is not inclusive: moves up
    [0.5, 'partly hidden'],
    [0.75, 'partly hidden'],
    [1 - 2e-9, 'partly hidden'],
    [1 - 1e-10, 'in the open'],
    [1, 'in the open'],
    [-0.1, 'hidden'], // below every edge: the first band
    [NaN, ''],
    [undefined, ''],
  ]) {
    assert.equal(band(fraction), want, `band(${fraction})`);
  }
});
