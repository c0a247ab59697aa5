package server

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/sightline/sightline/scenario"
)

// FuzzLook posts arbitrary bodies and parameters to the JSON endpoints:
// every answer is 200, 400 or 413, never a 500 (a recovered panic).
func FuzzLook(f *testing.F) {
	f.Add(scenario.DefaultJSON(), "strider-1", "sabre-3", "sabre-3")
	f.Add([]byte(`{"sightline": 1, "table": {"width": 4, "depth": 4}, "models": [
		{"id": "a", "class": "infantry", "position": [1, 1]}, {"id": "b", "class": "infantry", "position": [3, 3]}]}`), "a", "b", "a")
	f.Add([]byte(`{"sightline": 1,`), "", "", "")
	s, err := New(Config{MaxBody: 1 << 16})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte, shooter, target, moved string) {
		q := url.Values{"shooter": {shooter}, "target": {target}, "moved": {moved}}.Encode()
		for _, path := range []string{"/v1/look?" + q, "/v1/plan", "/v1/check"} {
			w := serve(s, "POST", path, string(body))
			switch w.Code {
			case http.StatusOK, http.StatusBadRequest, http.StatusRequestEntityTooLarge:
			default:
				t.Fatalf("POST %s = %d %s", path, w.Code, w.Body)
			}
		}
	})
}
