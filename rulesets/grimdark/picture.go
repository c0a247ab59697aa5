package grimdark

import (
	"fmt"
	"sort"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Pictures of the Grimdark kinds that place units or measure between them:
// each draws the distances, zones and reaches it judged, captioned with the
// verdict. Drawing is best effort: an id the check rejected draws nothing.

// unitIDs returns the ids of unit name's models (nil when unknown).
func unitIDs(bf *terrain.Battlefield, name string) []string {
	u, err := findUnit(bf, "unit", name)
	if err != nil {
		return nil
	}
	ids := make([]string, len(u.Models))
	for i, m := range u.Models {
		ids[i] = m.ID
	}
	return ids
}

// unitCentre is the mean position of unit name's models.
func unitCentre(bf *terrain.Battlefield, name string) (geom.Point, bool) {
	u, err := findUnit(bf, "unit", name)
	if err != nil || len(u.Models) == 0 {
		return geom.Point{}, false
	}
	var c geom.Point
	for _, m := range u.Models {
		c = c.Add(m.Position)
	}
	return c.Mul(1 / float64(len(u.Models))), true
}

// measure joins two models by the distance a check measured (between
// the points the game's rule measures, which may be their bases' edges),
// captioned text, kept when ok.
func measure(bf *terrain.Battlefield, a, b, text string, ok bool) []render.Part {
	ma, oka := bf.Model(a)
	mb, okb := bf.Model(b)
	if !oka || !okb {
		return nil
	}
	return []render.Part{render.Link{A: ma.Position, B: mb.Position, OK: ok, Kind: render.LinkMeasure, Label: text}}
}

// measured is the verdict's measure name in inches, e.g. "11.72 in", or
// "" when it has none.
func measured(v *rulesets.Verdict, name string) string {
	for _, m := range v.Measures {
		if m.Name == name {
			return fmt.Sprintf("%.2f in", m.Value)
		}
	}
	return ""
}

// pathParts draws each model's path (sorted by id), dashed when the
// verdict fails, with its failed clauses at the end.
func pathParts(paths map[string][]geom.Point, v *rulesets.Verdict) []render.Part {
	ids := make([]string, 0, len(paths))
	for id := range paths {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	parts := make([]render.Part, 0, len(ids))
	for _, id := range ids {
		parts = append(parts, rulesets.MovePart(id, paths[id], -1, v.Legal, rulesets.FailedClauses(v)))
	}
	return parts
}

// zonePart is the deployment zone of edge, depth deep (GF-02): the strip
// along the long table edge.
func zonePart(t terrain.Table, edge string, depth float64, text string) []render.Part {
	var lo, hi geom.Point
	switch edge {
	case "south":
		lo, hi = geom.Pt(0, 0), geom.Pt(t.Width, depth)
	case "north":
		lo, hi = geom.Pt(0, t.Depth-depth), geom.Pt(t.Width, t.Depth)
	case "west":
		lo, hi = geom.Pt(0, 0), geom.Pt(depth, t.Depth)
	case "east":
		lo, hi = geom.Pt(t.Width-depth, 0), geom.Pt(t.Width, t.Depth)
	default:
		return nil
	}
	return []render.Part{render.Template{Shape: geom.PolygonFromPoints(lo, geom.Pt(hi.X, lo.Y), hi, geom.Pt(lo.X, hi.Y)), Label: text}}
}
