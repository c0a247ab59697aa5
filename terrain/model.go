package terrain

import (
	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
)

// Kind is what a terrain piece is, as in the scenario file's "kind".
type Kind string

// Terrain kinds (scenario v1 core).
const (
	Solid     Kind = "solid"     // hill, rock, wall: a prism up to Height
	Building  Kind = "building"  // closed walls and a roof, optional floors and garrison
	Area      Kind = "area"      // woods, fields, hedges, ruins
	Smoke     Kind = "smoke"     // concealing at every height
	Water     Kind = "water"     // rivers, lakes
	Debris    Kind = "debris"    // debris fields (space games)
	Gas       Kind = "gas"       // gas clouds, nebulae
	Minefield Kind = "minefield" // minefields
	Occupied  Kind = "occupied"  // planets, moons, stations
)

// Sight is how a piece affects sight. The zero value "" means the piece
// kind's usual sight (see DefaultSight).
type Sight string

// DefaultSight returns the sight New gives a piece of kind k whose Sight is
// "": blocking for solids, buildings and occupied zones (planets,
// stations), concealing for areas, smoke, gas and debris, clear for water
// and minefields.
func DefaultSight(k Kind) Sight {
	switch k {
	case Solid, Building, Occupied:
		return SightBlocking
	case Water, Minefield:
		return SightClear
	}
	return SightConcealing
}

// Sight values.
const (
	SightClear      Sight = "clear"
	SightConcealing Sight = "concealing"
	SightBlocking   Sight = "blocking"
)

// Cover is the cover a piece gives. The zero value "" means CoverNone.
type Cover string

// Cover values, weakest first.
const (
	CoverNone      Cover = "none"
	CoverSoft      Cover = "soft"
	CoverHard      Cover = "hard"
	CoverFortified Cover = "fortified"
	CoverBunker    Cover = "bunker"
)

// Movement is how a piece affects movement of one model class.
type Movement string

// Movement values.
const (
	Open       Movement = "open"
	Difficult  Movement = "difficult"
	Dangerous  Movement = "dangerous"
	Impassable Movement = "impassable"
)

// Class is a model's class.
type Class string

// Model classes (scenario v1 core).
const (
	Infantry Class = "infantry"
	Vehicle  Class = "vehicle"
	Walker   Class = "walker"
	Skimmer  Class = "skimmer"
	Aircraft Class = "aircraft"
	Ship     Class = "ship"
	Figure   Class = "figure"
)

// MovementRule is a piece's movement effect: Default for every class not
// named in ByClass.
type MovementRule struct {
	Default Movement
	ByClass map[Class]Movement
}

// For returns the movement effect of the piece on a model of class c.
func (m MovementRule) For(c Class) Movement {
	if v, ok := m.ByClass[c]; ok {
		return v
	}
	if m.Default == "" {
		return Open
	}
	return m.Default
}

// Table is the playing surface: x in [0, Width], y in [0, Depth], inches.
// Straddle is the rule for a model whose base lies across surfaces of
// different heights ("" means StraddleCenter).
type Table struct {
	Width, Depth float64
	Straddle     Straddle
}

// Bound returns the table as a rectangle.
func (t Table) Bound() geom.Rect {
	return geom.RectFromPoints(geom.Pt(0, 0), geom.Pt(t.Width, t.Depth))
}

// Piece is one terrain piece. Footprint is always set (a circle piece keeps
// its exact Circle and a polygon approximation in Footprint, see
// CircleChordError); Height is the top of the piece above the table (0 for
// flat area terrain, which then conceals without occluding by height).
type Piece struct {
	ID        string
	Name      string // free text, optional
	Kind      Kind
	Footprint geom.Polygon // normalised: CCW outer ring, CW holes
	Circle    *geom.Circle // the exact circle when the piece was given as one
	Height    float64
	Sight     Sight
	Cover     Cover
	Movement  MovementRule
	Level     int // height level for level-based rules; ground is 1, and 0 means 1
	Building  *BuildingInfo

	parts [][]geom.Point // convex decomposition of Footprint, set by New
}

// ConvexParts returns the footprint split into convex counter-clockwise
// parts whose union is the footprint (holes respected). Pieces held by a
// Battlefield have them precomputed and shared (read-only); for any other
// Piece they are computed on each call, and nil is returned for an invalid
// footprint.
func (p *Piece) ConvexParts() [][]geom.Point {
	if p.parts != nil {
		return p.parts
	}
	parts, err := geom.ConvexPieces(p.Footprint)
	if err != nil {
		return nil
	}
	return parts
}

