package render

import (
	"errors"
	"fmt"
	"math"
)

// ErrOptions is wrapped by every error about a bad Options value.
var ErrOptions = errors.New("render: invalid option")

// ErrInput is wrapped by every error about bad input data (a nil
// battlefield, a non-finite or absurd coordinate in an overlay).
var ErrInput = errors.New("render: invalid input")

// DefaultPxPerInch is the resolution used when Options.PxPerInch is 0.
const DefaultPxPerInch = 20

// MaxPxPerInch is the largest accepted resolution.
const MaxPxPerInch = 400

// MaxPixels bounds the area of any image this package draws (width times
// height), so that an absurd table size or resolution is an error rather
// than an out-of-memory failure. 64 Mpx is a 48 x 48 in table at 160 px/in.
const MaxPixels = 64 << 20

// MaxProfileLength bounds both extents of a profile, the ground track and
// the height drawn (ZMax), in inches: about fourteen times the diagonal of
// a 6 x 4 ft table, so no sightline of a game comes near it, while a track
// thousands of inches long (ends far off the table) or an eye thousands of
// inches up is an error naming the sightline's ends rather than a strip of
// tens of thousands of pixels that takes seconds to draw.
const MaxProfileLength = 1000

// Options are the few knobs of a picture. The zero value is the documented
// default: 20 px per inch, legend, grid, scale bar, model and piece labels.
type Options struct {
	// PxPerInch is the resolution of the plan and of the profile (both axes
	// use the same scale, so angles are true). 0 means DefaultPxPerInch;
	// otherwise it must be in (0, MaxPxPerInch].
	PxPerInch float64

	// Title is drawn above the picture; empty means none (the top margin
	// stays, for a consistent layout).
	Title string

	// NoLegend drops the legend panel on the right (the image is then
	// LegendWidth pixels narrower).
	NoLegend bool

	// NoGrid drops the inch grid and its labels.
	NoGrid bool

	// NoLabels drops all model and piece id labels.
	NoLabels bool

	// NoPieceLabels drops piece id labels only.
	NoPieceLabels bool

	// Highlight lists model or piece ids drawn with a thick outline, for
	// example the shooter and the target of a query.
	Highlight []string
}

// ppi returns the effective resolution.
func (o Options) ppi() float64 {
	if o.PxPerInch == 0 {
		return DefaultPxPerInch
	}
	return o.PxPerInch
}

// validate reports why o is unusable, naming the field and value.
func (o Options) validate() error {
	p := o.PxPerInch
	if math.IsNaN(p) || math.IsInf(p, 0) || p < 0 || p > MaxPxPerInch {
		return fmt.Errorf("%w: PxPerInch = %v, want 0 (default) or in (0, %d]", ErrOptions, p, MaxPxPerInch)
	}
	if len(o.Highlight) > 1000 {
		return fmt.Errorf("%w: Highlight has %d ids, want at most 1000", ErrOptions, len(o.Highlight))
	}
	if len(o.Title) > 1000 {
		return fmt.Errorf("%w: Title has %d bytes, want at most 1000", ErrOptions, len(o.Title))
	}
	return nil
}

// highlighted reports whether id is in o.Highlight.
func (o Options) highlighted(id string) bool {
	for _, h := range o.Highlight {
		if h == id {
			return true
		}
	}
	return false
}
