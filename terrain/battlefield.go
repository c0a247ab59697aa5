package terrain

import (
	"fmt"
	"math"
	"sort"

	"github.com/sightline/sightline/geom"
)

// Limits New enforces, so that absurd inputs are rejected with a message
// rather than exhausting time or memory.
const (
	// MaxTableSize is the largest table width or depth, in inches.
	MaxTableSize = 1000.0
	// MaxHeight is the largest piece height, model hull dimension, base
	// dimension or altitude, in inches.
	MaxHeight = 1000.0
	// MaxVertices is the largest number of vertices of one footprint
	// (all rings together), as geom.Polygon.Validate enforces.
	MaxVertices = geom.MaxVertices
	// MaxFigures is the largest number of figures of one model.
	MaxFigures = 1000
	// MaxLevel is the highest height level of a piece or model.
	MaxLevel = 100
)

// CircleChordError is the largest distance, in inches, by which the
// polygon New stores in Footprint for a circular piece strays outside the
// circle (the polygon is circumscribed: it contains the whole disc).
const CircleChordError = 0.005

// WallTolerance is how far, in inches, a window or entrance may lie from
// its wall's segment on the plan and still count as on the wall (rounding
// of points computed along the wall).
const WallTolerance = 1e-9

// Battlefield is a validated, indexed table: the table, its terrain pieces
// and the models on it. It is immutable after New and safe for concurrent
// use. Slices and pointers its accessors return are shared with it and
// must be treated as read-only.
type Battlefield struct {
	table      Table
	pieces     []Piece
	models     []Model
	pieceIdx   map[string]int
	modelIdx   map[string]int
	squads     map[string][]int
	squadNames []string
	pieceBoxes []box3
	modelBoxes []box3
	index      index
	pieceIndex index          // the pieces alone, for models' ground (see placeModel)
	occluders  *occluderState // see Occluders
}

// New validates the table, pieces and models as a whole and returns the
// indexed Battlefield. It deep-copies its inputs, so the caller may reuse
// them, and stores footprints normalised (counter-clockwise outer ring,
// clockwise holes); a piece with a Circle gets Footprint replaced by the
// circle's circumscribed polygon (see CircleChordError; a Footprint given
// alongside a Circle is ignored).
//
// The first problem found, in input order, is returned as a *FieldError
// whose Path follows the scenario file ("table.width", "terrain[3].footprint",
// "models[2].garrison.wall") and which wraps one of the Err* sentinels.
//
// Policies (the scenario layer fills defaults before calling New):
//   - ids are non-empty and unique across pieces and models together;
//   - Kind, Sight and Cover must be set to known values; a MovementRule's
//     empty Default means Open (as MovementRule.For says), ByClass keys and
//     values must be known;
//   - Level must be in [1, MaxLevel] for pieces and models (0 is rejected,
//     not defaulted); buildings need Floors >= 1;
//   - a piece lies on the table when every footprint vertex (or, for a
//     circle, the whole disc) is in the closed table rectangle;
//   - a model is on the table when its Position and every figure position
//     are (its base may overhang the edge);
//   - only a building piece may carry BuildingInfo; a building without one
//     gets &BuildingInfo{Floors: 1};
//   - walls' From and To lie exactly on the footprint boundary (only the
//     end points are checked), From != To, windows and
//     entrances within WallTolerance of the wall on the plan, windows at
//     heights in [0, Height];
//   - only Infantry and Figure models garrison, never airborne ones, in a
//     building piece, on one of its walls if Wall is not empty, on one of
//     its floors (how many a building holds is left to the ruleset:
//     BuildingInfo.Garrison);
//   - every model gets its ground (Model.Ground, Model.Stand): a
//     garrison's floor; a given Elevation, which must not lie inside a
//     solid piece or between a building's floors under its Position
//     (ErrBuried) nor on a roof models may not stand on; for an airborne
//     model the surface under its stand, which its Altitude must not be
//     below; otherwise the surface under its base by the Straddle rule
//     (Table.Straddle; default StraddleCenter). Old files without
//     elevations thus put a model on a hill on the hill's top.
func New(table Table, pieces []Piece, models []Model) (*Battlefield, error) {
	if err := checkTable(table); err != nil {
		return nil, err
	}
	bf := &Battlefield{
		table:    table,
		pieces:   make([]Piece, len(pieces)),
		models:   make([]Model, len(models)),
		pieceIdx: make(map[string]int, len(pieces)),
		modelIdx: make(map[string]int, len(models)),
		squads:   make(map[string][]int),

		occluders: new(occluderState),
	}
	for i := range pieces {
		path := fmt.Sprintf("terrain[%d]", i)
		p, err := checkPiece(path, &pieces[i], table)
		if err != nil {
			return nil, err
		}
		if j, ok := bf.pieceIdx[p.ID]; ok {
			return nil, fieldErr(path+".id", ErrDuplicateID, "duplicate id %q (also terrain[%d])", p.ID, j)
		}
		if p.parts, err = geom.ConvexPieces(p.Footprint); err != nil {
			return nil, fieldCause(path+".footprint", ErrInvalidGeometry, err)
		}
		bf.pieceIdx[p.ID] = i
		bf.pieces[i] = p
	}
	bf.buildPieceIndex()
	for i := range models {
		path := fmt.Sprintf("models[%d]", i)
		m, err := checkModel(path, &models[i], table)
		if err != nil {
			return nil, err
		}
		if j, ok := bf.pieceIdx[m.ID]; ok {
			return nil, fieldErr(path+".id", ErrDuplicateID, "duplicate id %q (also terrain[%d])", m.ID, j)
		}
		if j, ok := bf.modelIdx[m.ID]; ok {
			return nil, fieldErr(path+".id", ErrDuplicateID, "duplicate id %q (also models[%d])", m.ID, j)
		}
		if err := bf.checkGarrison(path, &m); err != nil {
			return nil, err
		}
		if err := bf.resolveGround(path, &m); err != nil {
			return nil, err
		}
		bf.modelIdx[m.ID] = i
		bf.models[i] = m
		if m.Squad != "" {
			if _, ok := bf.squads[m.Squad]; !ok {
				bf.squadNames = append(bf.squadNames, m.Squad)
			}
			bf.squads[m.Squad] = append(bf.squads[m.Squad], i)
		}
	}
	sort.Strings(bf.squadNames)
	bf.buildIndex()
	return bf, nil
}

