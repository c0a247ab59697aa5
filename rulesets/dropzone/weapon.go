package dropzone

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// Reach is a weapon range value (DZC-23): a length in inches, Unlimited
// ("∞": the whole table) or Melee ("NK": base contact, DZC-55). In JSON it
// is a number, "inf"/"∞" or "NK".
type Reach struct {
	Inches    float64
	Unlimited bool
	Melee     bool
}

// String returns the value as the profile prints it.
func (r Reach) String() string {
	switch {
	case r.Unlimited:
		return "∞"
	case r.Melee:
		return "NK"
	}
	return fmt.Sprintf("%g in", r.Inches)
}

// UnmarshalJSON reads a number, "inf", "∞" or "NK".
func (r *Reach) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "inf", "∞", "unlimited":
			*r = Reach{Unlimited: true}
			return nil
		case "nk", "melee":
			*r = Reach{Melee: true}
			return nil
		}
		return fmt.Errorf("range %q: want a number, \"inf\" or \"NK\"", s)
	}
	var v float64
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("range %s: want a number, \"inf\" or \"NK\"", b)
	}
	if math.IsNaN(v) || v < 0 || v > 10000 {
		return fmt.Errorf("range %g: want 0..10000 inches", v)
	}
	*r = Reach{Inches: v}
	return nil
}

// UnmarshalScenario reads the value as written in a scenario file: a
// length in the file's units (inches is the length of one in inches), or
// "inf", "∞" or "NK".
func (r *Reach) UnmarshalScenario(raw json.RawMessage, inches float64) error {
	if err := r.UnmarshalJSON(raw); err != nil {
		return err
	}
	r.Inches *= inches
	return nil
}

// MarshalJSON writes the value back in the form UnmarshalJSON reads.
func (r Reach) MarshalJSON() ([]byte, error) {
	switch {
	case r.Unlimited:
		return []byte(`"inf"`), nil
	case r.Melee:
		return []byte(`"NK"`), nil
	}
	return json.Marshal(r.Inches)
}

// Weapon is one weapon profile line ("Waffenprofil") with the fields the
// geometry needs. Lengths are inches.
type Weapon struct {
	Name string `json:"name,omitempty"`
	// Range is R(V); RangeA is R(A), used against GM "A" targets (DZC-23).
	// A zero RangeA means R(A) equals R(V).
	Range  Reach  `json:"range"`
	RangeA *Reach `json:"rangeA,omitempty"`
	// BS is the move-and-shoot value (DZC-13).
	BS scenario.Length `json:"bs"`
	// Arc is the FB value: letters F, S, R, K joined by "/" (DZC-14);
	// empty means F/S/R.
	Arc string `json:"arc,omitempty"`
	// Acc is the Ge value (hit on Acc+); 0 when not given. With it the
	// verdict reports the modified value.
	Acc int `json:"acc,omitempty"`
	// Elevated: "Erhöht" mount (DZC-21).
	Elevated bool `json:"elevated,omitempty"`
	// AA: "LA" anti-aircraft weapon (DZC-35).
	AA bool `json:"aa,omitempty"`
	// Sniper: "Scharfschütze" (DZC-27).
	Sniper bool `json:"sniper,omitempty"`
	// SmallArms: "Hw-x", may make one 6 in AA shot (DZC-24).
	SmallArms bool `json:"smallArms,omitempty"`
	// Reaction marks an AA reaction shot (DZC-36).
	Reaction bool `json:"reaction,omitempty"`
	// KA is the co-axial tag ("KA-1") and KAArc the arc letter its partner
	// already fired into this round (DZC-15).
	KA    string `json:"ka,omitempty"`
	KAArc string `json:"kaArc,omitempty"`
}

