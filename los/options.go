package los

import (
	"slices"

	"github.com/sightline/sightline/terrain"
)

// Options are the caller's choices for a sight query. The zero value is the
// documented default: terrain and smoke block, models of every class except
// aircraft block (DefaultBlockingClasses), the shooter and target never block their own sightline,
// and grazing contact does not block.
type Options struct {
	// GrazingBlocks flips the touching policy: when false (default) a
	// sightline that only touches an occluder's surface (meets it in a
	// set of zero length: along an edge, through a vertex, skimming a roof
	// exactly) is clear and reported as grazing; when true such contact
	// blocks.
	GrazingBlocks bool

	// ModelsBlock selects which model classes occlude; nil means
	// DefaultBlockingClasses.
	ModelsBlock []terrain.Class

	// IgnoreModels disables model occlusion entirely.
	IgnoreModels bool

	// Exclude lists ids (pieces or models) that never block this query, in
	// addition to the shooter and the target.
	Exclude []string

	// ThroughOwnSquad is how many models of the shooter's own squad a
	// sightline may pass through before they block (0: they block like any
	// other model). A negative count counts no model, like 0; the options
	// of a scenario file reject it (rulesets/generic, "throughOwnSquad").
	ThroughOwnSquad int

	// ConcealingBlocks makes concealing area terrain (woods, fields with
	// sight "concealing") block like solid terrain up to its height. By
	// default concealing terrain does not block here: rulesets read the
	// crossing depths from AreaCrossings and apply their own rule.
	ConcealingBlocks bool

	// IgnoreSmoke makes smoke transparent (default: smoke blocks at every
	// height).
	IgnoreSmoke bool
}

// DefaultBlockingClasses returns the model classes that occlude when
// Options.ModelsBlock is nil, as a fresh slice: every class standing on
// the table. Airborne models are single points and never occlude.
func DefaultBlockingClasses() []terrain.Class { return slices.Clone(defaultBlocking[:]) }

// defaultBlocking is what DefaultBlockingClasses returns (read-only).
var defaultBlocking = [...]terrain.Class{
	terrain.Infantry, terrain.Vehicle, terrain.Walker, terrain.Skimmer, terrain.Figure,
}
