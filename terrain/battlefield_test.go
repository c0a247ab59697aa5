package terrain

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
)

// validScene is a small valid table: a 4 x 4 house with a south wall, a
// wood and two models of one squad.
func validScene() (Table, []Piece, []Model) {
	t := Table{Width: 48, Depth: 48}
	pieces := []Piece{
		{
			ID: "house-1", Kind: Building,
			// clockwise on input: New must store it counter-clockwise
			Footprint: geom.Polygon{Outer: geom.Ring{{X: 10, Y: 10}, {X: 10, Y: 14}, {X: 14, Y: 14}, {X: 14, Y: 10}}},
			Height:    3, Sight: SightBlocking, Cover: CoverHard, Movement: MovementRule{Default: Impassable}, Level: 1,
			Building: &BuildingInfo{Floors: 2, Garrison: 1, Walls: []Wall{{
				ID: "south", From: geom.Pt(10, 10), To: geom.Pt(14, 10),
				Windows:   []geom.Vec3{{X: 12, Y: 10, Z: 2}},
				Entrances: []geom.Point{{X: 11, Y: 10}},
			}}},
		},
		{
			ID: "wood-1", Kind: Area,
			Footprint: geom.Polygon{Outer: geom.Ring{{X: 20, Y: 20}, {X: 30, Y: 20}, {X: 25, Y: 28}}},
			Sight:     SightConcealing, Cover: CoverSoft,
			Movement: MovementRule{Default: Difficult, ByClass: map[Class]Movement{Vehicle: Impassable}}, Level: 1,
		},
		{
			ID: "smoke-1", Kind: Smoke, Circle: &geom.Circle{Center: geom.Pt(40, 40), Radius: 2},
			Sight: SightConcealing, Cover: CoverSoft, Level: 1,
		},
	}
	models := []Model{
		{ID: "sabre-1", Squad: "sabre-a", Class: Vehicle, Position: geom.Pt(5, 5), Hull: Hull{Length: 2, Width: 1, Height: 0.8}, Level: 1},
		{ID: "rifle-1", Squad: "rifles", Class: Infantry, Position: geom.Pt(12, 12), Base: Base{Shape: BaseCircle, Diameter: 1}, Hull: Hull{Height: 1}, Level: 1,
			Garrison: &GarrisonRef{Building: "house-1", Wall: "south"}},
		{ID: "sabre-2", Squad: "sabre-a", Class: Vehicle, Position: geom.Pt(8, 5), Hull: Hull{Length: 2, Width: 1, Height: 0.8}, Level: 1},
	}
	return t, pieces, models
}

func TestNewValid(t *testing.T) {
	tab, pieces, models := validScene()
	bf, err := New(tab, pieces, models)
	if err != nil {
		t.Fatalf("New(valid) = %v", err)
	}
	// Deep copy: changing the inputs afterwards must not show.
	pieces[0].Footprint.Outer[0] = geom.Pt(0, 0)
	pieces[0].Building.Walls[0].Windows[0].Z = 99
	pieces[1].Movement.ByClass[Vehicle] = Open
	models[0].ID = "changed"
	p, ok := bf.Piece("house-1")
	if !ok {
		t.Fatal(`Piece("house-1") not found`)
	}
	// Normalised counter-clockwise: signed area +16.
	if a := p.Footprint.Outer.SignedArea(); a != 16 {
		t.Errorf("house footprint signed area = %v, want 16", a)
	}
	if slices.Contains(p.Footprint.Outer, geom.Pt(0, 0)) {
		t.Errorf("house footprint shares memory with the input")
	}
	if z := p.Building.Walls[0].Windows[0].Z; z != 2 {
		t.Errorf("window z = %v, want 2 (input changed after New)", z)
	}
	w, _ := bf.Piece("wood-1")
	if got := w.Movement.For(Vehicle); got != Impassable {
		t.Errorf("wood movement for vehicle = %v, want impassable", got)
	}
	if m, ok := bf.Model("sabre-1"); !ok || m.Position != geom.Pt(5, 5) {
		t.Errorf(`Model("sabre-1") = %v, %v`, m, ok)
	}
	s, _ := bf.Piece("smoke-1")
	if len(s.Footprint.Outer) < 8 || s.Circle == nil || s.Circle.Radius != 2 {
		t.Errorf("smoke footprint has %d vertices, circle %v", len(s.Footprint.Outer), s.Circle)
	}
	if i, ok := bf.PieceIndex("wood-1"); !ok || i != 1 {
		t.Errorf(`PieceIndex("wood-1") = %d, %v, want 1, true`, i, ok)
	}
	if i, ok := bf.ModelIndex("sabre-2"); !ok || i != 2 {
		t.Errorf(`ModelIndex("sabre-2") = %d, %v, want 2, true`, i, ok)
	}
	if _, ok := bf.PieceIndex("sabre-1"); ok {
		t.Errorf(`PieceIndex("sabre-1") found a model`)
	}
	if got := bf.Squad("sabre-a"); !slices.Equal(got, []int{0, 2}) {
		t.Errorf(`Squad("sabre-a") = %v, want [0 2]`, got)
	}
	if got := bf.Squads(); !slices.Equal(got, []string{"rifles", "sabre-a"}) {
		t.Errorf("Squads() = %v, want [rifles sabre-a]", got)
	}
	if got := bf.Table(); got != tab {
		t.Errorf("Table() = %v, want %v", got, tab)
	}
	if len(bf.Pieces()) != 3 || len(bf.Models()) != 3 {
		t.Errorf("got %d pieces, %d models, want 3, 3", len(bf.Pieces()), len(bf.Models()))
	}
}

