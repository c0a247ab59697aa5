// engine.js: the look of /v1/look answered in the page by Sightline's
// WebAssembly build, when the server has one (its page names the loader in
// <meta name="sightline-wasm">). The module is loaded once; the table it
// holds follows the page's document: a moved or turned model is edited in
// place, anything else reopens the document. Every answer is the one
// /v1/look gives for the same document (the browser test compares them),
// ids included.

// loadEngine loads the WebAssembly build named by the page, unless the
// address asks for the server (?engine=server). It returns the engine
// (null: answer through the server) and a line for the page saying which.
export async function loadEngine() {
  if (new URLSearchParams(location.search).get('engine') === 'server') {
    return { engine: null, note: 'Answers from the server (?engine=server).' };
  }
  const src = document.querySelector('meta[name="sightline-wasm"]')?.content;
  if (!src) {
    return { engine: null, note: 'Answers from the server: it has no WebAssembly build (bash server/build-wasm.sh, then rebuild it).' };
  }
  try {
    const t0 = performance.now();
    const sightline = await (await import(src)).load();
    const ms = performance.now() - t0;
    return { engine: new Engine(sightline), note: `Answers in the browser (WebAssembly, loaded in ${ms.toFixed(0)} ms).` };
  } catch (err) {
    return { engine: null, note: `Answers from the server: the WebAssembly build did not load (${err.message}).` };
  }
}

// The rule-free bands of the visible fraction, as the server names them:
// edges 0, 0.5, 1 (0 inclusive), within 1e-9 (server/look.go, looseBands).
const bandNames = ['hidden', 'mostly hidden', 'partly hidden', 'in the open'];
const bandEdges = [0, 0.5, 1], bandInclusive = [true, false, false], bandTolerance = 1e-9;

// band is los.Bands.Band of the server's rule-free bands.
export function band(f) {
  if (typeof f !== 'number' || Number.isNaN(f)) return '';
  let i = bandEdges.findIndex(e => e - bandTolerance > f);
  if (i < 0) i = bandEdges.length;
  if (i > 0 && f - bandEdges[i - 1] <= bandTolerance && bandInclusive[i - 1]) i--;
  return bandNames[i] ?? '';
}

// pairID is the server's id of a look answer from one model to another.
const pairID = (kind, from, to) => `look:${kind}:${from}:${to}`;

// lookError is the error the server answers for bad look parameters.
function lookError(text) {
  return new Error(`${text}: bad look parameters`);
}

// shotQuery is the server's shot query (server/look.go, shotQuery): the
// document's shot query for shooter, else its first, aimed at target; a
// bare shot without one.
function shotQuery(doc, shooter, target) {
  let tmpl = null;
  for (const q of doc.queries || []) {
    if (q.kind === 'shot' && (!tmpl || q.shooter === shooter && tmpl.shooter !== shooter)) tmpl = q;
  }
  return { ...(tmpl || {}), id: 'look-shot', kind: 'shot', shooter, target };
}

// modelKey is what of model d the table holds, but its place.
function modelKey(d) {
  const { position, facing, ...rest } = d;
  return JSON.stringify(rest);
}

// Engine answers looks for one table at a time with a loaded module
// (load() of js/index.mjs).
export class Engine {
  constructor(sightline) {
    this.sightline = sightline;
    this.table = null;
    this.models = new Map(); // id -> the model as the table holds it: {key, position, facing}
  }

  // open makes the table of document text (doc, parsed). It throws when the
  // module cannot open it (for example a game it was built without).
  open(text, doc) {
    this.table?.close();
    this.table = null;
    this.models = new Map();
    this.table = this.sightline.open(text);
    this.models = new Map(doc.models.map(d => [d.id, { key: modelKey(d), position: d.position, facing: d.facing }]));
  }

