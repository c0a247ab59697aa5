// draw.js: the table from above as SVG, in inches, y up the table.
// Terrain by kind, shaded by height; models true to size (base, hull,
// figures) with their facing; the sightline, blocker and enemy lines.

const NS = 'http://www.w3.org/2000/svg';

export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

const sidePalette = ['#3a78d8', '#d8503a', '#3aa85a', '#b05ad8', '#d8a93a', '#3ab8c8'];

function ringPath(ring) {
  return 'M' + ring.map(p => `${p[0]} ${p[1]}`).join('L') + 'Z';
}

// drawTable empties svg and draws the plan; it returns the layers the app
// updates: world (y-up group), models, overlay, labels.
export function drawTable(svg, plan) {
  svg.replaceChildren();
  const { width: W, depth: D } = plan.table;
  svg.setAttribute('viewBox', `-0.5 -0.5 ${W + 1} ${D + 1}`);
  svg.style.aspectRatio = `${W + 1} / ${D + 1}`;
  const world = el('g', { transform: `matrix(1 0 0 -1 0 ${D})` }, svg);
  el('rect', { x: 0, y: 0, width: W, height: D, fill: '#dfe6cf', stroke: '#686' , 'stroke-width': 0.08 }, world);
  const grid = el('g', {}, world);
  for (let x = 6; x < W; x += 6) el('line', { class: 'grid', x1: x, y1: 0, x2: x, y2: D }, grid);
  for (let y = 6; y < D; y += 6) el('line', { class: 'grid', x1: 0, y1: y, x2: W, y2: y }, grid);
  const terrain = el('g', {}, world);
  const maxH = Math.max(1, ...plan.pieces.map(p => p.height));
  for (const p of plan.pieces) drawPiece(terrain, p, maxH);
  const overlay = el('g', {}, world);
  const models = el('g', {}, world);
  const labels = el('g', {}, svg);
  const placed = [];
  for (const p of plan.pieces) pieceLabel(labels, p, D, placed);
  const sides = [...new Set(plan.models.map(m => m.side || ''))];
  for (const m of plan.models) {
    m.color = sidePalette[sides.indexOf(m.side || '') % sidePalette.length];
    m.localFigures = (m.figures || []).map(f => toLocal(m, f));
    drawModel(models, labels, m, D);
  }
  return { world, models, overlay, labels, D };
}

function drawPiece(parent, p, maxH) {
  let d = ringPath(p.outer);
  for (const h of p.holes || []) d += ringPath(h);
  const cls = ['piece', p.kind, p.sight, p.kind === 'area' && p.sight === 'clear' ? 'clear' : ''].join(' ');
  const g = el('g', { 'data-piece': p.id }, parent);
  el('path', { d, class: cls, 'fill-rule': 'evenodd' }, g);
  // Taller pieces are drawn darker (a shade on top, cheaper to paint than
  // a CSS filter): height reads at a glance.
  if (p.height > 0 && p.kind !== 'smoke') {
    el('path', { d, fill: '#000', 'fill-opacity': (0.4 * p.height / maxH).toFixed(3), 'fill-rule': 'evenodd', 'pointer-events': 'none' }, g);
  }
  el('title', {}, g).textContent = `${p.id}${p.name ? ' (' + p.name + ')' : ''}: ${p.kind}, ${p.height} in high, sight ${p.sight}, cover ${p.cover}`;
  for (const w of p.walls || []) {
    el('line', { class: 'wall', x1: w.from[0], y1: w.from[1], x2: w.to[0], y2: w.to[1] }, g);
    for (const win of w.windows || []) el('circle', { class: 'window', cx: win[0], cy: win[1], r: 0.18 }, g);
  }
}

// pieceLabel writes the id and height at the middle of the piece, or near
// its bottom edge when another label already sits there (a hill's top).
function pieceLabel(parent, p, D, placed) {
  const xs = p.outer.map(q => q[0]), ys = p.outer.map(q => q[1]);
  const x = (Math.min(...xs) + Math.max(...xs)) / 2;
  let y = (Math.min(...ys) + Math.max(...ys)) / 2;
  if (placed.some(([px, py]) => Math.abs(px - x) < 4 && Math.abs(py - y) < 1)) y = Math.min(...ys) + 0.8;
  placed.push([x, y]);
  const t = el('text', { class: 'piece-label', x, y: D - y, 'text-anchor': 'middle' }, parent);
  t.textContent = p.height > 0 ? `${p.id} ${p.height}″` : p.id;
}

// toLocal turns a table point into the model's frame (bow along +x).
function toLocal(m, p) {
  const a = -m.facing * Math.PI / 180, dx = p[0] - m.position[0], dy = p[1] - m.position[1];
  return [dx * Math.cos(a) - dy * Math.sin(a), dx * Math.sin(a) + dy * Math.cos(a)];
}

