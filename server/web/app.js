// app.js: the interactive table. State is the scenario document as the
// user edits it; every change posts it whole to /v1/look (the server keeps
// nothing), and the answer is drawn. One request is in flight at a time;
// the newest position is sent when it returns.
import { drawTable, drawLook, placeModel } from './draw.js';
import { fragment, readFragment, unpack } from './share.js';

const $ = id => document.getElementById(id);
const state = {
  doc: null, plan: null, layers: null, shooter: '', target: '', moved: '',
  look: null, lookError: '', goodText: '', failedText: '', inflight: false, pending: false, dragging: null, pick: 'shooter',
};
// Timings of every answered update, read by the browser test.
const stats = window.sightlineStats = { updates: [], errors: 0, ready: false, state };

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
  await look();
  stats.ready = true;
}

function fillPickers() {
  for (const sel of [$('shooter'), $('target')]) {
    sel.replaceChildren(...state.plan.models.map(m => new Option(m.side ? `${m.id} (${m.side})` : m.id, m.id)));
  }
  $('shooter').value = state.shooter;
  $('target').value = state.target;
}

// look asks /v1/look for the current document; a call while one is in
// flight is remembered and sent when the first returns.
async function look() {
  if (state.inflight) { state.pending = true; return; }
  state.inflight = true;
  const t0 = performance.now();
  const text = JSON.stringify(state.doc);
  const q = new URLSearchParams({ shooter: state.shooter, target: state.target, moved: state.moved });
  try {
    const body = await (await post('/v1/look?' + q, text)).json();
    const fetchMs = performance.now() - t0;
    Object.assign(state, { look: body, lookError: '', goodText: text });
    showLook();
    const ms = performance.now() - t0;
    const u = { ms, fetchMs, serverMs: body.micros / 1000, dragging: !!state.dragging, frameMs: null };
    stats.updates.push(u);
    // frameMs: until the frame that shows the answer starts.
    requestAnimationFrame(() => { u.frameMs = performance.now() - t0; });
    setStatus(`updated in ${ms.toFixed(1)} ms (server ${(body.micros / 1000).toFixed(1)} ms)`);
    scheduleFragment();
  } catch (err) {
    stats.errors++;
    state.lookError = err.message;
    state.failedText = text;
    setStatus(err.message, true);
    $('verdict').dataset.visible = '';
    drawLook(state.layers, state.plan, state.look, true);
  } finally {
    state.inflight = false;
  }
  if (state.pending) { state.pending = false; await look(); }
  else if (canRevert()) await revert();
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

let fragmentTimer = 0;
function scheduleFragment() {
  clearTimeout(fragmentTimer);
  fragmentTimer = setTimeout(async () => {
    const hash = await fragment(state.goodText, state.shooter, state.target);
    history.replaceState(null, '', hash);
  }, 200);
}

// moveModel puts model id at (x, y) inches facing deg, in the drawing and
// in the document (in the file's units; figures move and turn with it).
function moveModel(id, x, y, deg) {
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
  if (d.turn) moveModel(d.m.id, d.m.position[0], d.m.position[1], Math.atan2(y - d.m.position[1], x - d.m.position[0]) * 180 / Math.PI);
  else moveModel(d.m.id, x + d.dx, y + d.dy, d.m.facing);
}

async function onPointerUp() {
  const d = state.dragging;
  if (!d) return;
  state.dragging = null;
  d.m.el.classList.remove('dragging');
  if (!d.moved) { pickModel(d.m.id); return; }
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
  moveModel(m.id, m.position[0], m.position[1], m.facing + step);
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
start();
