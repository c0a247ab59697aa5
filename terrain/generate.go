package terrain

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
)

// GenerateOptions sets the size of a generated table.
type GenerateOptions struct {
	Width, Depth float64 // table size in inches; outside (0, MaxTableSize] means 48
	Pieces       int     // terrain pieces wanted; fewer when they do not fit (at most 10000)
	Models       int     // models wanted; fewer when they do not fit (at most 10000)
}

// DefaultGenerate returns the reference table used by every benchmark in the
// project: 48 x 48 in, up to 50 pieces and 60 models.
func DefaultGenerate() GenerateOptions {
	return GenerateOptions{Width: 48, Depth: 48, Pieces: 50, Models: 60}
}

// generation limits
const (
	maxGenerated     = 10000
	placementRetries = 100
	pieceGap         = 0.5 // clear space between non-smoke pieces, inches
)

// Generate returns a random but plausible table, the same for the same seed
// and options: non-overlapping buildings (rectangles and L-shapes, 2–8 in
// tall, with floors, walls, windows and entrances), woods (irregular
// concealing, difficult polygons 0–4 in tall), hills (solid, 1–2 in, level
// 2 or 3), low walls (thin solid rectangles), smoke circles, and squads of
// vehicles, skimmers, infantry (some garrisoned), walkers, multi-figure
// units and aircraft at altitude 2 or 6, placed clear of buildings, walls
// and each other. Every result passes New.
func Generate(seed int64, opt GenerateOptions) (table Table, pieces []Piece, models []Model) {
	if !(opt.Width > 0 && opt.Width <= MaxTableSize) {
		opt.Width = 48
	}
	if !(opt.Depth > 0 && opt.Depth <= MaxTableSize) {
		opt.Depth = 48
	}
	opt.Pieces = min(max(opt.Pieces, 0), maxGenerated)
	opt.Models = min(max(opt.Models, 0), maxGenerated)
	g := &generator{
		rng:   rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15)),
		table: Table{Width: opt.Width, Depth: opt.Depth},
	}
	g.pieces(opt.Pieces)
	g.models(opt.Models)
	return g.table, g.out, g.mods
}

// GenerateBattlefield is New applied to Generate's result.
func GenerateBattlefield(seed int64, opt GenerateOptions) (*Battlefield, error) {
	t, p, m := Generate(seed, opt)
	return New(t, p, m)
}

type genBuilding struct {
	index    int        // into out
	interior geom.Point // a point well inside
	capacity int        // remaining garrison places
}

type generator struct {
	rng       *rand.Rand
	table     Table
	out       []Piece
	mods      []Model
	occupied  []geom.Rect // bounds of non-smoke pieces, grown by pieceGap
	blockers  []geom.Rect // bounds of buildings and walls, which models avoid
	modelRect []geom.Rect
	buildings []genBuilding
	counts    map[string]int
}

func (g *generator) uniform(lo, hi float64) float64 { return lo + (hi-lo)*g.rng.Float64() }

// grid rounds x to a multiple of step.
func grid(x, step float64) float64 { return math.Round(x/step) * step }

func (g *generator) nextID(prefix string) string {
	if g.counts == nil {
		g.counts = make(map[string]int)
	}
	g.counts[prefix]++
	return fmt.Sprintf("%s-%d", prefix, g.counts[prefix])
}

// fits reports whether r lies on the table and clear of occupied space.
func (g *generator) fits(r geom.Rect) bool {
	if r.X.Lo < 0 || r.Y.Lo < 0 || r.X.Hi > g.table.Width || r.Y.Hi > g.table.Depth {
		return false
	}
	for _, o := range g.occupied {
		if o.Intersects(r) {
			return false
		}
	}
	return true
}

func grow(r geom.Rect, d float64) geom.Rect { return r.ExpandedByMargin(d) }

