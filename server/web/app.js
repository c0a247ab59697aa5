// app.js: the interactive table. State is the scenario document as the
// user edits it; every change is answered and drawn. With the server's
// WebAssembly build loaded (engine.js) the page answers it itself, at once;
// without it, it posts the document whole to /v1/look (the server keeps
// nothing): one request is in flight at a time, and the newest position is
// sent when it returns. Both give the same answer.
import { drawTable, drawLook, placeModel } from './draw.js';
import { fragment, readFragment, unpack } from './share.js';
import { loadEngine } from './engine.js';

const $ = id => document.getElementById(id);
const state = {
  doc: null, plan: null, layers: null, shooter: '', target: '', moved: '',
  look: null, lookError: '', goodText: '', failedText: '', inflight: false, pending: false, dragging: null, pick: 'shooter',
  engine: null, engineNote: '', local: false, opened: 0, eventTime: null,
};
// Timings of every answered update, read by the browser test; engine is
// 'loading', then 'wasm' (answered in the page) or 'server'.
const stats = window.sightlineStats = { updates: [], errors: 0, ready: false, engine: 'loading', state };

async function post(path, text) {
  const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text });
  if (!res.ok) {
    let msg = `${res.status} ${res.statusText}`;
    try { msg = (await res.json()).error || msg; } catch { /* not JSON */ }
    throw new Error(msg);
  }
  return res;
}

function setStatus(text, error = false) {
  $('status').textContent = text;
  $('status').classList.toggle('error', error);
}

// load shows a scenario text: plan, pickers, the first look.
async function load(text, shooter, target) {
  const doc = JSON.parse(text);
  const plan = await (await post('/v1/plan', text)).json();
  Object.assign(state, { doc, plan, goodText: text, look: null });
  state.layers = drawTable($('table'), plan);
  $('scenario-name').textContent = plan.name || '';
  $('ruleset').textContent = `ruleset: ${plan.ruleset || 'generic'} · units: ${plan.units}`;
  const ids = plan.models.map(m => m.id), shot = plan.shots[0];
  state.shooter = ids.includes(shooter) ? shooter : shot ? shot.shooter : ids[0];
  state.target = ids.includes(target) && target !== state.shooter ? target
    : shot && shot.target !== state.shooter ? shot.target : ids.find(i => i !== state.shooter);
  state.moved = state.shooter;
  fillPickers();
  openLocal(text, doc);
  await look();
  stats.ready = true;
}

// openLocal opens the document in the WebAssembly engine, when there is
// one; a document it cannot open (a game it was built without) is
// answered by the server.
function openLocal(text, doc) {
  if (!state.engine) return;
  state.opened++;
  try {
    state.engine.open(text, doc);
    state.local = true;
    $('engine').textContent = state.engineNote;
  } catch (err) {
    state.local = false;
    $('engine').textContent = `Answers from the server: the WebAssembly build cannot open this table (${err.message}).`;
  }
  stats.engine = state.local ? 'wasm' : 'server';
  if (state.local) warmUp();
}

// warmUp runs warmUpLooks looks in idle time after a table opens (see
// Engine.warmUp), stopping when the user drags, the answer is an error or
// another table opens. stats.warm says 'running', 'done' or 'stopped'.
const warmUpLooks = 8;
function warmUp() {
  const opened = state.opened;
  let left = warmUpLooks;
  stats.warm = 'running';
  const step = () => {
    if (state.opened !== opened) return; // the next table's warm-up runs
    if (!state.local || state.dragging || state.lookError) { stats.warm = 'stopped'; return; }
    try {
      state.engine.warmUp(state.doc, state.shooter, state.target, state.moved, left % 2 ? 0.05 : -0.05);
    } catch { /* a nudge the table refuses: the next is the other way */ }
    if (--left > 0) requestIdleCallback(step);
    else stats.warm = 'done';
  };
  requestIdleCallback(step);
}

// startEngine loads the WebAssembly build beside the first table; once it
// is there, the table is answered in the page.
async function startEngine() {
  const { engine, note } = await loadEngine();
  Object.assign(state, { engine, engineNote: note });
  $('engine').textContent = note;
  if (!engine) stats.engine = 'server';
  else if (state.doc) openLocal(state.goodText, JSON.parse(state.goodText));
}

