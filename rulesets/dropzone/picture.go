package dropzone

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Pictures of the Dropzone kinds that look something up or place models:
// each draws what it measured (the reach it measured within, the gap, the
// template, the building with its class), captioned with the verdict.
// Drawing is best effort: an id the check already rejected draws nothing.

// buildingPart outlines building id, captioned text.
func buildingPart(bf *terrain.Battlefield, id, text string) []render.Part {
	if !rulesets.Pictures {
		return nil
	}
	p, ok := bf.Piece(id)
	if !ok {
		return nil
	}
	return []render.Part{render.Template{Shape: p.Footprint, Label: id + ": " + text}}
}

// reachParts rings each model of ids at reach inches from its base edge,
// captioned text.
func reachParts(bf *terrain.Battlefield, ids []string, reach float64, text string) []render.Part {
	if !rulesets.Pictures {
		return nil
	}
	var parts []render.Part
	for _, id := range ids {
		if _, ok := bf.Model(id); ok {
			parts = append(parts, render.Ring{ModelID: id, Radius: reach, Label: text})
		}
	}
	return parts
}

// placementMarks marks where placements put models.
func placementMarks(place []Placement) []render.Part {
	if !rulesets.Pictures {
		return nil
	}
	parts := make([]render.Part, 0, len(place))
	for _, p := range place {
		parts = append(parts, rulesets.PointMark(p.Position, p.Model))
	}
	return parts
}

// formationParts draws the squad's formation links: a tree of nearest
// squad-mates, each link kept when the formation links the pair (DZC-08).
func formationParts(bf *terrain.Battlefield, squad string, opt *Options) []render.Part {
	if !rulesets.Pictures {
		return nil
	}
	all, err := squadModels(bf, squad)
	if err != nil {
		return nil
	}
	var ms []*terrain.Model
	for _, m := range all {
		if m.Garrison == nil && !opt.unit(m.ID).Transport {
			ms = append(ms, m)
		}
	}
	f := squadFormation(opt, all)
	pos := positions(ms)
	return rulesets.LinkTree(len(ms), func(i, j int) (geom.Point, geom.Point, float64, bool) {
		kept, d := linked(ms[i], ms[j], pos[i], pos[j], f)
		return pos[i], pos[j], d, kept
	})
}

// gapPart is the measured gap between two buildings' footprints (DZC-52).
func gapPart(bf *terrain.Battlefield, a, b string, v *rulesets.Verdict) []render.Part {
	if !rulesets.Pictures {
		return nil
	}
	pa, oka := bf.Piece(a)
	pb, okb := bf.Piece(b)
	if !oka || !okb {
		return nil
	}
	d, qa, qb := geom.DistPolygons(pa.Footprint, pb.Footprint)
	return []render.Part{
		render.Template{Shape: pa.Footprint, Label: a}, render.Template{Shape: pb.Footprint, Label: b},
		render.Link{A: qa, B: qb, OK: v.Legal, Kind: render.LinkMeasure, Label: fmt.Sprintf("gap %.2f in: %s", d, label(v))},
	}
}

// collapseParts outlines a collapsing building and the band within
// collapseReach of it (DZC-47).
func collapseParts(bf *terrain.Battlefield, id string) []render.Part {
	if !rulesets.Pictures {
		return nil
	}
	p, ok := bf.Piece(id)
	if !ok {
		return nil
	}
	parts := []render.Part{render.Template{Shape: p.Footprint, Label: id + " collapses: bases inside removed"}}
	if band, err := geom.Offset(p.Footprint, collapseReach, 1e-3); err == nil {
		parts = append(parts, render.Template{Shape: band, Label: fmt.Sprintf("within %g in: destroyed on 2+", collapseReach)})
	}
	return parts
}

// edgePart is a standby entry measured from the friendly edge (DZC-12): the
// line from the nearest point of the edge to the end point.
func edgePart(bf *terrain.Battlefield, end geom.Point, edge string, v *rulesets.Verdict) []render.Part {
	if !rulesets.Pictures {
		return nil
	}
	t := bf.Table()
	from := geom.Pt(end.X, 0)
	switch edge {
	case "north":
		from = geom.Pt(end.X, t.Depth)
	case "west":
		from = geom.Pt(0, end.Y)
	case "east":
		from = geom.Pt(t.Width, end.Y)
	}
	return []render.Part{render.Link{A: from, B: end, OK: v.Legal, Kind: render.LinkMeasure,
		Label: fmt.Sprintf("entry %.2f in: %s", end.Sub(from).Norm(), label(v))}}
}

// lzPart is aircraft model's landing-zone template at c.
func lzPart(bf *terrain.Battlefield, model, size string, c geom.Point, opt *Options, text string) []render.Part {
	if !rulesets.Pictures {
		return nil
	}
	m, ok := bf.Model(model)
	if !ok {
		return nil
	}
	circle, size := lzTemplate(m, size, c, opt)
	if !(circle.Radius > 0) {
		return []render.Part{rulesets.PointMark(c, text)}
	}
	return []render.Part{render.Template{Circle: &circle, Label: fmt.Sprintf("LZ %s: %s", size, text)}}
}
