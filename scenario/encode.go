package scenario

import (
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Encode writes f as a scenario v1 file: units "in", keys in the order of
// the format reference, two-space indentation, short values on one line.
// Decoding the output gives back a File deep-equal to f when f came from
// Decode (the units then read "in"; the queries' Raw is not written).
// Raw JSON (options, a query's weapon, turns and extra fields) is written
// as stored, in the units it was read in: lengths in it keep their meaning
// only when f's units were "in".
func Encode(w io.Writer, f *File) error {
	b, err := f.MarshalJSON()
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// MarshalJSON returns the file as Encode writes it.
func (f *File) MarshalJSON() ([]byte, error) {
	root, err := fileNode(f)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	writeIndented(&sb, root, "")
	sb.WriteByte('\n')
	return []byte(sb.String()), nil
}

// Builders of output nodes.

func obj() *node           { return &node{kind: nObject} }
func arr() *node           { return &node{kind: nArray} }
func str(s string) *node   { return &node{kind: nString, text: s} }
func num(v float64) *node  { return &node{kind: nNumber, text: formatNum(v)} }
func integer(v int) *node  { return &node{kind: nNumber, text: strconv.Itoa(v)} }
func boolean(b bool) *node { return &node{kind: nBool, b: b} }
func (n *node) set(k string, v *node) *node {
	n.keys = append(n.keys, k)
	n.elems = append(n.elems, v)
	return n
}
func (n *node) add(v *node) *node { n.elems = append(n.elems, v); return n }

func pointNode(p geom.Point) *node { return arr().add(num(p.X)).add(num(p.Y)) }

func pointsNode(ps []geom.Point) *node {
	a := arr()
	for _, p := range ps {
		a.add(pointNode(p))
	}
	return a
}

// formatNum writes v in the shortest form that parses back to v, without
// an exponent for ordinary magnitudes.
func formatNum(v float64) string {
	if v == 0 {
		return "0"
	}
	if a := math.Abs(v); a >= 1e-6 && a < 1e21 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// facingDegrees returns a number of degrees that geom.Degrees maps back to
// exactly a when one exists near the plain conversion (always so for an
// angle made by geom.Degrees), else the plain conversion.
func facingDegrees(a s1.Angle) float64 {
	d0 := a.Degrees()
	d := d0
	for i := 0; i < 64; i++ {
		if geom.Degrees(d) == a {
			return d
		}
		// Try d0 + k ulps for k = 1, -1, 2, -2, ...
		k := i/2 + 1
		d = d0
		dir := math.Inf(1)
		if i%2 == 1 {
			dir = math.Inf(-1)
		}
		for j := 0; j < k; j++ {
			d = math.Nextafter(d, dir)
		}
	}
	return d0
}

func fileNode(f *File) (*node, error) {
	root := obj().set("sightline", integer(Version))
	if f.Name != "" {
		root.set("name", str(f.Name))
	}
	root.set("units", str("in"))
	rs := f.Ruleset
	if rs == "" {
		rs = "generic"
	}
	root.set("ruleset", str(rs))
	if f.Options != nil {
		keys := make([]string, 0, len(f.Options))
		for k := range f.Options {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		o := obj()
		for _, k := range keys {
			v, err := parseTree(f.Options[k], joinKey("options", k))
			if err != nil {
				return nil, err
			}
			o.set(k, v)
		}
		root.set("options", o)
	}
	tn := obj().set("width", num(f.Table.Width)).set("depth", num(f.Table.Depth))
	if f.Table.Straddle != "" {
		tn.set("straddle", str(string(f.Table.Straddle)))
	}
	root.set("table", tn)
	ts := arr()
	for i := range f.Pieces {
		ts.add(pieceNode(&f.Pieces[i], true))
	}
	root.set("terrain", ts)
	ms := arr()
	for i := range f.Models {
		ms.add(modelNode(&f.Models[i]))
	}
	root.set("models", ms)
	qs := arr()
	for i := range f.Queries {
		q, err := queryNode(&f.Queries[i], index("queries", i))
		if err != nil {
			return nil, err
		}
		qs.add(q)
	}
	if f.Queries != nil {
		root.set("queries", qs)
	}
	return root, nil
}

// pieceNode returns the piece in file form; with geometry false it leaves
// out footprint, holes and circle (GeoJSON properties).
func pieceNode(p *terrain.Piece, geometry bool) *node {
	n := obj()
	if p.ID != "" {
		n.set("id", str(p.ID))
	}
	if p.Name != "" {
		n.set("name", str(p.Name))
	}
	n.set("kind", str(string(p.Kind)))
	if geometry {
		if p.Circle != nil {
			n.set("circle", obj().set("center", pointNode(p.Circle.Center)).set("radius", num(p.Circle.Radius)))
		} else {
			n.set("footprint", pointsNode(p.Footprint.Outer))
			if len(p.Footprint.Holes) > 0 {
				h := arr()
				for _, r := range p.Footprint.Holes {
					h.add(pointsNode(r))
				}
				n.set("holes", h)
			}
		}
	}
	if p.Height != 0 || p.Kind == terrain.Solid || p.Kind == terrain.Building {
		n.set("height", num(p.Height))
	}
	n.set("sight", str(string(p.Sight)))
	n.set("cover", str(string(p.Cover)))
	n.set("movement", movementNode(p.Movement))
	n.set("level", integer(p.Level))
	if b := p.Building; b != nil {
		bn := obj().set("floors", integer(b.Floors))
		if b.Garrison != 0 {
			bn.set("garrison", integer(b.Garrison))
		}
		if b.Roof {
			bn.set("roof", boolean(true))
		}
		if len(b.FloorHeights) > 0 {
			fh := arr()
			for _, h := range b.FloorHeights {
				fh.add(num(h))
			}
			bn.set("floorHeights", fh)
		}
		if len(b.Walls) > 0 {
			ws := arr()
			for _, w := range b.Walls {
				wn := obj().set("id", str(w.ID)).set("from", pointNode(w.From)).set("to", pointNode(w.To))
				if len(w.Windows) > 0 {
					wa := arr()
					for _, v := range w.Windows {
						wa.add(arr().add(num(v.X)).add(num(v.Y)).add(num(v.Z)))
					}
					wn.set("windows", wa)
				}
				if len(w.Entrances) > 0 {
					wn.set("entrances", pointsNode(w.Entrances))
				}
				ws.add(wn)
			}
			bn.set("walls", ws)
		}
		n.set("building", bn)
	}
	return n
}

func movementNode(m terrain.MovementRule) *node {
	def := m.Default
	if def == "" {
		def = terrain.Open
	}
	if len(m.ByClass) == 0 {
		return str(string(def))
	}
	n := obj()
	if def != terrain.Open {
		n.set("default", str(string(def)))
	}
	for _, c := range classes {
		if v, ok := m.ByClass[terrain.Class(c)]; ok {
			n.set(c, str(string(v)))
		}
	}
	return n
}

func modelNode(m *terrain.Model) *node {
	n := obj().set("id", str(m.ID))
	if m.Side != "" {
		n.set("side", str(m.Side))
	}
	if m.Squad != "" {
		n.set("squad", str(m.Squad))
	}
	n.set("class", str(string(m.Class)))
	n.set("position", pointNode(m.Position))
	n.set("facing", num(facingDegrees(m.Facing)))
	switch m.Base.Shape {
	case terrain.BaseCircle:
		n.set("base", obj().set("shape", str("circle")).set("diameter", num(m.Base.Diameter)))
	case terrain.BaseOval, terrain.BaseRect:
		n.set("base", obj().set("shape", str(string(m.Base.Shape))).set("length", num(m.Base.Length)).set("width", num(m.Base.Width)))
	}
	if m.Hull != (terrain.Hull{}) {
		h := obj()
		if m.Hull.Length != 0 || m.Hull.Width != 0 {
			h.set("length", num(m.Hull.Length)).set("width", num(m.Hull.Width))
		}
		h.set("height", num(m.Hull.Height))
		n.set("hull", h)
	}
	if m.Altitude != 0 {
		n.set("altitude", num(m.Altitude))
	}
	if m.Elevation != nil {
		n.set("elevation", num(*m.Elevation))
	}
	n.set("level", integer(m.DeclaredLevel()))
	if g := m.Garrison; g != nil {
		gn := obj().set("building", str(g.Building))
		if g.Wall != "" {
			gn.set("wall", str(g.Wall))
		}
		if g.Floor != 0 {
			gn.set("floor", integer(g.Floor))
		}
		n.set("garrison", gn)
	}
	if len(m.Figures) > 0 {
		n.set("figures", pointsNode(m.Figures))
	}
	return n
}

// queryNode returns q in file form; path is where q sits in the file, the
// path of errors in its raw JSON.
func queryNode(q *Query, path string) (*node, error) {
	n := obj().set("id", str(q.ID)).set("kind", str(q.Kind))
	for _, f := range []struct{ k, v string }{{"from", q.From}, {"to", q.To}, {"mode", q.Mode}, {"arc", q.Arc},
		{"model", q.Model}, {"squad", q.Squad}, {"shooter", q.Shooter}, {"target", q.Target}} {
		if f.v != "" {
			n.set(f.k, str(f.v))
		}
	}
	if q.ToPoint != nil {
		n.set("to", pointNode(*q.ToPoint))
	}
	if q.Path != nil {
		n.set("path", pointsNode(q.Path))
	}
	if q.Point != nil {
		n.set("point", pointNode(*q.Point))
	}
	for _, f := range []struct {
		k string
		v []byte
	}{{"turns", q.Turns}, {"weapon", q.Weapon}} {
		if f.v == nil {
			continue
		}
		v, err := parseTree(f.v, joinKey(path, f.k))
		if err != nil {
			return nil, err
		}
		n.set(f.k, v)
	}
	keys := make([]string, 0, len(q.Extra))
	for k := range q.Extra {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v, err := parseTree(q.Extra[k], joinKey(path, k))
		if err != nil {
			return nil, err
		}
		n.set(k, v)
	}
	return n, nil
}

// inlineWidth is the longest value written on one line.
const inlineWidth = 76

// writeIndented writes n with two-space indentation; values whose one-line
// form is short stay on one line.
func writeIndented(sb *strings.Builder, n *node, indent string) {
	if n.kind != nObject && n.kind != nArray || len(n.elems) == 0 {
		writeInline(sb, n)
		return
	}
	var line strings.Builder
	writeInline(&line, n)
	if line.Len() <= inlineWidth {
		sb.WriteString(line.String())
		return
	}
	open, close := byte('['), byte(']')
	if n.kind == nObject {
		open, close = '{', '}'
	}
	inner := indent + "  "
	sb.WriteByte(open)
	for i, e := range n.elems {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteByte('\n')
		sb.WriteString(inner)
		if n.kind == nObject {
			writeString(sb, n.keys[i])
			sb.WriteString(": ")
		}
		writeIndented(sb, e, inner)
	}
	sb.WriteByte('\n')
	sb.WriteString(indent)
	sb.WriteByte(close)
}

// writeInline writes n on one line with ", " and ": " separators.
func writeInline(sb *strings.Builder, n *node) {
	switch n.kind {
	case nObject:
		sb.WriteByte('{')
		for i, k := range n.keys {
			if i > 0 {
				sb.WriteString(", ")
			}
			writeString(sb, k)
			sb.WriteString(": ")
			writeInline(sb, n.elems[i])
		}
		sb.WriteByte('}')
	case nArray:
		sb.WriteByte('[')
		for i, e := range n.elems {
			if i > 0 {
				sb.WriteString(", ")
			}
			writeInline(sb, e)
		}
		sb.WriteByte(']')
	default:
		n.compact(sb)
	}
}