function fillPickers() {
  for (const sel of [$('shooter'), $('target')]) {
    sel.replaceChildren(...state.plan.models.map(m => new Option(m.side ? `${m.id} (${m.side})` : m.id, m.id)));
  }
  $('shooter').value = state.shooter;
  $('target').value = state.target;
}

// look answers the current document: in the page when the WebAssembly
// engine holds it, else from /v1/look, where a call while one is in flight
// is remembered and sent when the first returns.
async function look() {
  if (state.local) {
    lookLocal();
    if (canRevert()) await revert();
    return;
  }
  if (state.inflight) { state.pending = true; return; }
  state.inflight = true;
  const t0 = takeEventTime();
  const text = JSON.stringify(state.doc);
  const q = new URLSearchParams({ shooter: state.shooter, target: state.target, moved: state.moved });
  try {
    const sent = performance.now();
    const body = await (await post('/v1/look?' + q, text)).json();
    answered(body, text, t0, { engine: 'server', fetchMs: performance.now() - sent });
  } catch (err) {
    failed(err, text);
  } finally {
    state.inflight = false;
  }
  if (state.pending) { state.pending = false; await look(); }
  else if (canRevert()) await revert();
}

// lookLocal answers the current document with the WebAssembly engine.
function lookLocal() {
  const t0 = takeEventTime();
  const text = JSON.stringify(state.doc);
  try {
    answered(state.engine.look(state.doc, state.shooter, state.target, state.moved), text, t0, { engine: 'wasm' });
  } catch (err) {
    failed(err, text);
  }
}

// takeEventTime is the time of the pointer or wheel event whose position
// is about to be answered (now, for other changes).
function takeEventTime() {
  state.lookStart = performance.now();
  const t = state.eventTime ?? state.lookStart;
  state.eventTime = null;
  return t;
}

// answered shows a look answer for document text and records its timings
// from t0, the event that asked for it.
function answered(body, text, t0, u) {
  const got = performance.now();
  Object.assign(state, { look: body, lookError: '', goodText: text });
  showLook();
  const now = performance.now(), ms = now - t0, computeMs = body.micros / 1000;
  // waitMs: from the event to its handler (the browser's input queue);
  // drawMs: showing the answer.
  Object.assign(u, { ms, computeMs, waitMs: state.lookStart - t0, drawMs: now - got, dragging: !!state.dragging, frameMs: null });
  stats.updates.push(u);
  // frameMs: until the frame that shows the answer starts.
  requestAnimationFrame(() => { u.frameMs = performance.now() - t0; });
  const where = u.engine === 'wasm' ? 'in the browser' : 'server';
  setStatus(`updated in ${ms.toFixed(1)} ms (${where} ${computeMs.toFixed(1)} ms)`);
  scheduleFragment();
}

// failed shows why document text could not be answered.
function failed(err, text) {
  stats.errors++;
  state.lookError = err.message;
  state.failedText = text;
  setStatus(err.message, true);
  $('verdict').dataset.visible = '';
  drawLook(state.layers, state.plan, state.look, true);
}

// canRevert reports whether the last answer was an error about an edit
// (not about the document as loaded, which would loop).
function canRevert() {
  return state.lookError && !state.dragging && state.failedText !== state.goodText;
}

// revert goes back to the last document the server accepted.
async function revert() {
  const msg = state.lookError;
  await load(state.goodText, state.shooter, state.target);
  setStatus(`${msg} (the model went back to its last valid place)`, true);
}

function num(x, digits = 2) { return typeof x === 'number' ? x.toFixed(digits) : '–'; }