func (g *generator) pieces(n int) {
	makers := []struct {
		weight float64
		try    func() bool
	}{{0.35, g.building}, {0.2, g.wood}, {0.1, g.hill}, {0.25, g.lowWall}, {0.1, g.smoke}}
	for range n {
		u := g.rng.Float64()
		k := 0
		for k < len(makers)-1 && u >= makers[k].weight {
			u -= makers[k].weight
			k++
		}
		placed := false
		for range placementRetries {
			if placed = makers[k].try(); placed {
				break
			}
		}
		// A crowded table falls back to a low wall, then to smoke, which
		// may overlap anything.
		for range placementRetries {
			if placed {
				break
			}
			placed = g.lowWall()
		}
		if !placed {
			g.smoke()
		}
	}
}

func (g *generator) place(p Piece, blocks bool) {
	r := p.Footprint.Bound()
	g.occupied = append(g.occupied, grow(r, pieceGap))
	if blocks {
		g.blockers = append(g.blockers, r)
	}
	g.out = append(g.out, p)
}

func (g *generator) building() bool {
	w, d := grid(g.uniform(3, 7), 0.25), grid(g.uniform(3, 7), 0.25)
	x0 := grid(g.uniform(0, g.table.Width-w), 0.25)
	y0 := grid(g.uniform(0, g.table.Depth-d), 0.25)
	x1, y1 := x0+w, y0+d
	r := geom.RectFromPoints(geom.Pt(x0, y0), geom.Pt(x1, y1))
	if !g.fits(grow(r, pieceGap)) {
		return false
	}
	var ring geom.Ring
	var names []string
	interior := geom.Pt(x0+1, y0+1) // every leg is at least 1.5 in wide
	if g.rng.IntN(5) < 2 {
		// L-shape: the north-east corner notched out.
		xm := grid(g.uniform(x0+1.5, x1-1.5), 0.25)
		ym := grid(g.uniform(y0+1.5, y1-1.5), 0.25)
		ring = geom.Ring{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: ym}, {X: xm, Y: ym}, {X: xm, Y: y1}, {X: x0, Y: y1}}
		names = []string{"south", "east", "north-east", "east-inner", "north", "west"}
	} else {
		ring = geom.Ring{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
		names = []string{"south", "east", "north", "west"}
	}
	height := grid(g.uniform(2, 8), 0.5)
	floors := 1 + int(height/3)
	info := &BuildingInfo{Floors: floors, Roof: g.rng.IntN(2) == 0}
	if g.rng.IntN(2) == 0 {
		info.Garrison = 2 + g.rng.IntN(3)
	}
	fh := height / float64(floors)
	for i, name := range names {
		a, b := ring[i], ring[(i+1)%len(ring)]
		wall := Wall{ID: name, From: a, To: b}
		if geom.Seg(a, b).Length() >= 2 {
			mid := geom.Pt((a.X+b.X)/2, (a.Y+b.Y)/2)
			for f := range floors {
				wall.Windows = append(wall.Windows, geom.Lift(mid, fh*(float64(f)+0.5)))
			}
			if i == 0 {
				wall.Entrances = []geom.Point{mid}
			}
		}
		info.Walls = append(info.Walls, wall)
	}
	id := g.nextID("house")
	g.buildings = append(g.buildings, genBuilding{index: len(g.out), interior: interior, capacity: info.Garrison})
	if info.Garrison == 0 {
		g.buildings[len(g.buildings)-1].capacity = 3
	}
	g.place(Piece{
		ID: id, Kind: Building, Footprint: geom.Polygon{Outer: ring}, Height: height,
		Sight: SightBlocking, Cover: CoverHard, Movement: MovementRule{Default: Impassable},
		Level: 1, Building: info,
	}, true)
	return true
}

// star returns a star-shaped ring around c: n vertices at increasing
// angles with radii in [lo*r, r], so it is simple and within r of c.
func (g *generator) star(c geom.Point, r, lo float64, n int) geom.Ring {
	ring := make(geom.Ring, n)
	step := 2 * math.Pi / float64(n)
	for i := range ring {
		a := step*float64(i) + g.uniform(-0.35, 0.35)*step
		rad := r * g.uniform(lo, 1)
		ring[i] = geom.Pt(c.X+rad*math.Cos(a), c.Y+rad*math.Sin(a))
	}
	return ring
}