func TestNewBuildingDefault(t *testing.T) {
	tab := Table{Width: 10, Depth: 10}
	p := []Piece{{ID: "b", Kind: Building, Footprint: geom.Polygon{Outer: geom.Ring{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 10, Y: 10}}},
		Height: 2, Sight: SightBlocking, Cover: CoverHard, Level: 1}}
	bf, err := New(tab, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if b := bf.Pieces()[0].Building; b == nil || b.Floors != 1 {
		t.Errorf("default building info = %+v, want Floors 1", b)
	}
}

func TestNewErrors(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name   string
		edit   func(*Table, []Piece, []Model) ([]Piece, []Model)
		path   string
		sent   error
		substr string
	}{
		{"table width NaN", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { t.Width = nan; return p, m },
			"table.width", ErrInvalidValue, "NaN"},
		{"table depth zero", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { t.Depth = 0; return p, m },
			"table.depth", ErrInvalidValue, "greater than 0"},
		{"table too big", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { t.Width = 1001; return p, m },
			"table.width", ErrInvalidValue, "maximum of 1000"},
		{"piece missing id", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { p[1].ID = ""; return p, m },
			"terrain[1].id", ErrInvalidValue, "missing id"},
		{"duplicate piece id", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { p[1].ID = "house-1"; return p, m },
			"terrain[1].id", ErrDuplicateID, `duplicate id "house-1" (also terrain[0])`},
		{"duplicate model id", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[2].ID = "sabre-1"; return p, m },
			"models[2].id", ErrDuplicateID, `duplicate id "sabre-1" (also models[0])`},
		{"model id equals piece id", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[0].ID = "wood-1"; return p, m },
			"models[0].id", ErrDuplicateID, `(also terrain[1])`},
		{"unknown kind", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { p[1].Kind = "forest"; return p, m },
			"terrain[1].kind", ErrInvalidValue, `unknown kind "forest"`},
		{"unknown sight", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { p[1].Sight = "foggy"; return p, m },
			"terrain[1].sight", ErrInvalidValue, `unknown sight "foggy"`},
		{"unknown cover", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { p[1].Cover = "heavy"; return p, m },
			"terrain[1].cover", ErrInvalidValue, `unknown cover "heavy"`},
		{"unknown movement", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { p[1].Movement.Default = "slow"; return p, m },
			"terrain[1].movement", ErrInvalidValue, `unknown movement "slow"`},
		{"unknown movement class", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			p[1].Movement.ByClass = map[Class]Movement{"tank": Open}
			return p, m
		}, "terrain[1].movement", ErrInvalidValue, `unknown class "tank"`},
		{"bad movement for class", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			p[1].Movement.ByClass = map[Class]Movement{Infantry: "x"}
			return p, m
		}, "terrain[1].movement.infantry", ErrInvalidValue, `unknown movement "x"`},
		{"level negative", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { p[1].Level = -1; return p, m },
			"terrain[1].level", ErrInvalidValue, "level -1"},
		{"height negative", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { p[0].Height = -1; return p, m },
			"terrain[0].height", ErrInvalidValue, "negative"},
		{"height Inf", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { p[0].Height = inf; return p, m },
			"terrain[0].height", ErrInvalidValue, "+Inf"},
		{"footprint self-intersecting", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			// bow tie: edge 0 (0,0)-(4,4) is y = x; edge 2 (4,0)-(0,6) is
			// (4-4s, 6s); 6s = 4-4s at s = 0.4: they cross at (2.4, 2.4).
			// Signed area (0 - 16 + 24 + 0)/2 = 4, so it is not zero-area.
			p[1].Footprint = geom.Polygon{Outer: geom.Ring{{X: 0, Y: 0}, {X: 4, Y: 4}, {X: 4, Y: 0}, {X: 0, Y: 6}}}
			return p, m
		}, "terrain[1].footprint", ErrInvalidGeometry, "ring 0: edges 0 and 2 cross at (2.4"},
		{"footprint NaN", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			p[1].Footprint.Outer = geom.Ring{{X: 0, Y: 0}, {X: nan, Y: 4}, {X: 4, Y: 0}}
			return p, m
		}, "terrain[1].footprint", ErrInvalidValue, "NaN"},
		{"footprint two vertices", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			p[1].Footprint.Outer = geom.Ring{{X: 0, Y: 0}, {X: 4, Y: 0}}
			return p, m
		}, "terrain[1].footprint", ErrInvalidGeometry, "need at least 3"},
		{"piece off table", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			p[1].Footprint.Outer = geom.Ring{{X: 40, Y: 40}, {X: 49, Y: 40}, {X: 45, Y: 45}}
			return p, m
		}, "terrain[1]", ErrOffTable, `piece "wood-1" lies outside the 48 x 48 in table (ring 0 vertex 1 at (49, 40))`},
		{"circle off table", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { p[2].Circle.Center.X = 46.5; return p, m },
			"terrain[2]", ErrOffTable, "lies outside"},
		{"circle radius zero", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { p[2].Circle.Radius = 0; return p, m },
			"terrain[2].circle.radius", ErrInvalidValue, "greater than 0"},
		{"building data on area", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			p[1].Building = &BuildingInfo{Floors: 1}
			return p, m
		},
			"terrain[1].building", ErrNotAllowed, "cannot have building data"},
		{"floors zero", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { p[0].Building.Floors = 0; return p, m },
			"terrain[0].building.floors", ErrInvalidValue, "0 floors"},
		{"duplicate wall", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			p[0].Building.Walls = append(p[0].Building.Walls, Wall{ID: "south", From: geom.Pt(14, 10), To: geom.Pt(14, 14)})
			return p, m
		}, "terrain[0].building.walls[1].id", ErrDuplicateID, `duplicate wall id "south"`},
		{"wall off boundary", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			p[0].Building.Walls[0].To = geom.Pt(13, 11) // inside the house, not on its boundary
			return p, m
		}, "terrain[0].building.walls[0].to", ErrInvalidGeometry, "(13, 11) is not on the boundary"},
		{"window off wall", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			p[0].Building.Walls[0].Windows[0].Y = 10.001
			return p, m
		}, "terrain[0].building.walls[0].windows[0]", ErrInvalidGeometry, "in from wall"},
		{"window too high", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			p[0].Building.Walls[0].Windows[0].Z = 3.5
			return p, m
		}, "terrain[0].building.walls[0].windows[0]", ErrInvalidValue, "height 3.5 is not in [0, 3]"},
		{"window beyond wall end", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			p[0].Building.Walls[0].Windows[0].X = 14.5 // on the wall's line, 0.5 past To
			return p, m
		}, "terrain[0].building.walls[0].windows[0]", ErrInvalidGeometry, "is 0.5 in from wall"},
		{"entrance off wall", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			p[0].Building.Walls[0].Entrances[0] = geom.Pt(12, 12)
			return p, m
		}, "terrain[0].building.walls[0].entrances[0]", ErrInvalidGeometry, "is 2 in from wall"},
		{"model unknown class", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[0].Class = "tank"; return p, m },
			"models[0].class", ErrInvalidValue, `unknown class "tank"`},
		{"model position NaN", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[0].Position.Y = nan; return p, m },
			"models[0].position", ErrInvalidValue, "(5, NaN)"},
		{"model off table", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[0].Position.X = -0.5; return p, m },
			"models[0].position", ErrOffTable, "(-0.5, 5) lies outside the 48 x 48 in table"},
		{"model facing Inf", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[0].Facing = s1.Angle(inf); return p, m },
			"models[0].facing", ErrInvalidValue, "+Inf"},
		{"base diameter zero", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[1].Base.Diameter = 0; return p, m },
			"models[1].base.diameter", ErrInvalidValue, "greater than 0"},
		{"base unknown shape", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[1].Base.Shape = "hex"; return p, m },
			"models[1].base.shape", ErrInvalidValue, `unknown base shape "hex"`},
		{"base stray length", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[1].Base.Length = 2; return p, m },
			"models[1].base.length", ErrInvalidValue, "for a circle base"},
		{"oval without width", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			m[1].Base = Base{Shape: BaseOval, Length: 2}
			return p, m
		}, "models[1].base.width", ErrInvalidValue, "greater than 0"},
		{"hull negative", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[0].Hull.Height = -0.1; return p, m },
			"models[0].hull.height", ErrInvalidValue, "negative"},
		{"hull half plan", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[0].Hull.Width = 0; return p, m },
			"models[0].hull", ErrInvalidValue, "both be 0 or both positive"},
		{"altitude NaN", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[0].Altitude = nan; return p, m },
			"models[0].altitude", ErrInvalidValue, "NaN"},
		{"model level negative", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[0].Level = -1; return p, m },
			"models[0].level", ErrInvalidValue, "level -1"},
		{"figure off table", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			m[1].Figures = []geom.Point{{X: 1, Y: 1}, {X: 1, Y: 48.5}}
			return p, m
		}, "models[1].figures[1]", ErrOffTable, "(1, 48.5)"},
		{"garrison unknown building", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			m[1].Garrison.Building = "house-9"
			return p, m
		},
			"models[1].garrison.building", ErrUnknownID, `no piece "house-9"`},
		{"garrison in a model", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			m[1].Garrison.Building = "sabre-1"
			return p, m
		},
			"models[1].garrison.building", ErrUnknownID, "is a model"},
		{"garrison in a wood", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			m[1].Garrison.Building = "wood-1"
			return p, m
		},
			"models[1].garrison.building", ErrNotAllowed, "not a building"},
		{"garrison unknown wall", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[1].Garrison.Wall = "north"; return p, m },
			"models[1].garrison.wall", ErrUnknownID, `building "house-1" has no wall "north"`},
		{"vehicle garrison", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) {
			m[0].Garrison = &GarrisonRef{Building: "house-1"}
			return p, m
		}, "models[0].garrison", ErrNotAllowed, "a vehicle model cannot garrison"},
		{"airborne garrison", func(t *Table, p []Piece, m []Model) ([]Piece, []Model) { m[1].Altitude = 2; return p, m },
			"models[1].garrison", ErrNotAllowed, "airborne"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab, p, m := validScene()
			p, m = tc.edit(&tab, p, m)
			_, err := New(tab, p, m)
			if err == nil {
				t.Fatalf("New() = nil error, want %s: %v", tc.path, tc.sent)
			}
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("New() = %v (%T), want a *FieldError", err, err)
			}
			if fe.Path != tc.path {
				t.Errorf("New() path = %q, want %q (error %v)", fe.Path, tc.path, err)
			}
			if !errors.Is(err, tc.sent) {
				t.Errorf("New() = %v, want errors.Is(%v)", err, tc.sent)
			}
			if !strings.Contains(err.Error(), tc.substr) {
				t.Errorf("New() = %q, want it to contain %q", err.Error(), tc.substr)
			}
			if !strings.HasPrefix(err.Error(), tc.path+": ") {
				t.Errorf("New() = %q, want prefix %q", err.Error(), tc.path+": ")
			}
		})
	}
}

