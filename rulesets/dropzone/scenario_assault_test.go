package dropzone

import (
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

// answerField returns the named answer field of r (nil when absent).
func answerField(r rulesets.Result, name string) any {
	for _, f := range r.Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return nil
}

// TestScenarioAirAssault runs testdata/air_assault.json, a whole air
// assault turn, through Game.Answer and checks every verdict and its key
// numbers (hand-computed below).
func TestScenarioAirAssault(t *testing.T) {
	b, err := os.ReadFile("testdata/air_assault.json")
	if err != nil {
		t.Fatal(err)
	}
	f, err := scenario.DecodeBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	type num struct {
		name string
		want float64
	}
	tests := map[string]struct {
		legal bool
		nums  []num
		extra map[string]string // answer field -> fmt.Sprint of its value
	}{
		// DZC-05/33: 10 in of path + 2 in landing = 12 <= Bw 12.
		"fly": {true, []num{{"cost", 12}, {"length", 10}}, nil},
		// 11 + 2 = 13 > 12.
		"fly-too-far": {false, []num{{"cost", 13}}, nil},
		// DZC-34: warriors (24,30) are sqrt(4+9) - 3 = 0.606 in from the rim
		// of the template centred (22,27), with clear sight.
		"land-contested": {false, nil, nil},
		// Template at (20,22): warriors sqrt(16+64) - 3 = 5.944 in from the
		// rim; the AA tank (20,10) 12 - 3 = 9 in.
		"land": {true, []num{{"templateRadius", 3}, {"nearestEnemyToRim", math.Sqrt(80) - 3}}, nil},
		// DZC-39: (29.2,21.6) is sqrt(2.7² + 0.4²) = 2.729 in from the
		// landed Condor's centre (26.5,22); formation 0.8 in apart; DZC-38
		// half Bw 12 = 6.
		"unload": {true, []num{{"distance:legion-1", math.Sqrt(2.7*2.7 + 0.4*0.4)}, {"transportHalfBw", 6}}, nil},
		// DZC-42: the hull front is at 26.5 + 1.5 = 28, 2 in from the
		// entrance (30,22) > 1 in.
		"direct-to-building": {false, []num{{"entranceDistance", 2}}, nil},
		// DZC-48: legion-1 is sqrt(0.8² + 0.4²) = 0.894 in from (30,22);
		// 16 sq in, 3 floors -> Mittel, G 9, capacity 18 >= 0 + 2.
		"enter": {true, []num{{"entranceDistance", math.Sqrt(0.8)}, {"capacity", 18}}, nil},
		// DZC-36: s = 5 -> (15,22), ground range from (20,10) sqrt(25+144) =
		// 13 <= 18; bearing from the AA tank's bow (facing 90°): atan2(12,-5)
		// = 112.62°, minus 90 = 22.62° -> F; Ge 3 + 2 = 5.
		"aa-react": {true, []num{{"range", 13}, {"accuracy", 5}, {"bearing", math.Atan2(12, -5)*180/math.Pi - 90}},
			map[string]string{"engagementPoint": "[15 22]"}},
		// s = 3 is not after the previous engagement point s = 5.
		"aa-react-before": {false, []num{{"range", math.Sqrt(49 + 144)}}, nil},
		// s = 8 -> (18,22): sqrt(4+144) = 12.166 in.
		"aa-react-after": {true, []num{{"range", math.Sqrt(148)}}, map[string]string{"engagementPoint": "[18 22]"}},
		// DZC-37: template r 3 at (28,22): the tower (x >= 30, y 20..24)
		// cuts the segment u = x - 28 in [2, 3], |y - 22| <= sqrt(9 - u²),
		// clipped to |y - 22| <= 2 (the clip binds for u < sqrt 5):
		// 4(sqrt5 - 2) + 2[(u/2)sqrt(9-u²) + 4.5 asin(u/3)] from sqrt5 to 3
		// = 0.944272 + 2(7.068583 - 6.020879) = 3.039680 sq in, over 9π:
		// 0.107507 < 1/3 -> one hit on 4+, no automatic hits; both legion
		// bases have their centres under it (1.28 in); the landed Condor's
		// hull (x 25..28) is touched.
		"crash": {true, []num{{"share:tower", (4*(math.Sqrt(5)-2) + 2*(4.5*math.Pi/2-(math.Sqrt(5)+4.5*math.Asin(math.Sqrt(5)/3)))) / (9 * math.Pi)}},
			map[string]string{"buildings": "[tower]", "autoHits": "[]", "centreUnder": "[legion-1 legion-2]", "touched": "[condor-b]"}},
		// DZC-23: (29.2,21.6) -> (24,30): sqrt(5.2² + 8.4²) = 9.879 <= 12.
		"legion-shoots": {true, []num{{"range", math.Sqrt(5.2*5.2 + 8.4*8.4)}}, nil},
	}
	seen := 0
	opt, err := Game.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	for i := range f.Queries {
		q := &f.Queries[i]
		tc, ok := tests[q.ID]
		if !ok {
			t.Errorf("query %s has no expectation", q.ID)
			continue
		}
		seen++
		r, err := Game.Answer(f, opt, q)
		if err != nil {
			t.Fatalf("%s: %v", q.ID, err)
		}
		if got := answerField(r, "legal").(bool); got != tc.legal {
			t.Errorf("%s: legal %v, want %v: %s", q.ID, got, tc.legal, r.Explanation)
		}
		ms, _ := answerField(r, "measures").([]rulesets.Measure)
		for _, n := range tc.nums {
			got := measure(ms, n.name)
			if n.name == "cost" {
				got = answerField(r, "cost").(float64)
			}
			if !near(got, n.want, 1e-4) {
				t.Errorf("%s: %s = %v, want %v: %s", q.ID, n.name, got, n.want, r.Explanation)
			}
		}
		for name, want := range tc.extra {
			if got := fmt.Sprint(answerField(r, name)); got != want {
				t.Errorf("%s: %s = %s, want %s", q.ID, name, got, want)
			}
		}
	}
	if seen != len(tests) {
		t.Errorf("ran %d queries, expected %d", seen, len(tests))
	}
}
