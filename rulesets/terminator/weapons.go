package terminator

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// Weapon is a weapon profile ("Waffenreferenz"): its range class RW (NK,
// Kurz or Lang, TS-03), rate of fire SF ("1", "2/1"), strength die (kept,
// not geometric) and special rules.
type Weapon struct {
	Name     string   `json:"name"`
	RW       string   `json:"rw"`
	SF       string   `json:"sf"`
	Strength string   `json:"strength"`
	Special  []string `json:"special"`
}

// Special rules of weapons; the geometric ones have an effect here, the
// others are kept and reported as without effect (TS-15).
const (
	specialSemiAuto     = "Halbautomatisch"
	specialStopping     = "Mannstoppwirkung"
	specialSmallArea    = "Kleine Fläche"
	specialMediumArea   = "Mittlere Fläche"
	specialBraced       = "Aufstützen"
	specialSuicidal     = "Selbstmörderisch"
	specialSniper       = "Scharfschütze"
	specialIndirect     = "Indirekt"
	specialFlames       = "Flammen"
	specialHEAmmunition = "HE-Munition"
)

// knownSpecial lists the special rules of the sheet; "Munition (n)" is
// matched by isAmmunition. Read-only.
var (
	knownSpecial = []string{specialSemiAuto, specialStopping, specialSmallArea, specialMediumArea, specialBraced,
		specialSuicidal, specialSniper, specialIndirect, specialFlames, specialHEAmmunition}
)

// builtinWeapons are the sheet's weapon tables (Widerstand and Maschinen);
// the machines' Plasmagewehr differs from the resistance's and is named
// "Plasmagewehr (Maschinen)". Read-only.
var builtinWeapons = []Weapon{
	{"Fäuste", "NK", "1", "W4", nil},
	{"Kampfmesser", "NK", "1", "WG", nil},
	{"Haftmine", "NK", "1", "W12", []string{specialSmallArea, specialSuicidal}},
	{"Bogen/Armbrust", "Lang", "1", "W4", nil},
	{"Pistole", "Kurz", "1", "WG", nil},
	{"Maschinenpistole", "Kurz", "2", "WG", nil},
	{"Schrotflinte", "Kurz", "1", "WG", []string{specialStopping}},
	{"Gewehr", "Lang", "1", "WG", nil},
	{"Scharfschützengewehr", "Lang", "1", "WG", []string{specialSniper}},
	{"Schw. Scharfsch.gewehr", "Lang", "1", "WB", []string{specialSniper}},
	{"Sturmgewehr", "Lang", "2/1", "WG", []string{specialSemiAuto}},
	{"Plasmagewehr", "Lang", "2/1", "WB", []string{specialSemiAuto}},
	{"Leichtes MG", "Lang", "3", "WG", nil},
	{"Schweres MG", "Lang", "3", "WB", []string{specialBraced}},
	{"Granatwerfer", "Lang", "1", "W10", []string{specialSmallArea}},
	{"Panzerfaust", "Lang", "1", "W12", []string{"Munition (1)"}},
	{"Mörser", "Lang", "1", "WB", []string{specialBraced, specialIndirect, specialSmallArea}},
	{"Maschinenkanone", "Lang", "3", "W10", []string{specialBraced}},
	{"Raketenwerfer (PB)", "Lang", "1", "W20", []string{specialBraced}},
	{"Raketenwerfer (HE)", "Lang", "1", "W10", []string{specialBraced, specialMediumArea}},
	{"Panzergeschütz (PB)", "Lang", "1", "W20", []string{specialBraced, specialHEAmmunition}},
	{"Panzergeschütz (HE)", "Lang", "1", "W10", []string{specialBraced, specialSmallArea}},
	{"Minigun", "Lang", "5", "WG", []string{specialBraced}},
	{"Gatling Gun", "Lang", "4", "WB", []string{specialBraced}},
	{"Terminatorklauen", "NK", "1", "W10", nil},
	{"Stich-/Schneidwerkzeuge", "NK", "1", "W12", nil},
	{"Schädelstampfer", "NK", "1", "W12", nil},
	{"Speer aus Polylegierung", "Kurz", "1", "WG", nil},
	{"Plasmagewehr (Maschinen)", "Lang", "2", "WB", nil},
	{"Flammenwerfer", "Kurz", "1", "WG", []string{specialFlames}},
	{"Schw. Plasmagewehr", "Lang", "3", "W10", []string{specialBraced}},
}

// BuiltinWeapon returns the sheet's weapon of that name.
func BuiltinWeapon(name string) (Weapon, bool) {
	for _, w := range builtinWeapons {
		if w.Name == name {
			w.Special = slices.Clone(w.Special)
			return w, true
		}
	}
	return Weapon{}, false
}

