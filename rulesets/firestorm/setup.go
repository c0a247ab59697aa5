package firestorm

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// ReviewTerrain checks the pieces against FT-14 and FT-17's sizes: a piece
// larger than 8 x 8 in (a minefield larger than 4 x 4 in) is a warning,
// never an error, since larger pieces are allowed by agreement. Every piece
// of a scenario file has a closed boundary (the decoder rejects open
// ones), which FT-14 requires. Sizes are the piece's axis-aligned extent.
func ReviewTerrain(bf *terrain.Battlefield, opt Options) (*rulesets.Verdict, []string) {
	v := rulesets.NewVerdict()
	warnings := []string{}
	for _, p := range bf.Pieces() {
		b := p.Footprint.Bound()
		if p.Circle != nil {
			b = p.Circle.Bound()
		}
		w, d := b.X.Length(), b.Y.Length()
		limit, clause := opt.book(pieceMax), ftTerrainSize
		if p.Kind == terrain.Minefield {
			limit, clause = opt.book(minefieldMax), ftMinefield
		}
		if rulesets.Round(w) > limit || rulesets.Round(d) > limit {
			msg := fmt.Sprintf("%s %s is %.2f x %.2f in, larger than the rule of thumb %g x %g in (allowed by agreement)", p.Kind, p.ID, w, d, limit, limit)
			warnings = append(warnings, msg)
			v.Allow(clause, "warning: %s", msg)
		}
	}
	for _, sec := range Sectors(bf, opt) {
		if !sectorHasPiece(bf, sec) {
			msg := fmt.Sprintf("sector %v has no terrain piece (each sector should have one)", sec.Index)
			warnings = append(warnings, msg)
			v.Allow(ftSectors, "warning: %s", msg)
		}
	}
	v.Allow(ftTerrainSize, "%d pieces, each with a closed boundary", len(bf.Pieces()))
	return v, warnings
}

// sectorHasPiece reports whether a piece's footprint reaches into the
// sector's interior.
func sectorHasPiece(bf *terrain.Battlefield, s Sector) bool {
	r := geom.ConvexPolygon{geom.Pt(s.Min[0], s.Min[1]), geom.Pt(s.Max[0], s.Min[1]), geom.Pt(s.Max[0], s.Max[1]), geom.Pt(s.Min[0], s.Max[1])}
	for _, p := range bf.Pieces() {
		if overlapArea(p.ConvexParts(), [][]geom.Point{r}) > 1e-9 {
			return true
		}
	}
	return false
}

// MinefieldCount returns how many minefields each side places (FT-17,
// Minenfeld MAR): only the side with more squadrons carrying the MAR, one,
// or two when it has at least twice as many ("doppelt so viele", Errata 1)
// or the opponent has none; equal counts place none, or one each with
// MinefieldTie "one-each" (Ambiguity 17).
func MinefieldCount(a, b int, tie string) (int, int) {
	switch {
	case a == b && a > 0 && tie == "one-each":
		return 1, 1
	case a == b:
		return 0, 0
	case a < b:
		y, x := MinefieldCount(b, a, tie)
		return x, y
	case b == 0 || a >= 2*b:
		return 2, 0
	}
	return 1, 0
}

// marCounts counts, per side, the squadrons with the Minenfeld MAR; a
// squadron's side is its ships' side.
func marCounts(bf *terrain.Battlefield, opt Options) map[string]int {
	counts := map[string]int{}
	for _, sq := range bf.Squads() {
		idx := bf.Squad(sq)
		side := bf.Models()[idx[0]].Side
		if _, ok := counts[side]; !ok {
			counts[side] = 0
		}
		if opt.squadron(sq).MinefieldMAR {
			counts[side]++
		}
	}
	return counts
}

// CheckMinefields counts the minefields each side places (FT-17) and
// rejects any minefield piece overlapping a deployment zone (touching its
// edge is not overlapping).
func CheckMinefields(bf *terrain.Battlefield, zones [][]geom.Point, opt Options) (*rulesets.Verdict, map[string]int) {
	v := rulesets.NewVerdict()
	counts := marCounts(bf, opt)
	sides := slices.Sorted(maps.Keys(counts))
	places := map[string]int{}
	for _, s := range sides {
		places[s] = 0
	}
	if len(sides) == 2 {
		a, b := MinefieldCount(counts[sides[0]], counts[sides[1]], opt.MinefieldTie)
		places[sides[0]], places[sides[1]] = a, b
		v.Allow(ftMinefield, "Minenfeld MAR squadrons %s %d, %s %d: %s places %d, %s places %d",
			sides[0], counts[sides[0]], sides[1], counts[sides[1]], sides[0], a, sides[1], b)
	}
	for _, p := range bf.Pieces() {
		if p.Kind != terrain.Minefield {
			continue
		}
		for i, z := range zones {
			if a := overlapArea(p.ConvexParts(), zoneParts(z)); a > 1e-9 {
				v.Forbid(ftMinefield, "minefield %s overlaps deployment zone %d by %.2f sq in: minefields may not be placed in deployment zones", p.ID, i, a)
			}
		}
	}
	return v, places
}

