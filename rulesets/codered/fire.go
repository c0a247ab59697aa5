package codered

import (
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
)

// Deviation returns the scatter distance of a shot of precision class
// class whose (modified) dice sum is roll (CR-39, 8.2.3): target value −
// roll inches, capped at the class's maximum; 0 on target. Class 0 never
// deviates: a miss simply has no effect.
func Deviation(class, roll int) (dev float64, capped bool, err error) {
	if class < 0 || class >= len(precisionClasses) {
		return 0, false, fmt.Errorf("class: %d not in 0..4: %w", class, ErrQuery)
	}
	pc := precisionClasses[class]
	if class == 0 || roll >= pc.Target {
		return 0, false, nil
	}
	dev = float64(pc.Target - roll)
	if dev > pc.MaxDeviation {
		return pc.MaxDeviation, true, nil
	}
	return dev, false, nil
}

// Class0Damage returns the share of its damage a class 0 shot does with
// the (modified) dice sum roll (CR-39, 8.2.3 table: "7-8 = 50% Schaden,
// 9+ = 100%"): 1 from the class's target value, 0.5 from
// class0HalfDamage, else 0 (a miss has no effect).
func Class0Damage(roll int) float64 {
	switch {
	case roll >= precisionClasses[0].Target:
		return 1
	case roll >= class0HalfDamage:
		return 0.5
	}
	return 0
}

// Scatter returns where a shot aimed at p lands after deviating dev inches
// towards compass bearing bearingDeg (clockwise from north, +y; CR-40: the
// tip of a W10 gives a continuous direction). With o.ScatterSectors n > 0
// the bearing snaps to the nearest of n equal directions (Amb. 20).
func Scatter(p geom.Point, dev, bearingDeg float64, o Options) geom.Point {
	if n := o.ScatterSectors; n > 0 {
		step := 360 / float64(n)
		bearingDeg = math.Round(bearingDeg/step) * step
	}
	s, c := math.Sincos(bearingDeg * math.Pi / 180)
	return geom.Pt(p.X+dev*s, p.Y+dev*c)
}

// BlastHits returns the automatic hits an unarmoured target at distance d
// from the impact takes from a weapon with the given AP (CR-41, 8.4): full
// AP within 1 in ("im Zentrum des Einschlages (= 1“ um den Zielpunkt)"), else
// AP − d rounded down, at least 1 while d < AP with o.BlastRounding
// "floor-min1" (2.2: "niemals kleiner als 1"), and 0 from d >= AP on.
func BlastHits(ap int, d float64, o Options) int {
	if d <= DirectHitRadius {
		return ap
	}
	rest := float64(ap) - d
	if rest <= 0 {
		return 0
	}
	h := int(math.Floor(rest + 1e-9))
	if h < 1 && o.BlastRounding == "floor-min1" {
		h = 1
	}
	return h
}

// SaveModifier returns the damage-roll modifier for infantry taking hits
// automatic hits from heavy weapons (CR-41: "-1 pro 2 AP"): −floor(hits/2).
// Abb. 8 (4 hits, −2) and Abb. 9 (2 hits, −1) agree.
func SaveModifier(hits int) int { return -(hits / SavePerAP) }

// ArmouredDamage returns the fraction of AT an armoured target takes (CR-41):
// 1 for a direct hit (deviation 0, or within 1 in of the impact with
// o.NearMissBy "distance"), 0.5 for a near miss of at most 2 in, else 0.
func ArmouredDamage(deviation, distance float64, o Options) float64 {
	x := deviation
	if o.NearMissBy == "distance" {
		x = distance
		if x <= DirectHitRadius {
			return 1
		}
	} else if x == 0 {
		if distance <= DirectHitRadius {
			return 1
		}
		return 0
	}
	if x <= NearMiss {
		return 0.5
	}
	return 0
}

// IEDTriggerPoint returns the first point of path within the trigger radius
// of an IED at ied (CR-42: "sobald sich eine Einheit in 4“ Umkreis bewegt";
// Amb. 21: o.IEDTrigger), the path length to it, and whether it triggers.
func IEDTriggerPoint(ied geom.Point, path []geom.Point, o Options) (geom.Point, float64, bool) {
	r := float64(o.IEDTrigger)
	done := 0.0
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		if i == 1 && a.Sub(ied).Norm() <= r {
			return a, 0, true
		}
		d := b.Sub(a)
		L := d.Norm()
		if L == 0 {
			continue
		}
		// |a + t d − ied| = r, smallest t in [0,1].
		f := a.Sub(ied)
		A, B, C := d.Dot(d), 2*f.Dot(d), f.Dot(f)-r*r
		disc := B*B - 4*A*C
		if disc >= 0 {
			t := (-B - math.Sqrt(disc)) / (2 * A)
			if t >= 0 && t <= 1 {
				return a.Add(d.Mul(t)), done + t*L, true
			}
		}
		done += L
	}
	return geom.Point{}, done, false
}
