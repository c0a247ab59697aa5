package los

import (
	"fmt"
	"math"
	"sort"

	"github.com/sightline/sightline/terrain"
)

// Bands turns a visible fraction into a band index: with edges e0 < e1 <
// … < ek-1 there are k+1 bands, band 0 below e0 and band k above ek-1 (for
// example edges 0.10 and 0.50 give "hidden", "partly hidden" and "clear").
// Inclusive decides a fraction on an edge: Inclusive[i] true puts edge i in
// the band below it (the band's upper end is closed, "up to and
// including"), false in the band above it. A nil Inclusive means every edge
// belongs to the band above. Tolerance (>= 0) widens each edge: a fraction
// within Tolerance of an edge counts as on it, which absorbs the rounding
// of a measured fraction meant to sit on an edge; 0 compares exactly. The
// zero value has one band. Bands values are read-only once built.
type Bands struct {
	Edges     []float64 `json:"edges"`
	Inclusive []bool    `json:"inclusive,omitempty"`
	Tolerance float64   `json:"tolerance,omitempty"`
}

// Validate reports why the bands are unusable, or nil: edges must be
// finite, strictly increasing and more than twice Tolerance apart,
// Inclusive empty or as long as Edges, and Tolerance finite and not
// negative.
func (b Bands) Validate() error {
	if !(b.Tolerance >= 0) || math.IsInf(b.Tolerance, 0) {
		return fmt.Errorf("los: bands.tolerance = %v is not a finite length >= 0: %w", b.Tolerance, terrain.ErrInvalidValue)
	}
	for i, e := range b.Edges {
		if math.IsNaN(e) || math.IsInf(e, 0) {
			return fmt.Errorf("los: bands.edges[%d] = %v is not finite: %w", i, e, terrain.ErrInvalidValue)
		}
		if i > 0 && !(e-b.Edges[i-1] > 2*b.Tolerance) {
			return fmt.Errorf("los: bands.edges[%d] = %v does not increase on %v by more than twice the tolerance: %w", i, e, b.Edges[i-1], terrain.ErrInvalidValue)
		}
	}
	if len(b.Inclusive) != 0 && len(b.Inclusive) != len(b.Edges) {
		return fmt.Errorf("los: bands.inclusive has %d entries for %d edges: %w", len(b.Inclusive), len(b.Edges), terrain.ErrInvalidValue)
	}
	return nil
}

// Band returns the index, in [0, len(Edges)], of the band holding the
// fraction f. A NaN fraction gives -1.
func (b Bands) Band(f float64) int {
	if math.IsNaN(f) {
		return -1
	}
	// First edge not below f by more than the tolerance; an edge within it
	// moves f up unless the edge is inclusive.
	i := sort.Search(len(b.Edges), func(i int) bool { return b.Edges[i]-b.Tolerance > f })
	if i > 0 && f-b.Edges[i-1] <= b.Tolerance && i-1 < len(b.Inclusive) && b.Inclusive[i-1] {
		i--
	}
	return i
}