// zoneParts splits a zone polygon into convex parts (nil when invalid).
func zoneParts(z []geom.Point) [][]geom.Point {
	parts, err := geom.ConvexPieces(geom.PolygonFromPoints(z...))
	if err != nil {
		return nil
	}
	return parts
}

// overlapArea returns the area shared by two unions of convex parts.
func overlapArea(a, b [][]geom.Point) float64 {
	total := 0.0
	var buf []geom.Point
	for _, p := range a {
		for _, q := range b {
			buf = geom.ClipConvex(buf[:0], p, q)
			total += geom.ConvexArea(buf)
		}
	}
	return total
}

// partsArea returns the area of a union of disjoint convex parts.
func partsArea(a [][]geom.Point) float64 {
	t := 0.0
	for _, p := range a {
		t += geom.ConvexArea(p)
	}
	return t
}

// OppositeEdge returns the table edge opposite e ("north", "south",
// "east", "west"; FT-23: the loser takes the opposite edge), or "".
func OppositeEdge(e string) string {
	return map[string]string{"north": "south", "south": "north", "east": "west", "west": "east"}[strings.ToLower(e)]
}

// OppositeCorner returns the corner opposite c ("NE", "NW", "SE", "SW";
// FT-23 Eskalierendes Gefecht), or "".
func OppositeCorner(c string) string {
	return map[string]string{"NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}[strings.ToUpper(c)]
}

// ReserveArrives reports whether a reserve battle group arrives: D6 plus
// the current turn at least the threshold (FT-23, Ambiguity 15).
func ReserveArrives(roll, turn int, opt Options) bool { return roll+turn >= opt.ReserveThreshold }

// ScaledLength returns a scenario map's length on a small table: halved
// when half is set (FT-23: "12“ zu 6“").
func ScaledLength(l float64, half bool) float64 {
	if half {
		return l * halfScale
	}
	return l
}

// pieceCentre returns a piece's centre: its circle's, else its centroid.
func pieceCentre(p *terrain.Piece) geom.Point {
	if p.Circle != nil {
		return p.Circle.Center
	}
	return p.Footprint.Centroid()
}

// pieceGap returns the distance between two pieces, edge to edge or centre
// to centre (Options.DebrisSpacing, Ambiguity 14).
func pieceGap(a, b *terrain.Piece, opt Options) float64 {
	if opt.DebrisSpacing == "center" {
		return pieceCentre(a).Sub(pieceCentre(b)).Norm()
	}
	d, _, _ := geom.DistShapes(pieceShape(a), pieceShape(b))
	return d
}

// CheckDebrisPlacement checks Ressourcenbergung's debris fields (FT-24):
// the first centred on the table (within 0.01 in), the second entirely
// inside one objective zone and at least 12 in from the first, the third
// entirely inside the other zone and at least 12 in from every other
// debris field.
func CheckDebrisPlacement(bf *terrain.Battlefield, ids [3]string, zones [2][]geom.Point, opt Options) (*rulesets.Verdict, error) {
	var ps [3]*terrain.Piece
	for i, id := range ids {
		p, ok := bf.Piece(id)
		if !ok || p.Kind != terrain.Debris {
			return nil, fmt.Errorf("fields[%d] = %q: not a debris piece: %w", i, id, ErrQuery)
		}
		ps[i] = p
	}
	v := rulesets.NewVerdict()
	t := bf.Table()
	centre := geom.Pt(t.Width/2, t.Depth/2)
	if off := pieceCentre(ps[0]).Sub(centre).Norm(); off > 0.01 {
		v.Forbid(ftSalvage, "the first field %s is centred %.2f in from the table's centre (%.2f, %.2f)", ps[0].ID, off, centre.X, centre.Y)
	} else {
		v.Allow(ftSalvage, "the first field %s is at the table's centre", ps[0].ID)
	}
	zone := -1
	for k := 1; k < 3; k++ {
		zone = debrisInZone(v, ps[k], zones, zone)
		for j := 0; j < k; j++ {
			gap := rulesets.Round(pieceGap(ps[k], ps[j], opt))
			v.Measure(ps[k].ID+"-"+ps[j].ID, gap, "in")
			if gap < opt.book(debrisSpacing) {
				v.Forbid(ftSalvage, "%s is %.2f in from %s (%s to %s), less than 12 in", ps[k].ID, gap, ps[j].ID, opt.DebrisSpacing, opt.DebrisSpacing)
			}
		}
	}
	return v, nil
}

// debrisInZone checks p lies entirely in one zone other than used and
// returns the zone it is in (or used when none).
func debrisInZone(v *rulesets.Verdict, p *terrain.Piece, zones [2][]geom.Point, used int) int {
	parts := p.ConvexParts()
	area := partsArea(parts)
	for i, z := range zones {
		if i == used {
			continue
		}
		if math.Abs(overlapArea(parts, zoneParts(z))-area) <= 1e-6*math.Max(1, area) {
			v.Allow(ftSalvage, "%s lies entirely inside objective zone %d", p.ID, i)
			return i
		}
	}
	v.Forbid(ftSalvage, "%s does not lie entirely inside the other objective zone", p.ID)
	return used
}
