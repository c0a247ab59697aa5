package scenario_test

import (
	"fmt"
	"strings"

	"github.com/sightline/sightline/scenario"
)

func ExampleDecode() {
	f, err := scenario.Decode(strings.NewReader(`{"sightline": 1, "units": "cm",
	  "table": {"width": 121.92, "depth": 121.92},
	  "models": [{"id": "a", "class": "infantry", "position": [25.4, 50.8]}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Table.Width, f.Models[0].Position.X, f.Models[0].Position.Y, f.Ruleset)
	// Output: 48 10 20 generic
}

func ExampleDecode_error() {
	_, err := scenario.Decode(strings.NewReader(`{"sightline": 1, "table": {"width": 48, "depth": 48},
	  "terrain": [{"id": "h", "kind": "solid", "footprint": [[1,1],[2,1],[2,2]], "height": "3",
	   "sight": "blocking", "cover": "hard", "movement": "open"}]}`))
	fmt.Println(err)
	// Output: terrain[0].height: want a number, got string "3"
}

func ExampleDefault() {
	f := scenario.Default()
	fmt.Println(len(f.Pieces), len(f.Models), f.Queries[0].ID, f.Queries[0].Mode)
	// Output: 18 14 range-center center
}
