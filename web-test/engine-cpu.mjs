// The CPU time of one drag update answered in the page (server/web/engine.js
// with the WebAssembly build of server/wasm), measured in Node, where the
// process's CPU time can be read: wall-clock times in a browser on a shared
// machine vary 2-10x with the load, CPU time much less. The update is the
// browser test's: sabre-3 dragged from (12, 25.5) to (27.5, 35.5) in 40
// steps, strider-1 shooting at it, sight both ways and the visible
// fraction to each of its 7 enemies. Prints the CPU time per update over
// ROUNDS rounds of the 40 steps (default 10) after one round of warm-up.
// WASM_DIR names another build directory than server/wasm.
//
//   bash server/build-wasm.sh && node web-test/engine-cpu.mjs
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const wasmDir = process.env.WASM_DIR || join(repo, 'server', 'wasm'); // a build as server/build-wasm.sh lays it out
const { load } = await import(join(wasmDir, 'index.mjs'));
const { Engine } = await import(join(repo, 'server', 'web', 'engine.js'));
const sightline = await load({ wasm: gunzipSync(readFileSync(join(wasmDir, 'dist', 'sightline.wasm.gz'))) });
const doc = sightline.defaultScenario();
const engine = new Engine(sightline);
engine.open(JSON.stringify(doc), doc);
const sabre = doc.models.find(m => m.id === 'sabre-3');
const steps = 40, rounds = Number(process.env.ROUNDS || 10);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
function round() {
  for (let i = 1; i <= steps; i++) {
    sabre.position = [12 + 15.5 * i / steps, 25.5 + 10 * i / steps];
    engine.look(doc, 'strider-1', 'sabre-3', 'sabre-3');
  }
}
round();
const c0 = cpu(), w0 = performance.now();
for (let r = 0; r < rounds; r++) round();
const n = rounds * steps;
console.log(`engine.look, default scenario, ${n} drag updates: ${((cpu() - c0) / n).toFixed(2)} ms CPU per update ` +
  `(${((performance.now() - w0) / n).toFixed(2)} ms wall), module with table.look: ${typeof engine.table.look === 'function'}`);
