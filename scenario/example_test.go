package scenario_test

import (
	"encoding/json"
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

func ExampleDecodeValue() {
	// A game's weapon, as written in a file measured in centimetres.
	type weapon struct {
		Name  string          `json:"name" scenario:"required"`
		Range scenario.Length `json:"range" scenario:"required"`
		Shots int             `json:"shots"`
	}
	var w weapon
	err := scenario.DecodeValue(json.RawMessage(`{"name": "railgun", "range": 76.2, "shots": 2}`), "queries[0].weapon", "cm", &w)
	fmt.Println(w.Name, w.Range, w.Shots, err)
	err = scenario.DecodeValue(json.RawMessage(`{"name": "railgun", "rnage": 76.2}`), "queries[0].weapon", "cm", &w)
	fmt.Println(err)
	// Output:
	// railgun 30 2 <nil>
	// queries[0].weapon.rnage: unknown field; want one of name, range, shots
}