// builtinWeapons are the two weapon profiles printed in the rules text
// ("Avenger Railgun", "Schweres Maschinengewehr"), usable by name; read
// only (BuiltinWeapon returns copies). A slice, not a map literal built at
// start-up.
var builtinWeapons = []Weapon{
	// "Avenger Railgun 10 1 2+ ∞ 24“ 4“ F/S/R Erhöht"
	{Name: "Avenger Railgun", Range: Reach{Unlimited: true}, RangeA: &Reach{Inches: 24}, BS: 4, Arc: "F/S/R", Acc: 2, Elevated: true},
	// "Schweres Maschinengewehr 4 2 3+ 36“ 12“ 4“ F/S N/A"
	{Name: "Schweres Maschinengewehr", Range: Reach{Inches: 36}, RangeA: &Reach{Inches: 12}, BS: 4, Arc: "F/S", Acc: 3},
}

// BuiltinWeapon returns the profile printed in the rules text under name
// ("Avenger Railgun", "Schweres Maschinengewehr").
func BuiltinWeapon(name string) (Weapon, bool) {
	i := slices.IndexFunc(builtinWeapons, func(w Weapon) bool { return w.Name == name })
	if i < 0 {
		return Weapon{}, false
	}
	w := builtinWeapons[i]
	if w.RangeA != nil {
		r := *w.RangeA
		w.RangeA = &r
	}
	return w, true
}

// BuiltinWeaponNames returns the names BuiltinWeapon knows, sorted.
func BuiltinWeaponNames() []string {
	names := make([]string, len(builtinWeapons))
	for i, w := range builtinWeapons {
		names[i] = w.Name
	}
	slices.Sort(names)
	return names
}

// ParseWeapon decodes a weapon as written in a scenario file whose units
// are units: the name of a built-in profile, or a profile object (strictly;
// lengths converted to inches). path is the field's JSON path; every error
// names it (or a field below it) once.
func ParseWeapon(raw json.RawMessage, path, units string) (Weapon, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var name string
		if err := json.Unmarshal(raw, &name); err != nil {
			return Weapon{}, weaponErr(path, string(raw), fmt.Errorf("not a weapon name: %w", scenario.ErrType))
		}
		w, ok := BuiltinWeapon(name)
		if !ok {
			return Weapon{}, weaponErr(path, string(raw), fmt.Errorf("unknown weapon %q; built-in weapons: %s: %w",
				name, strings.Join(BuiltinWeaponNames(), ", "), ErrQuery))
		}
		return w, nil
	}
	var w Weapon
	if err := scenario.DecodeValue(raw, path, units, &w); err != nil {
		return Weapon{}, err
	}
	return w, w.validate(path)
}

// weaponErr is an error at path about the value.
func weaponErr(path, value string, err error) error {
	return &terrain.FieldError{Path: path, Value: value, Err: err}
}

// validate reports the first unusable field of w, naming its path below
// path.
func (w Weapon) validate(path string) error {
	if w.BS < 0 || w.BS > 1000 {
		return weaponErr(path+".bs", fmt.Sprint(float64(w.BS)), fmt.Errorf("want 0..1000 in: %w", ErrQuery))
	}
	if w.Acc < 0 || w.Acc > 6 {
		return weaponErr(path+".acc", fmt.Sprint(w.Acc), fmt.Errorf("want 0..6: %w", ErrQuery))
	}
	if _, err := parseArcs(w.Arc); err != nil {
		return weaponErr(path+".arc", fmt.Sprintf("%q", w.Arc), fmt.Errorf("%w: %w", err, ErrQuery))
	}
	if w.KAArc != "" && !oneOf(w.KAArc, "F", "S", "R", "K") {
		return weaponErr(path+".kaArc", fmt.Sprintf("%q", w.KAArc), fmt.Errorf("want F, S, R or K: %w", ErrQuery))
	}
	return nil
}

// parseArcs splits an FB value such as "F/S" into its letters.
func parseArcs(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return []string{"F", "S", "R"}, nil
	}
	var out []string
	for _, p := range strings.Split(s, "/") {
		p = strings.ToUpper(strings.TrimSpace(p))
		if !oneOf(p, "F", "S", "R", "K") {
			return nil, fmt.Errorf("arc %q: want letters F, S, R, K joined by /", s)
		}
		out = append(out, p)
	}
	return out, nil
}
