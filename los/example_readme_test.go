package los_test

import (
	"fmt"
	"log"

	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/scenario"
)

// Example_readme is the usage example of README.md; keep the two in sync.
func Example_readme() {
	f, err := scenario.DecodeBytes(scenario.DefaultJSON())
	if err != nil {
		log.Fatal(err)
	}
	bf := f.Battlefield()

	r, err := los.Range(bf, "sabre-1", "hunter-1", los.RangeCenter)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%.2f in\n", r.Distance)

	s, err := los.Sight(bf, "sabre-1", "hunter-1", los.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.Explain())
	// Output:
	// 34.30 in
	// hunter-1 is not visible (no part of its silhouette is seen); centre sightline blocked by sabre-2 at (8.00, 25.24, 0.40): the sightline passes 0.40 in below its top (0.80 in)
}
