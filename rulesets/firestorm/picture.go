package firestorm

import (
	"fmt"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Pictures of the Firestorm kinds about the table's layout: each draws the
// areas it judged (sectors, zones, the reach around a piece, the edges),
// labelled with what was decided.

// sectorParts outlines the sectors, each labelled with its controller.
func sectorParts(ss []Sector) []render.Part {
	parts := make([]render.Part, 0, len(ss))
	for _, s := range ss {
		who := "nobody"
		if s.Controller != "" {
			who = s.Controller
		}
		parts = append(parts, render.Template{Shape: rect(s.Min, s.Max), Label: fmt.Sprintf("sector %d,%d: %s", s.Index[0], s.Index[1], who)})
	}
	return parts
}

// reviewParts outlines the sectors without terrain and the pieces larger
// than the rule of thumb (FT-14, FT-17).
func reviewParts(bf *terrain.Battlefield, opt Options) []render.Part {
	var parts []render.Part
	for _, p := range bf.Pieces() {
		b := p.Footprint.Bound()
		if p.Circle != nil {
			b = p.Circle.Bound()
		}
		limit := opt.book(pieceMax)
		if p.Kind == terrain.Minefield {
			limit = opt.book(minefieldMax)
		}
		if rulesets.Round(b.X.Length()) > limit || rulesets.Round(b.Y.Length()) > limit {
			parts = append(parts, render.Template{Shape: p.Footprint, Label: fmt.Sprintf("%s larger than %g in", p.ID, limit)})
		}
	}
	for _, s := range Sectors(bf, opt) {
		text := "has terrain"
		if !sectorHasPiece(bf, s) {
			text = "no terrain"
		}
		parts = append(parts, render.Template{Shape: rect(s.Min, s.Max), Label: fmt.Sprintf("sector %d,%d: %s", s.Index[0], s.Index[1], text)})
	}
	return parts
}

// zoneTemplates outlines the zones, each labelled text.
func zoneTemplates(zones [][]geom.Point, text string) []render.Part {
	parts := make([]render.Part, 0, len(zones))
	for _, z := range zones {
		parts = append(parts, render.Template{Shape: geom.PolygonFromPoints(z...), Label: text})
	}
	return parts
}

// pieceReach outlines piece id and the band within reach of it, labelled.
func pieceReach(bf *terrain.Battlefield, id string, reach float64, text string) []render.Part {
	p, ok := bf.Piece(id)
	if !ok {
		return nil
	}
	parts := []render.Part{render.Template{Shape: p.Footprint, Label: id}}
	if band, err := geom.Offset(p.Footprint, reach, 1e-3); err == nil {
		parts = append(parts, render.Template{Shape: band, Label: text})
	}
	return parts
}

// salvageParts draws the salvage reach around every debris field (FT-24).
func salvageParts(bf *terrain.Battlefield, opt Options, out map[string][]string) []render.Part {
	var parts []render.Part
	for _, p := range bf.Pieces() {
		if p.Kind != terrain.Debris {
			continue
		}
		who := strings.Join(out[p.ID], ", ")
		if who == "" {
			who = "nobody"
		}
		parts = append(parts, pieceReach(bf, p.ID, opt.book(salvageRadius), fmt.Sprintf("within %g in: %s salvages", opt.book(salvageRadius), who))...)
	}
	return parts
}

// edgeParts marks the winner's and loser's table edges (FT-23).
func edgeParts(t terrain.Table, edge string) []render.Part {
	line := func(e, text string) render.Part {
		var a, b geom.Point
		switch strings.ToLower(e) {
		case "north":
			a, b = geom.Pt(0, t.Depth), geom.Pt(t.Width, t.Depth)
		case "south":
			a, b = geom.Pt(0, 0), geom.Pt(t.Width, 0)
		case "west":
			a, b = geom.Pt(0, 0), geom.Pt(0, t.Depth)
		default:
			a, b = geom.Pt(t.Width, 0), geom.Pt(t.Width, t.Depth)
		}
		// Drawn half an inch inside the table, where it shows.
		in := geom.Pt(t.Width/2, t.Depth/2).Sub(a.Add(b).Mul(0.5))
		in = in.Mul(0.5 / in.Norm())
		return render.Link{A: a.Add(in), B: b.Add(in), OK: true, Kind: render.LinkMeasure, Label: text}
	}
	return []render.Part{line(edge, "winner: "+strings.ToLower(edge)), line(OppositeEdge(edge), "loser: "+OppositeEdge(edge))}
}

func rect(lo, hi [2]float64) geom.Polygon {
	return geom.PolygonFromPoints(geom.Pt(lo[0], lo[1]), geom.Pt(hi[0], lo[1]), geom.Pt(hi[0], hi[1]), geom.Pt(lo[0], hi[1]))
}