// buildPieceIndex fills pieceBoxes and indexes the pieces alone, for the
// ground of the models (buildIndex then indexes everything).
func (bf *Battlefield) buildPieceIndex() {
	bf.pieceBoxes = make([]box3, len(bf.pieces))
	for i := range bf.pieces {
		bf.pieceBoxes[i] = pieceBox(&bf.pieces[i])
	}
	bf.pieceIndex = buildIndex(nil, bf.pieceBoxes, nil)
	bf.index = bf.pieceIndex
}

// pieceBox is the box the index keeps for a piece.
func pieceBox(p *Piece) box3 {
	r := p.Footprint.Bound()
	if p.Circle != nil {
		r = r.Union(p.Circle.Bound())
	}
	top := p.Height
	if p.Kind == Smoke || p.Sight == SightBlocking && p.Height == 0 {
		// Smoke blocks at every height, and so does a flat blocking
		// marker of a 2D game (a planet disc): their boxes have no top.
		top = math.Inf(1)
	}
	return rectBox(r, 0, top)
}

func (bf *Battlefield) buildIndex() {
	bf.modelBoxes = make([]box3, len(bf.models))
	for i := range bf.models {
		bf.modelBoxes[i] = bf.models[i].indexBox()
	}
	bf.index = buildIndex(nil, bf.pieceBoxes, bf.modelBoxes)
}

// Table returns the table.
func (bf *Battlefield) Table() Table { return bf.table }

// Pieces returns the terrain pieces in input order. The slice is shared:
// read-only.
func (bf *Battlefield) Pieces() []Piece { return bf.pieces }

// Models returns the models in input order. The slice is shared: read-only.
func (bf *Battlefield) Models() []Model { return bf.models }

// Piece returns the piece with the given id (read-only) and whether there
// is one.
func (bf *Battlefield) Piece(id string) (*Piece, bool) {
	i, ok := bf.pieceIdx[id]
	if !ok {
		return nil, false
	}
	return &bf.pieces[i], true
}

// Model returns the model with the given id (read-only) and whether there
// is one.
func (bf *Battlefield) Model(id string) (*Model, bool) {
	i, ok := bf.modelIdx[id]
	if !ok {
		return nil, false
	}
	return &bf.models[i], true
}

// PieceIndex returns the index in Pieces() of the piece with the given id
// and whether there is one.
func (bf *Battlefield) PieceIndex(id string) (int, bool) {
	i, ok := bf.pieceIdx[id]
	return i, ok
}

// ModelIndex returns the index in Models() of the model with the given id
// and whether there is one.
func (bf *Battlefield) ModelIndex(id string) (int, bool) {
	i, ok := bf.modelIdx[id]
	return i, ok
}

// Squad returns the indices in Models() of the models of the named squad,
// in input order (nil for an unknown squad or ""). The slice is shared:
// read-only.
func (bf *Battlefield) Squad(name string) []int { return bf.squads[name] }

// Squads returns the names of all squads, sorted. The slice is shared:
// read-only.
func (bf *Battlefield) Squads() []string { return bf.squadNames }
