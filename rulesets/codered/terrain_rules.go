package codered

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Category is a terrain piece's row of table 4.1.1 (CR-06): whether it
// hinders movement, whether it conceals (units inside must be spotted) and
// the cover bonus it gives.
type Category struct {
	Name     string `json:"name"` // "open" | "soft" | "hard" | "fortified" | "building"
	Hinders  bool   `json:"hinders"`
	Conceals bool   `json:"conceals"`
	Cover    int    `json:"cover"` // +1 hard, +2 fortified, +3 bunker, 0 otherwise
}

// CategoryOf returns the 4.1.1 category of p (CR-06): a building is
// "Gebäude" (+1, or +2/+3 when its cover says fortified or bunker); hard,
// fortified and bunker cover give "Harte"/"Befestigte Deckung"; a
// concealing piece without cover or with soft cover is "Weiche Deckung";
// anything else, water included (CR-08 "gilt als offen"), is open. Smoke
// conceals but neither hinders nor covers.
func CategoryOf(p *terrain.Piece) Category {
	conceals := p.Sight != terrain.SightClear || p.Kind == terrain.Smoke
	switch {
	case p.Kind == terrain.Smoke:
		return Category{Name: "open", Conceals: true}
	case p.Kind == terrain.Building:
		return Category{Name: "building", Hinders: true, Conceals: true, Cover: max(CoverHard, coverValue(p.Cover))}
	case p.Kind == terrain.Water:
		return Category{Name: "open"}
	}
	switch p.Cover {
	case terrain.CoverHard:
		return Category{Name: "hard", Hinders: true, Conceals: conceals, Cover: CoverHard}
	case terrain.CoverFortified:
		return Category{Name: "fortified", Hinders: true, Conceals: conceals, Cover: CoverFortified}
	case terrain.CoverBunker:
		return Category{Name: "fortified", Hinders: true, Conceals: conceals, Cover: CoverBunker}
	case terrain.CoverSoft:
		return Category{Name: "soft", Hinders: true, Conceals: conceals}
	}
	if conceals || p.Movement.Default != terrain.Open && p.Movement.Default != "" {
		return Category{Name: "soft", Hinders: true, Conceals: conceals}
	}
	return Category{Name: "open"}
}

// LevelRules returns Code Red's level conventions for los.LevelAt,
// los.ModelLevel and the other level queries: ground height is level 1
// and the players declare each piece's level (CR-19, 4.2.1; los takes a
// piece's declared level on its whole closed footprint and never from
// smoke) and vehicles,
// skimmers and walkers count VehicleLevelBonus levels higher (CR-24, 9).
func LevelRules() los.LevelRules {
	return los.LevelRules{Ground: 1, ClassBonus: map[terrain.Class]int{
		terrain.Vehicle: VehicleLevelBonus, terrain.Skimmer: VehicleLevelBonus, terrain.Walker: VehicleLevelBonus,
	}}
}

// CheckReconMove settles the option "Aufklärung" (CR-45, 10.2: "Verschiebe
// zwei Geländestücke jeweils bis zu 10“"): piece pieceID moves by offset d,
// at most 10 in (inclusive), and must stay on the table.
func CheckReconMove(bf *terrain.Battlefield, pieceID string, d geom.Point) (*rulesets.Verdict, error) {
	p, ok := bf.Piece(pieceID)
	if !ok {
		return nil, fmt.Errorf("piece: unknown piece %q: %w", pieceID, ErrQuery)
	}
	if !finitePt(d) {
		return nil, fmt.Errorf("offset: not finite: %w", ErrQuery)
	}
	v := rulesets.NewVerdict()
	n := d.Norm()
	v.Measure("terrain moved", round3(n), "in")
	if n <= ReconMove+1e-9 {
		v.Allow("CR-45", "%s moves %.2f\" (at most %g\")", p.ID, n, ReconMove)
	} else {
		v.Forbid("CR-45", "%s moves %.2f\", more than %g\"", p.ID, n, ReconMove)
	}
	b := p.Footprint.Translate(d).Bound()
	tb := bf.Table().Bound()
	if !tb.ContainsPoint(b.Lo()) || !tb.ContainsPoint(b.Hi()) {
		v.Forbid("CR-45", "%s would leave the table", p.ID)
	}
	return v, nil
}

// SmokeScreen returns the smoke piece an infantry smoke grenade lays at
// centre (CR-25, 7.1 "Eine Nebelwand ist … 3“ groß"): a disc of diameter
// o.SmokeDiameter (Amb. 9), concealing at every level.
func SmokeScreen(id string, centre geom.Point, o Options) terrain.Piece {
	c := geom.Circle{Center: centre, Radius: float64(o.SmokeDiameter) / 2}
	return terrain.Piece{ID: id, Kind: terrain.Smoke, Circle: &c, Footprint: geom.Polygon{Outer: c.Polygon(terrain.CircleChordError)},
		Sight: terrain.SightConcealing, Cover: terrain.CoverNone, Level: 1, Movement: terrain.MovementRule{Default: terrain.Open}}
}

// WithSmoke returns a copy of bf with screen added (bf is not modified).
func WithSmoke(bf *terrain.Battlefield, screen terrain.Piece) (*terrain.Battlefield, error) {
	ps := make([]terrain.Piece, 0, len(bf.Pieces())+1)
	ps = append(ps, bf.Pieces()...)
	ps = append(ps, screen)
	nb, err := terrain.New(bf.Table(), ps, bf.Models())
	if err != nil {
		return nil, fmt.Errorf("smoke: %w", err)
	}
	return nb, nil
}
