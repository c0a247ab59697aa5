package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"

	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/server"
)

// A client posts a whole scenario and asks whether strider-1 sees sabre-3;
// the server keeps nothing between requests.
func Example() {
	s, err := server.New(server.Config{})
	if err != nil {
		log.Fatal(err)
	}
	ts := httptest.NewServer(s)
	defer ts.Close()

	res, err := http.Post(ts.URL+"/v1/look?shooter=strider-1&target=sabre-3", "application/json",
		bytes.NewReader(scenario.DefaultJSON()))
	if err != nil {
		log.Fatal(err)
	}
	defer res.Body.Close()
	var look struct {
		Sight struct {
			Visible bool `json:"visible"`
		} `json:"sight"`
		Band  string `json:"band"`
		Range struct {
			Distance float64 `json:"distance"`
		} `json:"range"`
	}
	if err := json.NewDecoder(res.Body).Decode(&look); err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.StatusCode, look.Sight.Visible, look.Band)
	fmt.Printf("%.2f in\n", look.Range.Distance)
	// Output:
	// 200 true in the open
	// 26.23 in
}