function baseShape(parent, b, at, attrs) {
  const [x, y] = at;
  switch (b.shape) {
    case 'circle': return el('circle', { cx: x, cy: y, r: b.diameter / 2, ...attrs }, parent);
    case 'oval': return el('ellipse', { cx: x, cy: y, rx: b.length / 2, ry: b.width / 2, ...attrs }, parent);
    case 'rect': return el('rect', { x: x - b.length / 2, y: y - b.width / 2, width: b.length, height: b.width, ...attrs }, parent);
  }
  return el('circle', { cx: x, cy: y, r: 0.15, ...attrs }, parent);
}

// reach is how far the model extends along its bow.
export function reach(m) {
  const b = m.base, h = m.hull;
  return Math.max(b.diameter ? b.diameter / 2 : 0, b.length ? b.length / 2 : 0, h.length ? h.length / 2 : 0, 0.3);
}

function drawModel(parent, labels, m, D) {
  const g = el('g', { class: 'model', 'data-model': m.id }, parent);
  const fill = { fill: m.color, 'fill-opacity': m.garrison ? 0.45 : 0.85 };
  if (m.localFigures.length) {
    baseShape(g, m.base, [0, 0], { class: 'base', fill: 'none', 'stroke-dasharray': '.15 .1' });
    for (const f of m.localFigures) baseShape(g, m.base, f, { class: 'base figure', ...fill });
  } else {
    baseShape(g, m.base, [0, 0], { class: 'base', ...fill });
  }
  if (m.hull.length > 0) {
    // A model without a base shows its side on its hull.
    const hullFill = m.base.shape ? {} : { style: `fill: ${m.color}; fill-opacity: .85` };
    el('rect', { class: 'hull', x: -m.hull.length / 2, y: -m.hull.width / 2, width: m.hull.length, height: m.hull.width, ...hullFill }, g);
  }
  const r = reach(m);
  el('line', { class: 'bow', x1: 0, y1: 0, x2: r + 0.25, y2: 0 }, g);
  el('circle', { class: 'turn', cx: r + 0.35, cy: 0, r: 0.22, 'data-turn': m.id }, g);
  el('title', {}, g).textContent = `${m.id}: ${m.class}${m.side ? ', ' + m.side : ''}, ${m.hull.height} in high` +
    (m.altitude ? `, flying at ${m.altitude} in` : '') + (m.garrison ? `, garrisoning ${m.garrison}` : '');
  m.el = g;
  m.label = el('text', { class: 'label', 'text-anchor': 'middle' }, labels);
  m.label.textContent = m.altitude ? `${m.id} ↑${m.altitude}` : m.id;
  placeModel(m, D);
}

// placeModel moves a model's drawing to its position and facing.
export function placeModel(m, D) {
  const [x, y] = m.position;
  m.el.setAttribute('transform', `translate(${x} ${y}) rotate(${m.facing})`);
  m.label.setAttribute('x', x);
  m.label.setAttribute('y', D - y + reach(m) + 0.75);
}

// drawLook draws the shooter-target sightline (green through the witness
// when visible, red to the blocking point otherwise) and thin lines from
// the moved model to each enemy; stale marks lines of a previous answer.
export function drawLook(layers, plan, look, stale) {
  const o = layers.overlay;
  o.replaceChildren();
  for (const m of plan.models) m.el.classList.remove('shooter', 'target', 'blocker');
  for (const p of layers.world.querySelectorAll('.piece.blocker')) p.classList.remove('blocker');
  if (!look) return;
  const byId = id => plan.models.find(m => m.id === id);
  const moved = byId(look.moved);
  for (const e of look.enemies || []) {
    const t = byId(e.id);
    if (!moved || !t) continue;
    el('line', { class: `enemy-line ${e.sees ? 'visible' : 'hidden'}`, x1: moved.position[0], y1: moved.position[1],
      x2: t.position[0], y2: t.position[1] }, o);
  }
  const s = byId(look.shooter), t = byId(look.target);
  if (!s || !t) return;
  s.el.classList.add('shooter');
  t.el.classList.add('target');
  const sight = look.sight || {};
  const cls = `line ${sight.visible ? 'visible' : 'hidden'}${stale ? ' stale' : ''}`;
  let a = s.position, b = t.position;
  if (sight.visible && sight.witness && !stale) [a, b] = sight.witness;
  el('line', { class: cls, x1: a[0], y1: a[1], x2: b[0], y2: b[1] }, o);
  if (!sight.visible && sight.blockPoint && !stale) {
    el('circle', { class: 'block-point', cx: sight.blockPoint[0], cy: sight.blockPoint[1], r: 0.3 }, o);
  }
  if (!sight.visible && sight.blockedBy && !stale) {
    const m = byId(sight.blockedBy);
    if (m) m.el.classList.add('blocker');
    const p = layers.world.querySelector(`[data-piece="${CSS.escape(sight.blockedBy)}"] .piece`);
    if (p) p.classList.add('blocker');
  }
}
