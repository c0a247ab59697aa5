package grimdark

import (
	"fmt"
	"math"
	"slices"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/terrain"
)

// unitRef is a unit: a set of models on their own bases, a scenario squad
// or one model without a squad. Models are in file order.
type unitRef struct {
	Name   string
	Side   string
	Models []*terrain.Model
}

// ids returns the unit's model ids.
func (u unitRef) ids() []string {
	out := make([]string, len(u.Models))
	for i, m := range u.Models {
		out[i] = m.ID
	}
	return out
}

// footprints returns the unit's footprints where its models stand.
func (u unitRef) footprints() []movement.Footprint {
	out := make([]movement.Footprint, len(u.Models))
	for i, m := range u.Models {
		out[i] = movement.FootprintOf(m)
	}
	return out
}

// has reports whether model id belongs to the unit.
func (u unitRef) has(id string) bool {
	return slices.ContainsFunc(u.Models, func(m *terrain.Model) bool { return m.ID == id })
}

// findUnit resolves name: a squad name, else a model id (standing for
// its squad, or for itself when it has none). The error names the field.
func findUnit(bf *terrain.Battlefield, field, name string) (unitRef, error) {
	if name == "" {
		return unitRef{}, queryErr(field, `""`, "empty unit name")
	}
	if idx := bf.Squad(name); len(idx) > 0 {
		u := unitRef{Name: name}
		for _, i := range idx {
			u.Models = append(u.Models, &bf.Models()[i])
		}
		u.Side = u.Models[0].Side
		return u, nil
	}
	if m, ok := bf.Model(name); ok {
		if m.Squad != "" {
			return findUnit(bf, field, m.Squad)
		}
		return unitRef{Name: m.ID, Side: m.Side, Models: []*terrain.Model{m}}, nil
	}
	return unitRef{}, queryErr(field, fmt.Sprintf("%q", name), "names no unit (squad) or model")
}

// otherUnits returns every unit on the table but the named ones, in file
// order.
func otherUnits(bf *terrain.Battlefield, skip ...string) []unitRef {
	var out []unitRef
	seen := map[string]bool{}
	for _, s := range skip {
		seen[s] = true
	}
	for i := range bf.Models() {
		m := &bf.Models()[i]
		name := m.Squad
		if name == "" {
			name = m.ID
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		u, _ := findUnit(bf, "", name)
		out = append(out, u)
	}
	return out
}

// dist returns the distance between two footprints under the option.
func dist(a, b movement.Footprint, m movement.Measure) float64 { return a.Distance(b, m) }

// nearest returns the nearest pair between two unit footprint sets.
func nearest(a, b []movement.Footprint, m movement.Measure) (movement.Link, bool) {
	return movement.Nearest(a, b, m)
}

// finitePt reports whether p has finite coordinates within the format's
// bounds.
func finitePt(p geom.Point) bool {
	return !math.IsNaN(p.X) && !math.IsNaN(p.Y) && math.Abs(p.X) <= 1e5 && math.Abs(p.Y) <= 1e5
}

// r3 rounds a length for explanations' numbers (data keeps 1e-9).
func r3(x float64) float64 { return math.Round(x*1000) / 1000 }

// side returns a unit's side for messages.
func side(u unitRef) string {
	if u.Side == "" {
		return "(no side)"
	}
	return u.Side
}

// enemies reports whether two units are on different sides (units
// without a side are enemies of everyone but themselves).
func enemies(a, b unitRef) bool { return a.Name != b.Name && (a.Side == "" || a.Side != b.Side) }

// sightOf reports whether model from sees any part of model to.
func sightOf(bf *terrain.Battlefield, from, to string, so los.Options) (bool, error) {
	s, err := los.Sight(bf, from, to, so)
	return s.Visible, err
}

// unitName returns the name of m's unit: its squad, or its id.
func unitName(m *terrain.Model) string {
	if m.Squad != "" {
		return m.Squad
	}
	return m.ID
}

// QueryError is an error about one field of a check's input: Field is its
// path relative to the query ("unit", "paths.m1[2]") and Value the value
// as given (compact JSON). It wraps ErrQuery; the query runner prefixes
// the query's path.
type QueryError struct {
	Field, Value string
	Err          error
}

// Error returns "field: value: message".
func (e *QueryError) Error() string { return e.Field + ": " + e.Value + ": " + e.Err.Error() }

// Unwrap returns the cause, which wraps ErrQuery.
func (e *QueryError) Unwrap() error { return e.Err }

// queryErr returns a *QueryError about field holding value.
func queryErr(field, value, format string, args ...any) error {
	return &QueryError{Field: field, Value: value, Err: fmt.Errorf(format+": %w", append(args, ErrQuery)...)}
}