function showLook() {
  const { look, plan } = state;
  drawLook(state.layers, plan, look, false);
  const s = look.sight, f = look.fraction, r = look.range, a = look.arc;
  $('verdict').dataset.visible = String(!!s.visible);
  $('headline').textContent = s.visible ? `${look.target} is visible to ${look.shooter}` : `${look.target} is hidden from ${look.shooter}`;
  $('sight-text').textContent = s.explanation;
  $('fraction').textContent = `${num(f.fraction * 100, 1)} %`;
  $('band').textContent = look.band;
  const conv = plan.units !== 'in' && r[plan.units] ? ` (${num(r[plan.units].distance)} ${plan.units})` : '';
  $('range').textContent = `${num(r.distance)} in${conv}${r.mode ? ', ' + r.mode : ''}`;
  $('arc').textContent = `${a.arcOf || (a.inArc ? 'in arc' : 'out of arc')}, bearing ${num(a.bearingClockwise, 1)}° clockwise`;
  showShot(look);
  $('moved').textContent = look.moved;
  $('enemies').tBodies[0].replaceChildren(...(look.enemies || []).map(e => {
    const tr = document.createElement('tr');
    for (const v of [e.id, e.sees ? 'yes' : 'no', e.seenBy ? 'yes' : 'no', `${num(e.fraction * 100, 0)} %`]) {
      tr.insertCell().textContent = v;
    }
    return tr;
  }));
}

function showShot(look) {
  const shot = look.shot;
  $('shot-legal').textContent = shot ? (shot.legal ? 'legal' : 'not legal') : '';
  $('shot-legal').className = shot ? (shot.legal ? 'legal-yes' : 'legal-no') : '';
  $('reasons').replaceChildren(...(shot?.reasons || []).map(r => {
    const li = document.createElement('li');
    li.className = r.pass ? 'pass' : 'fail';
    li.textContent = `${r.clause}: ${r.text}`;
    return li;
  }));
  $('modifiers').replaceChildren(...(shot?.modifiers || []).map(m => {
    const li = document.createElement('li');
    li.textContent = `${m.name} (${m.clause})${m.value ? ' ' + m.value : ''}${m.text ? ': ' + m.text : ''}`;
    return li;
  }));
  $('no-shot').textContent = shot ? '' : `No shot verdict: ${look.noShot}`;
}

// scheduleFragment writes the table into the address 200 ms after the last
// answer; not while dragging (compressing the table each time a drag
// pauses costs the main thread), but when the model is dropped.
let fragmentTimer = 0;
function scheduleFragment() {
  clearTimeout(fragmentTimer);
  if (state.dragging) return;
  fragmentTimer = setTimeout(async () => {
    const hash = await fragment(state.goodText, state.shooter, state.target);
    history.replaceState(null, '', hash);
  }, 200);
}

// moveModel puts model id at (x, y) inches facing deg, in the drawing and
// in the document (in the file's units; figures move and turn with it).
function moveModel(id, x, y, deg, eventTime = null) {
  const m = state.plan.models.find(m => m.id === id);
  const d = state.doc.models.find(m => m.id === id);
  const k = state.plan.unitsPerInch, r4 = v => Math.round(v * 1e4) / 1e4;
  deg = ((deg % 360) + 360) % 360;
  m.position = [x, y];
  m.facing = deg;
  const a = deg * Math.PI / 180;
  m.figures = m.localFigures.map(([fx, fy]) => [x + fx * Math.cos(a) - fy * Math.sin(a), y + fx * Math.sin(a) + fy * Math.cos(a)]);
  d.position = [r4(x * k), r4(y * k)];
  d.facing = r4(deg);
  if (d.figures) d.figures = m.figures.map(p => [r4(p[0] * k), r4(p[1] * k)]);
  placeModel(m, state.layers.D);
  drawLook(state.layers, state.plan, state.look, true);
  state.moved = id;
  state.eventTime = eventTime;
  look();
}

function tablePoint(ev) {
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(state.layers.world.getScreenCTM().inverse());
  return [p.x, p.y];
}

function onPointerDown(ev) {
  const g = ev.target.closest('[data-model]');
  if (!g || !state.plan) return;
  const m = state.plan.models.find(m => m.id === g.dataset.model);
  const [x, y] = tablePoint(ev);
  state.dragging = { m, turn: ev.target.hasAttribute('data-turn'), dx: m.position[0] - x, dy: m.position[1] - y,
    sx: ev.clientX, sy: ev.clientY, moved: false };
  $('table').setPointerCapture(ev.pointerId);
  ev.preventDefault();
}