func (g *generator) blob(minR, maxR float64) (geom.Point, float64, bool) {
	r := g.uniform(minR, maxR)
	if 2*r > g.table.Width || 2*r > g.table.Depth {
		return geom.Point{}, 0, false
	}
	c := geom.Pt(g.uniform(r, g.table.Width-r), g.uniform(r, g.table.Depth-r))
	box := geom.RectFromPoints(geom.Pt(c.X-r, c.Y-r), geom.Pt(c.X+r, c.Y+r))
	return c, r, g.fits(grow(box, pieceGap))
}

func (g *generator) wood() bool {
	c, r, ok := g.blob(2, 4.5)
	if !ok {
		return false
	}
	ring := g.star(c, r, 0.55, 7+g.rng.IntN(6))
	g.place(Piece{
		ID: g.nextID("wood"), Kind: Area, Footprint: geom.Polygon{Outer: ring},
		Height: grid(g.uniform(0, 4), 0.5), Sight: SightConcealing, Cover: CoverSoft,
		Movement: MovementRule{Default: Difficult}, Level: 1,
	}, false)
	return true
}

func (g *generator) hill() bool {
	c, r, ok := g.blob(3, 6)
	if !ok {
		return false
	}
	ring := g.star(c, r, 0.8, 8+g.rng.IntN(5))
	g.place(Piece{
		ID: g.nextID("hill"), Kind: Solid, Footprint: geom.Polygon{Outer: ring},
		Height: grid(g.uniform(1, 2), 0.25), Sight: SightBlocking, Cover: CoverNone,
		Movement: MovementRule{Default: Open}, Level: 2 + g.rng.IntN(2),
	}, false)
	return true
}

func (g *generator) lowWall() bool {
	l := grid(g.uniform(3, 6), 0.5)
	c := geom.Pt(g.uniform(0, g.table.Width), g.uniform(0, g.table.Depth))
	rect := geom.OrientedRect{Center: c, Length: l, Width: 0.25, Angle: s1.Angle(g.rng.IntN(12)) * 15 * s1.Degree}
	ring := rect.Ring()
	if !g.fits(grow(ring.Bound(), pieceGap)) {
		return false
	}
	g.place(Piece{
		ID: g.nextID("wall"), Kind: Solid, Footprint: geom.Polygon{Outer: ring},
		Height: grid(g.uniform(0.5, 1), 0.25), Sight: SightBlocking, Cover: CoverHard,
		Movement: MovementRule{Default: Difficult, ByClass: map[Class]Movement{Vehicle: Impassable, Walker: Impassable}},
		Level:    1,
	}, true)
	return true
}

func (g *generator) smoke() bool {
	r := g.uniform(1, 2.5)
	if 2*r > g.table.Width || 2*r > g.table.Depth {
		return false
	}
	c := geom.Circle{Center: geom.Pt(g.uniform(r, g.table.Width-r), g.uniform(r, g.table.Depth-r)), Radius: r}
	g.out = append(g.out, Piece{
		ID: g.nextID("smoke"), Kind: Smoke, Circle: &c, Footprint: geom.Polygon{Outer: c.Polygon(CircleChordError)},
		Sight: SightConcealing, Cover: CoverSoft, Movement: MovementRule{Default: Open}, Level: 1,
	})
	return true
}

// squadKind describes one kind of generated squad.
type squadKind struct {
	prefix   string
	class    Class
	minN     int
	maxN     int
	base     Base
	hull     Hull
	figures  int
	altitude bool
}