// BuiltinWeaponNames returns the names BuiltinWeapon knows, in table order.
func BuiltinWeaponNames() []string {
	out := make([]string, len(builtinWeapons))
	for i, w := range builtinWeapons {
		out[i] = w.Name
	}
	return out
}

// ParseWeapon reads a query's weapon: a built-in name ("Sturmgewehr"), or
// an object {"name", "rw", "sf", "strength", "special"}; an object giving
// only a built-in name is that weapon. Errors name path.
func ParseWeapon(raw json.RawMessage, path string) (Weapon, error) {
	var name string
	if err := json.Unmarshal(raw, &name); err == nil {
		w, ok := BuiltinWeapon(name)
		if !ok {
			return Weapon{}, &terrain.FieldError{Path: path, Value: string(raw),
				Err: fmt.Errorf("%q is not a weapon of the sheet; give an object {rw, sf, special} or one of %s: %w", name, strings.Join(BuiltinWeaponNames(), ", "), ErrQuery)}
		}
		return w, nil
	}
	var w Weapon
	if err := scenario.DecodeValue(raw, path, "in", &w); err != nil {
		return Weapon{}, err
	}
	if w.RW == "" && w.SF == "" && w.Special == nil {
		b, ok := BuiltinWeapon(w.Name)
		if !ok {
			return Weapon{}, &terrain.FieldError{Path: path + ".rw", Err: fmt.Errorf("missing, and %q is not a weapon of the sheet: %w", w.Name, scenario.ErrMissing)}
		}
		return b, nil
	}
	if w.SF == "" {
		w.SF = "1"
	}
	return w, w.validate(path)
}

// validate reports the first unusable field, naming its path.
func (w Weapon) validate(path string) error {
	if !slices.Contains([]string{"NK", "Kurz", "Lang"}, w.RW) {
		return &terrain.FieldError{Path: path + ".rw", Value: fmt.Sprintf("%q", w.RW), Err: fmt.Errorf("%q: want NK, Kurz or Lang: %w", w.RW, ErrQuery)}
	}
	if _, _, ok := rateOfFire(w.SF); !ok {
		return &terrain.FieldError{Path: path + ".sf", Value: fmt.Sprintf("%q", w.SF), Err: fmt.Errorf("%q: want a rate of fire such as \"1\" or \"2/1\": %w", w.SF, ErrQuery)}
	}
	for i, s := range w.Special {
		if !slices.Contains(knownSpecial, s) && !isAmmunition(s) {
			return &terrain.FieldError{Path: fmt.Sprintf("%s.special[%d]", path, i), Value: fmt.Sprintf("%q", s),
				Err: fmt.Errorf("%q is not a special rule of the sheet (%s, Munition (n)): %w", s, strings.Join(knownSpecial, ", "), ErrQuery)}
		}
	}
	return nil
}

// has reports whether the weapon has special rule s.
func (w Weapon) has(s string) bool { return slices.Contains(w.Special, s) }

// ranged reports whether it is a ranged weapon (RW Kurz or Lang).
func (w Weapon) ranged() bool { return w.RW != "NK" }

// maxBand is the farthest band RW reaches under the "maximum" reading
// (TS-03).
func (w Weapon) maxBand() Band {
	switch w.RW {
	case "NK":
		return BandMelee
	case "Kurz":
		return BandShort
	}
	return BandLong
}

// rates returns the weapon's rates of fire: "2/1" gives 2 and 1, "3" gives
// 3 and 3 (validate has checked the form).
func (w Weapon) rates() (first, second int) {
	a, b, ok := rateOfFire(w.SF)
	if !ok {
		return 1, 1
	}
	first, _ = strconv.Atoi(a)
	second = first
	if b != "" {
		second, _ = strconv.Atoi(b)
	}
	return first, second
}

// The two forms below are matched by hand rather than with package
// regexp, which would add its tables to the WebAssembly module
// (cmd/sightline-wasm); a test compares them with the patterns they stand
// for.

// rateOfFire splits a rate of fire, 1 to 3 digits with an optional "/"
// and 1 to 3 more (the pattern ^([0-9]{1,3})(?:/([0-9]{1,3}))?$): "2/1"
// gives "2", "1"; "3" gives "3", "". ok is false for any other form.
func rateOfFire(s string) (first, second string, ok bool) {
	first, second, slash := strings.Cut(s, "/")
	if !digits(first, 3) || slash && !digits(second, 3) {
		return "", "", false
	}
	return first, second, true
}

// isAmmunition reports whether s is "Munition (n)" with n one or more
// digits (the pattern ^Munition \([0-9]+\)$).
func isAmmunition(s string) bool {
	n, ok := strings.CutPrefix(s, "Munition (")
	if !ok {
		return false
	}
	n, ok = strings.CutSuffix(n, ")")
	return ok && digits(n, len(n))
}

// digits reports whether s is 1 to most ASCII digits.
func digits(s string, most int) bool {
	if s == "" || len(s) > most {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
