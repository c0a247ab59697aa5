package los

import (
	"fmt"
	"math"
	"sort"

	"github.com/sightline/sightline/terrain"
)

// Bands turns a visible fraction into a band index: with edges e0 < e1 <
// … < ek-1 there are k+1 bands, band 0 below e0 and band k above ek-1
// (DZC-18 uses edges 0.10 and 0.50: below 10 % out of sight, 10–50 % in
// cover, above 50 % clear). Inclusive decides a fraction exactly on an edge:
// Inclusive[i] true puts edge i in the band below it (the band's upper end
// is closed, "up to and including"), false in the band above it. A nil
// Inclusive means every edge belongs to the band above. The zero value has
// one band. Bands values are read-only once built.
type Bands struct {
	Edges     []float64 `json:"edges"`
	Inclusive []bool    `json:"inclusive,omitempty"`
}

// Validate reports why the bands are unusable, or nil: edges must be finite,
// strictly increasing, and Inclusive empty or as long as Edges.
func (b Bands) Validate() error {
	for i, e := range b.Edges {
		if math.IsNaN(e) || math.IsInf(e, 0) {
			return fmt.Errorf("los: bands.edges[%d] = %v is not finite: %w", i, e, terrain.ErrInvalidValue)
		}
		if i > 0 && !(e > b.Edges[i-1]) {
			return fmt.Errorf("los: bands.edges[%d] = %v does not increase on %v: %w", i, e, b.Edges[i-1], terrain.ErrInvalidValue)
		}
	}
	if len(b.Inclusive) != 0 && len(b.Inclusive) != len(b.Edges) {
		return fmt.Errorf("los: bands.inclusive has %d entries for %d edges: %w", len(b.Inclusive), len(b.Edges), terrain.ErrInvalidValue)
	}
	return nil
}

// Band returns the index, in [0, len(Edges)], of the band holding the
// fraction f (compared exactly, no tolerance). A NaN fraction gives -1.
func (b Bands) Band(f float64) int {
	if math.IsNaN(f) {
		return -1
	}
	// First edge strictly above f; an edge equal to f moves f up unless it
	// is inclusive.
	i := sort.Search(len(b.Edges), func(i int) bool { return b.Edges[i] > f })
	if i > 0 && b.Edges[i-1] == f && i-1 < len(b.Inclusive) && b.Inclusive[i-1] {
		i--
	}
	return i
}

// DZCBands are the Dropzone Commander thresholds (DZC-18): band 0 below
// 10 % (out of sight), band 1 from 10 % to 50 % inclusive (in cover), band
// 2 above 50 % (clear). 10.0 % and 50.0 % are both cover, so 0.10 belongs
// to the band above it and 0.50 to the band below it.
var DZCBands = Bands{Edges: []float64{0.10, 0.50}, Inclusive: []bool{false, true}}
