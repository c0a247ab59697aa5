package scenario

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Warning is something legal but suspicious in a file: probably a typing
// mistake, which every answer would silently carry. Path is the JSON path of
// what it is about ("models[3]"), Message says what and why.
type Warning struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// String returns "path: message".
func (w Warning) String() string { return w.Path + ": " + w.Message }

// overlapDepth is how far two bases must overlap to be warned about: bases
// in contact, or a hair apart after unit conversion, are fine.
const overlapDepth = 0.05

// idMaps are the options (of any game) whose keys name models, squads or
// pieces of the file.
var idMaps = []string{"units", "models", "ships", "squads", "squadrons", "profiles", "buildingClasses"}

// Warnings returns the file's suspicious but legal content, in file order:
// overlapping models, a model inside an impassable or solid piece (or a
// building) that is not its garrison and does not stand on top of it, an
// aircraft inside a building, a garrison whose wall has no window, sight
// from a model to itself, and options naming ids the file does not have.
// A File not made by Decode has no warnings.
func (f *File) Warnings() []Warning {
	bf := f.Battlefield()
	if bf == nil {
		return nil
	}
	var out []Warning
	ms := bf.Models()
	for i := range ms {
		m := &ms[i]
		path := fmt.Sprintf("models[%d]", i)
		for j := i + 1; j < len(ms); j++ {
			if basesOverlap(m, &ms[j]) {
				out = append(out, Warning{path, fmt.Sprintf("%s overlaps %s (models[%d]): their bases cross", m.ID, ms[j].ID, j)})
			}
		}
		out = append(out, insideWarnings(bf, m, path)...)
	}
	out = append(out, f.queryWarnings()...)
	return append(out, f.optionWarnings()...)
}

// basesOverlap reports whether the bases of a and b overlap by more than
// overlapDepth (one shrunk by that much still touches the other). Models at
// different heights (an aircraft over a tank, floors of a building) do not
// overlap.
func basesOverlap(a, b *terrain.Model) bool {
	if a.Airborne() || b.Airborne() || a.Ground() != b.Ground() {
		return false
	}
	sa, sb := a.BaseShape(), b.BaseShape()
	if d, _, _ := geom.DistConvex(sa, sb); d > 0 {
		return false
	}
	d, _, _ := geom.DistConvex(shrunk{sa, a.Position, overlapDepth}, sb)
	return d == 0
}

// shrunk is a convex shape scaled towards centre so that its farthest
// point moves in by by.
type shrunk struct {
	c      geom.Convex
	centre geom.Point
	by     float64
}

func (s shrunk) k() float64 {
	b := s.c.Bound()
	r := max(b.X.Length(), b.Y.Length()) / 2
	if r <= s.by {
		return 0
	}
	return (r - s.by) / r
}

// Support returns the shrunk shape's farthest point in direction d.
func (s shrunk) Support(d geom.Point) geom.Point {
	return s.centre.Add(s.c.Support(d).Sub(s.centre).Mul(s.k()))
}

// Bound returns the shrunk shape's bounding box.
func (s shrunk) Bound() geom.Rect {
	b := s.c.Bound()
	k := s.k()
	lo := s.centre.Add(geom.Pt(b.X.Lo, b.Y.Lo).Sub(s.centre).Mul(k))
	hi := s.centre.Add(geom.Pt(b.X.Hi, b.Y.Hi).Sub(s.centre).Mul(k))
	return geom.RectFromPoints(lo, hi)
}

// insideWarnings returns the warnings of a model whose centre lies inside
// a piece it cannot be in.
func insideWarnings(bf *terrain.Battlefield, m *terrain.Model, path string) []Warning {
	var out []Warning
	if m.Garrison != nil {
		if p, ok := bf.Piece(m.Garrison.Building); ok && p.Building != nil {
			for _, w := range p.Building.Walls {
				if w.ID == m.Garrison.Wall && len(w.Windows) == 0 {
					out = append(out, Warning{path + ".garrison.wall", fmt.Sprintf("wall %q of %s has no windows: %s sees nothing out of it", w.ID, p.ID, m.ID)})
				}
			}
		}
	}
	for _, p := range bf.Pieces() {
		if p.Height <= 0 || p.Footprint.Locate(m.Position) != geom.Inside {
			continue
		}
		if m.Garrison != nil && m.Garrison.Building == p.ID {
			continue
		}
		top := m.Ground() + m.Altitude
		over := top >= p.Height-1e-9 // on top of it, or flying over it
		move := p.Movement.For(m.Class)
		switch {
		case m.Airborne() && p.Kind == terrain.Building && !over:
			out = append(out, Warning{path, fmt.Sprintf("aircraft %s is inside building %s (%g in up, the building is %g in tall)", m.ID, p.ID, top, p.Height)})
		case m.Airborne():
		case p.Kind == terrain.Building && !(over && p.Building != nil && p.Building.Roof):
			out = append(out, Warning{path, fmt.Sprintf("%s stands inside building %s but is not its garrison (add \"garrison\" or move it)", m.ID, p.ID)})
		case p.Kind != terrain.Building && move == terrain.Impassable:
			out = append(out, Warning{path, fmt.Sprintf("%s stands in %s %s, which is impassable for %s", m.ID, p.Kind, p.ID, m.Class)})
		case p.Kind == terrain.Solid && !over:
			out = append(out, Warning{path, fmt.Sprintf("%s stands inside solid %s, below its %g in top", m.ID, p.ID, p.Height)})
		}
	}
	return out
}

// queryWarnings warns of a query asking about sight from a model to itself.
func (f *File) queryWarnings() []Warning {
	var out []Warning
	for _, q := range f.Queries {
		var a, b string
		if len(q.Raw) > 0 {
			var ids struct{ From, To, Shooter, Target string }
			if json.Unmarshal(q.Raw, &ids) == nil {
				a, b = ids.From, ids.To
				if ids.Shooter != "" {
					a, b = ids.Shooter, ids.Target
				}
			}
		}
		if a != "" && a == b {
			out = append(out, Warning{q.JSONPath, fmt.Sprintf("%s asks about %s and itself: the answer says nothing about the table", q.Kind, a)})
		}
	}
	return out
}

// optionWarnings warns of option maps keyed by ids the file does not have.
func (f *File) optionWarnings() []Warning {
	known := map[string]bool{}
	for _, m := range f.Models {
		known[m.ID] = true
		known[m.Squad] = true
	}
	for _, p := range f.Pieces {
		known[p.ID] = true
	}
	var out []Warning
	for _, name := range idMaps {
		raw, ok := f.Options[name]
		if !ok {
			continue
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			continue
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if !known[k] {
				out = append(out, Warning{"options." + name + "." + k, fmt.Sprintf("%q names no model, squad or piece of the file", k)})
			}
		}
	}
	return out
}
