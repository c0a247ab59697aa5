// Sightline for JavaScript: the exact line-of-sight, range, arc and
// movement engine compiled to WebAssembly, with a synchronous API once
// loaded. See README.md and index.d.ts.
import './dist/wasm_exec.js'; // defines globalThis.Go

const isNode = typeof process !== 'undefined' && !!process.versions?.node;

/** Reads the module bytes from a URL, a path, or bytes given. */
async function wasmBytes(src) {
  if (src instanceof ArrayBuffer || ArrayBuffer.isView(src)) return src;
  const url = src ?? new URL('./dist/sightline.wasm', import.meta.url);
  const href = String(url);
  if (isNode && !/^(https?|data|blob):/.test(href)) {
    const { readFile } = await import('node:fs/promises');
    return readFile(url);
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`sightline: fetching ${href}: ${res.status} ${res.statusText}`);
  return res.arrayBuffer();
}

/**
 * Loads the engine once; every call on what it returns is synchronous.
 * @param {{wasm?: string | URL | ArrayBuffer | ArrayBufferView}} [options]
 */
export async function load(options = {}) {
  const go = new globalThis.Go();
  const key = `__sightline_${Math.random().toString(36).slice(2)}`;
  go.argv = ['sightline-wasm', key];
  const { instance } = await WebAssembly.instantiate(await wasmBytes(options.wasm), go.importObject);
  go.run(instance); // runs main until it waits for calls; the API is set by then
  const api = globalThis[key];
  delete globalThis[key];
  if (!api) throw new Error('sightline: the WebAssembly module did not register its API');
  return new Sightline(api);
}

/** Returns v, or throws it when the Go side returned an Error. */
function check(v) {
  if (v instanceof Error) throw v;
  return v;
}

/** Returns a JSON text argument: strings pass as they are. */
function text(v) {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export class Sightline {
  #api;
  constructor(api) {
    this.#api = api;
    /** The API's version. */
    this.version = api.version;
  }

  /** Opens a scenario document (object or JSON text); the default scenario when omitted. */
  open(doc) {
    const handle = check(this.#api.open(doc === undefined || doc === null ? undefined : text(doc)));
    return new Table(this.#api, handle);
  }

  /** The embedded default scenario, as a document object. */
  defaultScenario() {
    return JSON.parse(check(this.#api.defaultScenario()));
  }

  /** The names of the rulesets a scenario's "ruleset" may give. */
  rulesets() {
    return check(this.#api.rulesets());
  }
}

export class Table {
  #api;
  #handle;
  constructor(api, handle) {
    this.#api = api;
    this.#handle = handle;
  }

  #call(method, ...args) {
    if (this.#handle === 0) throw new Error('sightline: the table is closed');
    return check(this.#api.call(this.#handle, method, ...args));
  }

  /** Answers every query of the scenario: {results: [...]}, as `sightline check --json`. */
  answerAll() {
    return JSON.parse(this.#call('results'));
  }

  /** Answers one query object, as a scenario's "queries" array holds it ("id" defaults to the kind). */
  answer(query) {
    const q = typeof query === 'string' ? query : JSON.stringify({ id: query.kind, ...query });
    return JSON.parse(this.#call('answer', q));
  }

  /** Range between models, pieces or points ([x, y] or [x, y, z]). */
  range(from, to, mode) {
    return this.#measure('range', from, to, mode ? { mode } : {});
  }

  /** Whether any part of `to` is seen from `from` (a model or an eye point). */
  sight(from, to) {
    return this.#measure('sight', from, to, {});
  }

  /** The exact visible fraction of model `to` seen from `from` (a model or an eye point). */
  visibleFraction(from, to) {
    return this.#measure('visible-fraction', from, to, {});
  }

  /** Which arc of model `from` holds `to` (a model or a point); `arc` asks about one arc. */
  arc(from, to, arc) {
    return this.#measure('arc', from, to, arc ? { arc } : {});
  }

  /**
   * Sight, visible fraction and range from model `from` to each model of `targets`, in one call:
   * one entry per target, each field that of the full answer (sight, visibleFraction, range).
   */
  look(from, targets, options = {}) {
    return JSON.parse(this.#call('look', String(from), Array.from(targets, String), options.range ?? ''));
  }

  #measure(kind, from, to, option) {
    if (typeof from === 'string' && typeof to === 'string') {
      // two ids: the road without JSON on the way in, for drag loops
      return JSON.parse(this.#call('pair', kind, from, to, option.mode ?? option.arc ?? ''));
    }
    return JSON.parse(this.#call('measure', JSON.stringify({ kind, from, to, ...option })));
  }

  /** The ruleset's shot verdict; `fields` adds the game's fields (weapon, ...). */
  shot(shooter, target, fields = {}) {
    return this.answer({ id: 'shot', kind: 'shot', shooter, target, ...fields });
  }

  /** The ruleset's move verdict for `model` along `path`; `fields` adds turns and the game's fields. */
  move(model, path, fields = {}) {
    return this.answer({ id: 'move', kind: 'move', model, path, ...fields });
  }

  /** Moves model `id` to `position` ([x, y], scenario units), turning it to `facing` degrees when given. */
  moveModel(id, position, facing) {
    if (facing !== undefined || !Array.isArray(position) || position.length !== 2 ||
        typeof position[0] !== 'number' || typeof position[1] !== 'number') {
      // anything unusual goes through the strict decoder, for its path-naming errors
      this.placeModel(id, facing === undefined ? { position } : { position, facing });
      return;
    }
    this.#call('move', String(id), position[0], position[1]);
  }

  /** Turns model `id` to `facing` degrees counter-clockwise from +x. */
  rotateModel(id, facing) {
    if (typeof facing !== 'number') {
      this.placeModel(id, { facing });
      return;
    }
    this.#call('rotate', String(id), facing);
  }

  /** Changes any of position, facing, altitude and level of model `id`. */
  placeModel(id, placement) {
    this.#call('place', String(id), text(placement));
  }

  /** Adds a model object, as a scenario's "models" array holds it. */
  addModel(model) {
    this.#call('add', text(model));
  }

  /** Takes model `id` off the table. */
  removeModel(id) {
    this.#call('remove', String(id));
  }

  /** The scenario with the edits so far, as a document object in inches. */
  scenario() {
    return JSON.parse(this.#call('document'));
  }

  /** Frees the table; later calls throw. */
  close() {
    if (this.#handle !== 0) this.#api.close(this.#handle);
    this.#handle = 0;
  }
}
