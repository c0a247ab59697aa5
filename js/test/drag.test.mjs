// The drag loop of a virtual tabletop: one model is dragged across the
// table and, at every step, sight and the visible fraction to 30 enemies
// are recomputed. Reports the time per update (aim: under 4 ms) of the
// batched road (moveModel + one look) and of the per-pair calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../index.mjs';

const sl = await load();

/** The default scenario with 30 enemy infantry bases on free ground in its east half. */
function table() {
  const t = sl.open();
  const enemies = [];
  for (let x = 26; x <= 46 && enemies.length < 30; x += 2.5) {
    for (let y = 2; y <= 46 && enemies.length < 30; y += 3) {
      const id = `enemy-${enemies.length + 1}`;
      try {
        t.addModel({ id, side: 'enemy', class: 'infantry', position: [x, y], base: { shape: 'circle', diameter: 1 }, hull: { height: 0.6 } });
        enemies.push(id);
      } catch {
        // inside a building or on another model: try the next spot
      }
    }
  }
  return { t, enemies };
}

/** Runs step over warm-up and measured frames; returns the wall and CPU milliseconds per frame. */
function timePerFrame(step) {
  const frames = Number(process.env.SIGHTLINE_DRAG_FRAMES ?? 100);
  for (let i = 0; i < 10; i++) step(i); // warm up
  const start = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < frames; i++) step(i);
  const ms = (performance.now() - start) / frames;
  const used = process.cpuUsage(cpu);
  // CPU time is what the machine's load does not inflate; wall time is what a player waits
  return { ms, cpuMs: (used.user + used.system) / 1000 / frames, frames };
}

test('drag loop, batched: moveModel, then one look to 30 enemies', (ctx) => {
  const { t, enemies } = table();
  assert.equal(enemies.length, 30);
  let seen = 0;
  const step = (i) => {
    t.moveModel('sabre-1', [3 + (i % 160) * 0.1, 25.5]); // along the road, 0.1 in per frame
    for (const l of t.look('sabre-1', enemies)) if (l.visible) seen++;
  };
  const { ms, cpuMs, frames } = timePerFrame(step);
  const line = `drag loop (moveModel + look): ${ms.toFixed(2)} ms per update wall, ${cpuMs.toFixed(2)} ms CPU (30 targets: sight, visible fraction, range; ${frames} frames)`;
  ctx.diagnostic(line);
  console.log(line);
  assert.ok(seen > 0, 'no enemy was ever seen: the loop measured nothing');
  // look's fields are those of the full answers, at the last position
  const looks = t.look('sabre-1', enemies);
  assert.deepEqual(looks.map((l) => l.to), enemies);
  for (const [i, id] of enemies.entries()) {
    const s = t.sight('sabre-1', id);
    assert.deepEqual([looks[i].visible, looks[i].blockedBy], [s.visible, s.blockedBy], id);
    assert.equal(looks[i].fraction, t.visibleFraction('sabre-1', id).fraction, id);
    assert.equal(looks[i].distance, t.range('sabre-1', id).distance, id);
  }
  // A loose ceiling: CI machines are shared; the aim of 4 ms is reported, not enforced.
  assert.ok(ms < 500, line);
  t.close();
});

test('drag loop, per pair: moveModel, then sight and visibleFraction to 30 enemies', (ctx) => {
  const { t, enemies } = table();
  assert.equal(enemies.length, 30);
  let seen = 0;
  const step = (i) => {
    t.moveModel('sabre-1', [3 + (i % 160) * 0.1, 25.5]);
    for (const id of enemies) {
      if (t.sight('sabre-1', id).visible) seen++;
      t.visibleFraction('sabre-1', id);
    }
  };
  const { ms, cpuMs, frames } = timePerFrame(step);
  const line = `drag loop (moveModel + 30 sight + 30 visibleFraction): ${ms.toFixed(2)} ms per update wall, ${cpuMs.toFixed(2)} ms CPU (${frames} frames)`;
  ctx.diagnostic(line);
  console.log(line);
  assert.ok(seen > 0, 'no enemy was ever seen: the loop measured nothing');
  assert.ok(ms < 500, line);
  t.close();
});

test('look errors name their path', () => {
  const { t } = table();
  for (const [args, path] of [
    [['nobody', ['hunter-1']], 'from'],
    [['sabre-1', ['hunter-1', 'nobody']], 'targets[1]'],
    [['sabre-1', ['hunter-1'], { range: 'far' }], 'range'],
  ]) {
    assert.throws(() => t.look(...args), (e) => e.path === path, `${args}: want path ${path}`);
  }
  assert.deepEqual(t.look('sabre-1', []), []);
  t.close();
});
