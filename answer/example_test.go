package answer_test

import (
	"fmt"
	"log"

	"github.com/sightline/sightline/answer"
	"github.com/sightline/sightline/scenario"
)

// ExampleRun answers the queries of a small scenario, as `sightline check`
// does: two tanks 20 in apart with a 3 in house between them. (Facing hull
// edges are parallel, so any pair across them is closest; the corner pair
// is reported.)
func ExampleRun() {
	f, err := scenario.DecodeBytes([]byte(`{
	  "sightline": 1,
	  "table": {"width": 24, "depth": 12},
	  "terrain": [{"id": "house", "kind": "building", "footprint": [[10, 2], [14, 2], [14, 6], [10, 6]],
	               "height": 3, "sight": "blocking", "cover": "hard", "movement": "impassable"}],
	  "models": [
	    {"id": "a", "class": "vehicle", "position": [2, 4], "hull": {"length": 2, "width": 1, "height": 1}},
	    {"id": "b", "class": "vehicle", "position": [22, 4], "facing": 180, "hull": {"length": 2, "width": 1, "height": 1}}
	  ],
	  "queries": [
	    {"id": "how-far", "kind": "range", "from": "a", "to": "b", "mode": "edge"},
	    {"id": "can-see", "kind": "sight", "from": "a", "to": "b"}
	  ]}`))
	if err != nil {
		log.Fatal(err)
	}
	answers, errs := answer.Run(f)
	if len(errs) > 0 {
		log.Fatal(errs)
	}
	for _, a := range answers {
		fmt.Println(a.Explanation)
	}
	// Output:
	// range a -> b: 18.00 in edge to edge, from (3.00, 3.50) to (21.00, 3.50)
	// b is not visible (no part of its silhouette is seen); centre sightline blocked by house at (10.00, 4.00, 0.50): the sightline passes 2.50 in below its top (3.00 in)
}