// TestNewFootprintCause checks the geom validation error stays reachable.
func TestNewFootprintCause(t *testing.T) {
	tab, p, m := validScene()
	p[1].Footprint = geom.Polygon{Outer: geom.Ring{{X: 0, Y: 0}, {X: 4, Y: 4}, {X: 4, Y: 0}, {X: 0, Y: 6}}}
	_, err := New(tab, p, m)
	var ve *geom.ValidationError
	if !errors.As(err, &ve) || !errors.Is(err, geom.ErrSelfIntersection) {
		t.Errorf("New() = %v, want a wrapped geom.ValidationError with ErrSelfIntersection", err)
	}
}

// TestNewEdgeVertices: vertices exactly on the table edge are on the table.
func TestNewEdgeVertices(t *testing.T) {
	tab := Table{Width: 6, Depth: 4}
	p := []Piece{{ID: "hill", Kind: Solid, Footprint: geom.Polygon{Outer: geom.Ring{{X: 0, Y: 0}, {X: 6, Y: 0}, {X: 6, Y: 4}, {X: 0, Y: 4}}},
		Height: 1, Sight: SightBlocking, Cover: CoverNone, Level: 2}}
	m := []Model{{ID: "m", Class: Figure, Position: geom.Pt(6, 4), Level: 1}}
	if _, err := New(tab, p, m); err != nil {
		t.Errorf("New(edge vertices) = %v, want nil", err)
	}
}