function onPointerMove(ev) {
  const d = state.dragging;
  if (!d) return;
  if (!d.moved && Math.hypot(ev.clientX - d.sx, ev.clientY - d.sy) < 3) return;
  d.moved = true;
  d.m.el.classList.add('dragging');
  const [x, y] = tablePoint(ev);
  if (d.turn) moveModel(d.m.id, d.m.position[0], d.m.position[1], Math.atan2(y - d.m.position[1], x - d.m.position[0]) * 180 / Math.PI, ev.timeStamp);
  else moveModel(d.m.id, x + d.dx, y + d.dy, d.m.facing, ev.timeStamp);
}

async function onPointerUp() {
  const d = state.dragging;
  if (!d) return;
  state.dragging = null;
  d.m.el.classList.remove('dragging');
  if (!d.moved) { pickModel(d.m.id); return; }
  scheduleFragment();
  if (!state.inflight && canRevert()) await revert();
}

// pickModel makes a clicked model the shooter, then the next one the target.
function pickModel(id) {
  if (state.pick === 'shooter') {
    if (id === state.target) state.target = state.shooter;
    state.shooter = id;
    state.pick = 'target';
  } else if (id !== state.shooter) {
    state.target = id;
    state.pick = 'shooter';
  }
  state.moved = id;
  fillPickers();
  look();
}

function onWheel(ev) {
  const g = ev.target.closest('[data-model]');
  if (!g || !state.plan) return;
  ev.preventDefault();
  const m = state.plan.models.find(m => m.id === g.dataset.model);
  const step = (ev.shiftKey ? 1 : 5) * (ev.deltaY > 0 ? -1 : 1);
  moveModel(m.id, m.position[0], m.position[1], m.facing + step, ev.timeStamp);
}

async function showProfile() {
  const doc = { ...state.doc, queries: [{ id: 'profile', kind: 'sight', from: state.shooter, to: state.target }] };
  try {
    const blob = await (await post('/v1/render?query=profile', JSON.stringify(doc))).blob();
    const img = $('profile-img');
    if (img.src) URL.revokeObjectURL(img.src);
    img.src = URL.createObjectURL(blob);
    $('profile-dialog').showModal();
  } catch (err) { setStatus(`profile: ${err.message}`, true); }
}

function download() {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([JSON.stringify(state.doc, null, 2) + '\n'], { type: 'application/json' }));
  a.download = 'scenario.json';
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function share() {
  const link = location.origin + location.pathname + await fragment(state.goodText, state.shooter, state.target);
  const box = $('share-link');
  box.hidden = false;
  box.value = link;
  box.select();
  try {
    await navigator.clipboard.writeText(link);
    setStatus(`link copied (${link.length} characters; the table travels in it, no server keeps it)`);
  } catch {
    setStatus(`link below (${link.length} characters): copy it`);
  }
}

async function start() {
  const f = readFragment();
  try {
    const text = f.s ? await unpack(f.s) : await (await fetch('/v1/scenario')).text();
    await load(text, f.shooter, f.target);
  } catch (err) {
    setStatus(`cannot open this table: ${err.message}`, true);
  }
}

function wire() {
  const svg = $('table');
  svg.addEventListener('pointerdown', onPointerDown);
  svg.addEventListener('pointermove', onPointerMove);
  svg.addEventListener('pointerup', onPointerUp);
  svg.addEventListener('pointercancel', onPointerUp);
  svg.addEventListener('wheel', onWheel, { passive: false });
  $('shooter').addEventListener('change', e => { state.shooter = state.moved = e.target.value; look(); });
  $('target').addEventListener('change', e => { state.target = e.target.value; look(); });
  $('swap').addEventListener('click', () => {
    [state.shooter, state.target] = [state.target, state.shooter];
    state.moved = state.shooter;
    fillPickers();
    look();
  });
  $('profile').addEventListener('click', showProfile);
  $('download').addEventListener('click', download);
  $('share').addEventListener('click', share);
  $('reset').addEventListener('click', () => { history.replaceState(null, '', location.pathname); start(); });
  window.addEventListener('hashchange', start);
}

wire();
startEngine();
start();
