package terminator

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// The hand matchers of weapons.go against the patterns they stand for, on
// chosen strings and on random strings of the characters that matter.
func TestWeaponFormsAreThePatterns(t *testing.T) {
	rate := regexp.MustCompile(`^([0-9]{1,3})(?:/([0-9]{1,3}))?$`)
	ammo := regexp.MustCompile(`^Munition \([0-9]+\)$`)
	inputs := []string{"", "1", "2/1", "999/999", "1000", "1/1000", "/1", "1/", "1//1", "a", "1 ", " 1", "2/1\n", "١",
		"Munition (1)", "Munition (12)", "Munition ()", "Munition (1", "Munition (x)", "munition (1)", "Munition (1))", "Munition (1)\n"}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"0", "1", "9", "/", " ", "a", "Munition (", ")", "(", "\n"}
	for range 20000 {
		s := ""
		for range r.IntN(7) {
			s += alphabet[r.IntN(len(alphabet))]
		}
		inputs = append(inputs, s)
	}
	for _, s := range inputs {
		a, b, ok := rateOfFire(s)
		m := rate.FindStringSubmatch(s)
		if ok != (m != nil) || ok && (a != m[1] || b != m[2]) {
			t.Errorf("rateOfFire(%q) = %q, %q, %v; the pattern gives %q", s, a, b, ok, m)
		}
		if got, want := isAmmunition(s), ammo.MatchString(s); got != want {
			t.Errorf("isAmmunition(%q) = %v, want %v", s, got, want)
		}
	}
}
