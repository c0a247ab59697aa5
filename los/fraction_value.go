package los

import (
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// VisibleFractionValueFrom returns the Fraction of VisibleFractionFrom
// (same eye, target and options) and nothing else: it skips the
// witness, the silhouette and every occluder's share, and stops as soon
// as one occluder part covers the whole silhouette (as FractionMatrix
// does). For a caller that compares the fraction with a threshold many
// times, such as a movement search.
func VisibleFractionValueFrom(bf *terrain.Battlefield, eye geom.Vec3, targetID string, opt Options) (float64, error) {
	ti, ok := bf.ModelIndex(targetID)
	if !ok {
		return 0, errUnknown(bf, "target", targetID)
	}
	if !finiteVec(eye) {
		return 0, errNonFinite("eye", eye)
	}
	f := newFilter(bf, &opt, -1, ti, nil)
	sc := getScratch()
	defer putScratch(sc)
	return visibleFraction(bf, eye, ti, &f, sc, fracValue).Fraction, nil
}
