package answer

import (
	"strings"
	"testing"

	"github.com/sightline/sightline/scenario"
)

func TestUnitsLocalize(t *testing.T) {
	cm, mm := scenario.UnitTextOf("cm"), scenario.UnitTextOf("mm")
	tests := []struct {
		u        scenario.UnitText
		in, want string
	}{
		{cm, "range a -> b: 5.00 in centre to centre", "range a -> b: 12.7 cm (5 in) centre to centre"},
		{cm, `tactical move uses 8.00", more than 6"`, `tactical move uses 20.32 cm (8 in), more than 15.24 cm (6 in)`},
		{cm, "beyond the weapon's 11.811023622047244 in", "beyond the weapon's 30 cm (11.81 in)"},
		{cm, "from (7.87, 7.87) to (59.06, 11.81)", "from (20, 20) to (150, 30)"},
		{cm, "at (10, 8, 0.5)", "at (25.4, 20.32, 1.27)"},
		// Not lengths: bearings, percentages, clause numbers, dice, ids.
		{cm, "bearing 90.0°, 62.5 %, close range (5.3), -1 [CR-04], wall-2 in arc", "bearing 90.0°, 62.5 %, close range (5.3), -1 [CR-04], wall-2 in arc"},
		{mm, "2 in", "50.8 mm (2 in)"},
		{cm, "(98.42519685039369, 7.874015748031496) lies outside the 78.74015748031496 x 47.24409448818898 in table",
			"(250, 20) lies outside the 200 x 120 cm (78.74 x 47.24 in) table"},
		{scenario.UnitText{}, "2 in", "2 in"},
	}
	for _, tt := range tests {
		if got := tt.u.Localize(tt.in); got != tt.want {
			t.Errorf("%s.Localize(%q) = %q, want %q", tt.u.Name, tt.in, got, tt.want)
		}
	}
}

// TestCentimetreFile answers a file in cm: the text, the explanations and
// the errors give its lengths in cm with inches beside, its points in cm,
// and no float noise; the JSON keeps inches and adds the cm values.
func TestCentimetreFile(t *testing.T) {
	f, err := scenario.Load("testdata/units-cm.json")
	if err != nil {
		t.Fatal(err)
	}
	answers, _ := Run(f)
	var all strings.Builder
	for _, a := range answers {
		all.WriteString(a.Text() + "\n")
	}
	text := all.String()
	for _, want := range []string{"distance=130.38 cm (51.332 in)", "from (20, 20) to (150, 30)", "beyond the weapon's 30 cm (11.81 in)", "path=[[20,20],[190,110]]"} {
		if !strings.Contains(text, want) {
			t.Errorf("answers lack %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "11.811023622047244") || strings.Contains(text, "7.874015748") {
		t.Errorf("float noise in a cm file's answers:\n%s", text)
	}
	if a := answers[len(answers)-1]; a.Err == nil || !strings.Contains(a.Err.Error(), "cm") {
		t.Errorf("bad: error %v, want lengths in cm", a.Err)
	}
}