var squadKinds = []squadKind{
	{prefix: "tank", class: Vehicle, minN: 2, maxN: 3, hull: Hull{Length: 2, Width: 1.2, Height: 0.8}},
	{prefix: "skimmer", class: Skimmer, minN: 2, maxN: 3, base: Base{Shape: BaseOval, Length: 1.5, Width: 1}, hull: Hull{Length: 1.8, Width: 1, Height: 0.7}},
	{prefix: "rifles", class: Infantry, minN: 3, maxN: 5, base: Base{Shape: BaseCircle, Diameter: 1}, hull: Hull{Height: 0.9}},
	{prefix: "walker", class: Walker, minN: 1, maxN: 1, base: Base{Shape: BaseCircle, Diameter: 1.6}, hull: Hull{Height: 2.2}},
	{prefix: "team", class: Infantry, minN: 1, maxN: 2, base: Base{Shape: BaseCircle, Diameter: 0.8}, hull: Hull{Height: 0.9}, figures: 5},
	{prefix: "gunship", class: Aircraft, minN: 2, maxN: 2, base: Base{Shape: BaseRect, Length: 1.2, Width: 1.2}, hull: Hull{Length: 2.5, Width: 2, Height: 0.6}, altitude: true},
}

func (g *generator) models(n int) {
	for sq := 0; len(g.mods) < n && sq < n; sq++ {
		k := squadKinds[g.rng.IntN(len(squadKinds))]
		name := g.nextID(k.prefix)
		side := [2]string{"red", "blue"}[sq%2]
		size := min(k.minN+g.rng.IntN(k.maxN-k.minN+1), n-len(g.mods))
		anchor := geom.Pt(g.uniform(0, g.table.Width), g.uniform(0, g.table.Depth))
		altitude := 0.0
		if k.altitude {
			altitude = [2]float64{2, 6}[g.rng.IntN(2)]
		}
		garrison := k.class == Infantry && k.figures == 0 && len(g.buildings) > 0 && g.rng.IntN(2) == 0
		for j := range size {
			m := Model{
				ID: fmt.Sprintf("%s-%d", name, j+1), Side: side, Squad: name, Class: k.class,
				Facing: s1.Angle(g.rng.IntN(72)) * 5 * s1.Degree, Base: k.base, Hull: k.hull,
				Altitude: altitude, Level: 1,
			}
			if garrison && j == 0 {
				b := &g.buildings[g.rng.IntN(len(g.buildings))]
				if b.capacity > 0 {
					b.capacity--
					bp := &g.out[b.index]
					m.Position = b.interior
					m.Garrison = &GarrisonRef{Building: bp.ID, Wall: bp.Building.Walls[g.rng.IntN(len(bp.Building.Walls))].ID}
					g.mods = append(g.mods, m)
					continue
				}
			}
			g.placeModel(m, anchor, k.figures)
		}
	}
}

// placeModel tries spots near anchor for m (and its figures) clear of
// buildings, walls, the table edge and other models; it drops the model
// when none is found.
func (g *generator) placeModel(m Model, anchor geom.Point, figures int) {
	for range placementRetries {
		m.Position = geom.Pt(anchor.X+g.uniform(-4, 4), anchor.Y+g.uniform(-4, 4))
		m.Figures = nil
		for f := range figures {
			// a loose chain of figures about 0.9 in apart
			a := 2 * math.Pi * float64(f) / float64(figures)
			m.Figures = append(m.Figures, geom.Pt(m.Position.X+0.9*math.Cos(a), m.Position.Y+0.9*math.Sin(a)))
		}
		r := m.indexBox()
		rect := geom.RectFromPoints(geom.Pt(r.lo[0], r.lo[1]), geom.Pt(r.hi[0], r.hi[1]))
		if rect.X.Lo < 0 || rect.Y.Lo < 0 || rect.X.Hi > g.table.Width || rect.Y.Hi > g.table.Depth {
			continue
		}
		clear := true
		for _, o := range g.blockers {
			if o.Intersects(rect) {
				clear = false
				break
			}
		}
		for _, o := range g.modelRect {
			if !clear {
				break
			}
			if o.Intersects(rect) {
				clear = false
			}
		}
		if clear {
			g.modelRect = append(g.modelRect, rect)
			g.mods = append(g.mods, m)
			return
		}
	}
}