  // sync edits the table to hold doc's models: a model moved or turned
  // with moveModel, rotateModel or placeModel; anything else (figures that
  // moved with their model, models added or removed) by reopening doc. It
  // throws the edit's error (a model off the table), leaving the table as
  // it was.
  sync(doc) {
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    const edits = [];
    let reopen = !this.table || doc.models.length !== this.models.size;
    for (const d of doc.models) {
      const had = this.models.get(d.id);
      if (!had || had.key !== modelKey(d)) reopen = true;
      else if (!same(had.position, d.position) || !same(had.facing, d.facing)) edits.push([d, had]);
    }
    if (reopen) {
      this.open(JSON.stringify(doc), doc);
      return;
    }
    for (const [d, had] of edits) {
      const moved = !same(had.position, d.position), turned = !same(had.facing, d.facing);
      if (moved && turned) this.table.placeModel(d.id, { position: d.position, facing: d.facing });
      else if (moved) this.table.moveModel(d.id, d.position);
      else this.table.rotateModel(d.id, d.facing);
      had.position = d.position;
      had.facing = d.facing;
    }
  }

  // look answers what POST /v1/look?shooter&target&moved answers for doc
  // (server/look.go), with micros the time taken here.
  look(doc, shooter, target, moved) {
    const t0 = performance.now();
    this.sync(doc);
    const ids = new Set(doc.models.map(m => m.id));
    for (const [name, id] of [['shooter', shooter], ['target', target], ['moved', moved]]) {
      if (!id && name === 'moved') continue;
      if (!id) throw lookError(`${name}: missing (want ?shooter=ID&target=ID)`);
      if (!ids.has(id)) throw lookError(`${name}: no model ${JSON.stringify(id)} in the scenario`);
    }
    if (shooter === target) throw lookError(`target: ${JSON.stringify(target)} is the shooter itself`);
    const t = this.table;
    const named = (a, kind, from, to) => { a.id = pairID(kind, from, to); return a; };
    const body = {
      shooter, target,
      range: named(t.range(shooter, target), 'range', shooter, target),
      sight: named(t.sight(shooter, target), 'sight', shooter, target),
      fraction: named(t.visibleFraction(shooter, target), 'visible-fraction', shooter, target),
    };
    body.band = band(body.fraction.fraction);
    body.arc = named(t.arc(shooter, target), 'arc', shooter, target);
    try {
      body.shot = t.answer(shotQuery(doc, shooter, target));
    } catch (err) {
      body.noShot = err.message;
    }
    if (moved) body.moved = moved;
    const enemies = this.enemies(doc, moved);
    if (enemies.length) body.enemies = enemies;
    body.micros = Math.round((performance.now() - t0) * 1000);
    return body;
  }

  // warmUp runs a few looks with model moved nudged to and fro, then
  // leaves the table holding doc: the browser compiles the module's hot
  // code with its optimising tier only once it has run a while, so a
  // page's first drag would be slower than the next without it.
  warmUp(doc, shooter, target, moved, nudge) {
    const copy = JSON.parse(JSON.stringify(doc));
    const m = copy.models.find(d => d.id === moved);
    if (m) m.position = [m.position[0] + nudge, m.position[1]];
    try {
      this.look(copy, shooter, target, moved);
    } finally {
      this.look(doc, shooter, target, moved);
    }
  }

  // enemies is sight both ways and the visible fraction between moved and
  // every model of another side (every other model when moved has none),
  // in document order. With the module's batched look (one call for every
  // enemy) when it has one.
  enemies(doc, moved) {
    const m = doc.models.find(d => d.id === moved);
    if (!m) return [];
    const side = m.side || '';
    const ids = doc.models.filter(e => e.id !== moved && (side === '' || (e.side || '') !== side)).map(e => e.id);
    const t = this.table;
    const seen = typeof t.look === 'function' && ids.length ? t.look(moved, ids) : null;
    return ids.map((id, i) => {
      const sees = seen ? seen[i].visible : t.sight(moved, id).visible;
      const fraction = seen ? seen[i].fraction : t.visibleFraction(moved, id).fraction;
      return { id, sees: !!sees, seenBy: !!t.sight(id, moved).visible, fraction };
    });
  }
}