// Prism returns the piece's volume: its footprint from the table to Height.
func (p *Piece) Prism() geom.Prism {
	return geom.Prism{Footprint: p.Footprint, ZMin: 0, ZMax: p.Height}
}

// BuildingInfo holds what only buildings have.
type BuildingInfo struct {
	Floors   int    // number of floors, at least 1
	Garrison int    // the building's garrison value as its ruleset reads it (0: none given); New does not enforce it
	Walls    []Wall // named wall segments with windows and entrances
	Roof     bool   // whether models may stand on the roof
	// FloorHeights optionally gives the height above the table of each
	// floor's surface, ground floor first (0), strictly increasing and
	// below the building's height; nil means Floors equal storeys.
	FloorHeights []float64
}

// FloorHeight returns the height of one floor of a building piece of the
// given total height.
func (b *BuildingInfo) FloorHeight(height float64) float64 {
	if b == nil || b.Floors <= 0 {
		return height
	}
	return height / float64(b.Floors)
}

// FloorZ returns the height above the table of the surface of floor k
// (1 is the ground floor, at 0) of a building piece of the given total
// height: FloorHeights[k-1] when given, else (k-1) equal storeys. k is
// clamped to [1, Floors].
func (b *BuildingInfo) FloorZ(k int, height float64) float64 {
	if b == nil || k <= 1 {
		return 0
	}
	if n := len(b.FloorHeights); n > 0 {
		return b.FloorHeights[min(k, n)-1]
	}
	return float64(min(k, max(b.Floors, 1))-1) * b.FloorHeight(height)
}

// Wall is one named side of a building: the segment From-To on the
// footprint's boundary, its windows (3D points on the wall face) and
// entrances (ground points on the wall).
type Wall struct {
	ID        string
	From, To  geom.Point
	Windows   []geom.Vec3
	Entrances []geom.Point
}

// Segment returns the wall as a segment.
func (w *Wall) Segment() geom.Segment { return geom.Seg(w.From, w.To) }

// BaseShape is the shape of a model's base.
type BaseShape string

// Base shapes.
const (
	BaseCircle BaseShape = "circle"
	BaseOval   BaseShape = "oval"
	BaseRect   BaseShape = "rect"
)

// Base is a model's base: Diameter for circles, Length (along the facing)
// and Width for ovals and rectangles. The zero Base means no base (a point).
type Base struct {
	Shape         BaseShape
	Diameter      float64
	Length, Width float64
}

// Hull is a box centred on the model's position, Length along the facing.
// A hull with zero Length and Width gives only a Height: the model's volume
// is then its base extruded to that height.
type Hull struct {
	Length, Width, Height float64
}

// GarrisonRef places an infantry model inside a building, assigned to a
// wall, on a floor (1 the ground floor; 0 means the floor its Elevation
// names, or the ground floor).
type GarrisonRef struct {
	Building string
	Wall     string
	Floor    int
}

// Model is one model (a vehicle, a base of infantry, an aircraft on its
// stand, a ship, a single figure). Multi-figure units list their figures'
// positions in Figures, each standing on a copy of Base.
type Model struct {
	ID       string
	Side     string
	Squad    string
	Class    Class
	Position geom.Point
	Facing   s1.Angle
	Base     Base
	Hull     Hull
	Altitude float64 // height of the reference point of an aircraft/ship above the table; 0 on the ground
	Level    int     // height level it stands on; ground is 1, 0 means 1 (New derives it from the surface when 1 and checks any other value against it; see DeclaredLevel)
	Figures  []geom.Point
	Garrison *GarrisonRef
	// Elevation is the height above the table of the surface the model
	// stands on, when the file gives it; nil: New resolves it from the
	// terrain under the base (see Ground).
	Elevation *float64

	// stand is the surface New resolved and declared the Level the input
	// gave (valid when resolved is set): New replaces a default Level by
	// the level of the surface, and a model copied from a Battlefield into
	// another New is checked against its declared level, not the derived
	// one.
	stand    Surface
	declared int
	resolved bool
}

// Pose returns the model's position and facing.
func (m *Model) Pose() geom.Pose { return geom.Pose{Position: m.Position, Facing: m.Facing} }

// Airborne reports whether the model stands on a flight stand above the table.
func (m *Model) Airborne() bool { return m.Altitude > 0 }
