package render

import (
	"fmt"

	"github.com/sightline/sightline/geom"
)

// Region shades square cells of the table: the region a search tested
// (for example the end points a gain-sight search looked at). Cells are
// given by their centres; Size is their side in inches.
type Region struct {
	Cells []geom.Point
	Size  float64
	Label string
}

// Ghost is a model's footprint at a pose it does not hold on the table
// (where a move would end), drawn as a dashed outline with a facing tick.
type Ghost struct {
	Shape  geom.Convex
	Facing float64 // degrees counter-clockwise from +x
	Label  string
}

func (Region) sheetPart() {}
func (Ghost) sheetPart()  {}

func (Region) layer() int { return 0 }
func (Ghost) layer() int  { return 1 }

func (r Region) check() error {
	if len(r.Cells) > maxOverlayPoints {
		return fmt.Errorf("%w: region has %d cells, want at most %d", ErrInput, len(r.Cells), maxOverlayPoints)
	}
	if err := checkLen("Region.Size", r.Size); err != nil {
		return err
	}
	for i, p := range r.Cells {
		if err := checkPt(fmt.Sprintf("Region.Cells[%d]", i), p); err != nil {
			return err
		}
	}
	return nil
}

func (g Ghost) check() error {
	if g.Shape == nil {
		return fmt.Errorf("%w: ghost without a shape", ErrInput)
	}
	b := g.Shape.Bound()
	if err := checkPt("Ghost.Shape.Lo", geom.Pt(b.X.Lo, b.Y.Lo)); err != nil {
		return err
	}
	if err := checkPt("Ghost.Shape.Hi", geom.Pt(b.X.Hi, b.Y.Hi)); err != nil {
		return err
	}
	if !finite(g.Facing) {
		return fmt.Errorf("%w: Ghost.Facing = %v", ErrInput, g.Facing)
	}
	return nil
}
