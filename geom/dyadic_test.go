package geom

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// ratOf returns a as an exact rational.
func ratOf(a dyadic) *big.Rat {
	z := new(big.Int)
	for i := len(a.mag) - 1; i >= 0; i-- {
		z.Lsh(z, 64)
		z.Or(z, new(big.Int).SetUint64(a.mag[i]))
	}
	if a.neg {
		z.Neg(z)
	}
	r := new(big.Rat).SetInt(z)
	p := new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(max(a.exp, -a.exp))))
	if a.exp >= 0 {
		return r.Mul(r, p)
	}
	return r.Quo(r, p)
}

// sumOf returns the exact sum of xs as a dyadic.
func sumOf(xs ...float64) dyadic {
	var s dyadic
	for _, x := range xs {
		s = s.add(dyadicOf(x))
	}
	return s
}

func TestDyadicOf(t *testing.T) {
	tests := []struct {
		x    float64
		want string // big.Rat's RatString of the exact value
	}{
		{0, "0"},
		{math.Copysign(0, -1), "0"},
		{1, "1"},
		{-0.75, "-3/4"},
		{0x1p60, "1152921504606846976"},
		{0x1p-60, "1/1152921504606846976"},
		{0x1.8p1, "3"},
		{math.MaxFloat64, "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368"},
		{0x1p-1074, ""}, // checked below: 1/2^1074
	}
	for _, tt := range tests {
		got := ratOf(dyadicOf(tt.x))
		want := tt.want
		if want == "" {
			want = new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 1074)).RatString()
		}
		if got.RatString() != want {
			t.Errorf("dyadicOf(%v) = %v, want %v", tt.x, got.RatString(), want)
		}
		if s := dyadicOf(tt.x).sign(); s != new(big.Rat).SetFloat64(tt.x).Sign() {
			t.Errorf("dyadicOf(%v).sign() = %d", tt.x, s)
		}
	}
}

func TestDyadicArithmetic(t *testing.T) {
	tests := []struct {
		op   string
		a, b []float64 // each operand is the exact sum of its floats
		want string    // RatString of the exact result, or the sign for cmp
	}{
		{"add", []float64{0x1p100}, []float64{1}, "1267650600228229401496703205377"},
		{"add", []float64{0x1p1023}, []float64{-0x1p1023}, "0"},
		{"add", []float64{-3}, []float64{0.5}, "-5/2"},
		{"add", nil, []float64{-0.25}, "-1/4"},
		{"sub", []float64{1}, []float64{0x1p-60}, "1152921504606846975/1152921504606846976"},
		{"sub", []float64{0.5}, []float64{0.75}, "-1/4"},
		{"sub", []float64{0x1p-1074}, []float64{0x1p-1074}, "0"},
		{"mul", []float64{3}, []float64{-0.5}, "-3/2"},
		{"mul", []float64{-0x1p64, -1}, []float64{0x1p64, 1}, "-340282366920938463500268095579187314689"},                                         // -(2^64+1)^2 = -(2^128 + 2^65 + 1)
		{"mul", []float64{0x1p64, -1}, []float64{0x1p64, -1}, "340282366920938463426481119284349108225"},                                          // (2^64-1)^2 = 2^128 - 2^65 + 1
		{"mul", []float64{0x1p128, -1}, []float64{0x1p128, -1}, "115792089237316195423570985008687907852589419931798687112530834793049593217025"}, // (2^128-1)^2: every limb product carries
		{"mul", []float64{0}, []float64{0x1p1000}, "0"},
		{"cmp", []float64{0x1p1000, 0x1p-1000}, []float64{0x1p1000}, "1"},
		{"cmp", []float64{0x1p-1074}, []float64{0x1p-1073, -0x1p-1074}, "0"},
		{"cmp", []float64{-0x1p-1074}, []float64{0}, "-1"},
		{"cmp", []float64{0x1p1023, 0x1p1023}, []float64{0x1p1023, 0x1p1022, 0x1p1022, 0x1p-1074}, "-1"},
	}
	for _, tt := range tests {
		a, b := sumOf(tt.a...), sumOf(tt.b...)
		var got string
		switch tt.op {
		case "add":
			got = ratOf(a.add(b)).RatString()
		case "sub":
			got = ratOf(a.sub(b)).RatString()
		case "mul":
			got = ratOf(a.mul(b)).RatString()
		case "cmp":
			got = big.NewInt(int64(a.cmp(b))).String()
		}
		if got != tt.want {
			t.Errorf("%v.%s(%v) = %s, want %s", tt.a, tt.op, tt.b, got, tt.want)
		}
	}
}

func TestQuoFloat64(t *testing.T) {
	maxF := math.MaxFloat64
	tests := []struct {
		n, d []float64 // exact sums
		want float64
	}{
		{[]float64{1}, []float64{3}, 1.0 / 3},
		{[]float64{2}, []float64{-3}, -2.0 / 3},
		{[]float64{1}, []float64{10}, 0.1},
		{[]float64{7}, []float64{-2}, -3.5},
		{[]float64{0x1p53, 1}, []float64{1}, 0x1p53},                            // tie, to even (down)
		{[]float64{0x1p53, 3}, []float64{1}, 0x1p53 + 4},                        // tie, to even (up)
		{[]float64{0x1p53, 1, 0x1p-60}, []float64{1}, 0x1p53 + 2},               // just above the tie
		{[]float64{0x1p53, 1, -0x1p-60}, []float64{1}, 0x1p53},                  // just below it
		{[]float64{0x1p-1074}, []float64{2}, 0},                                 // half the least subnormal: tie to 0
		{[]float64{0x1p-1074, 0x1p-1073}, []float64{2}, 0x1p-1073},              // 1.5 least subnormals: tie to 2
		{[]float64{0x1p-1000}, []float64{0x1p73, 0x1p74}, 0x1p-1074},            // 2/3 of the least subnormal
		{[]float64{0x1p-1022, -0x1p-1074}, []float64{1}, 0x1p-1022 - 0x1p-1074}, // largest subnormal, exact
		{[]float64{0x1p-1000}, []float64{0x1p1000}, 0},
		{[]float64{0x1p1023}, []float64{0x1p-1}, math.Inf(1)},
		{[]float64{-0x1p1000}, []float64{0x1p-1000}, math.Inf(-1)},
		{[]float64{maxF, 0x1p970}, []float64{1}, math.Inf(1)}, // max + half an ulp: tie, to even
		{[]float64{maxF, 0x1p969}, []float64{1}, maxF},
		{nil, []float64{5}, 0},
	}
	for _, tt := range tests {
		got := quoFloat64(sumOf(tt.n...), sumOf(tt.d...))
		if math.Float64bits(got) != math.Float64bits(tt.want) {
			t.Errorf("quoFloat64(%v, %v) = %v, want %v", tt.n, tt.d, got, tt.want)
		}
	}
	// A quotient that rounds to zero keeps its sign, as big.Rat's Float64.
	if got := quoFloat64(dyadicOf(-0x1p-1074), dyadicOf(4)); !math.Signbit(got) || got != 0 {
		t.Errorf("quoFloat64(-2^-1074, 4) = %v, want -0", got)
	}
	if got := quoFloat64(dyadicOf(1), dyadic{}); !math.IsNaN(got) {
		t.Errorf("quoFloat64(1, 0) = %v, want NaN", got)
	}
}

// randomFloat returns a finite float64 that is often extreme: near 2^±1000,
// subnormal, zero, or ordinary.
func randomFloat(rng *rand.Rand) float64 {
	var x float64
	switch rng.IntN(6) {
	case 0:
		x = math.Ldexp(rng.Float64()+0.5, 900+rng.IntN(123))
	case 1:
		x = math.Ldexp(rng.Float64()+0.5, -1074+rng.IntN(150))
	case 2:
		x = math.Float64frombits(rng.Uint64() & (1<<52 - 1)) // subnormal
	case 3:
		x = 0
	case 4:
		x = math.Float64frombits(rng.Uint64() &^ (1 << 63))
		if !isFinite(x) {
			x = 1
		}
	default:
		x = float64(rng.IntN(2001) - 1000)
	}
	if rng.IntN(2) == 0 {
		x = -x
	}
	return x
}

// randomDyadic returns a sum or product of a few extreme floats.
func randomDyadic(rng *rand.Rand) dyadic {
	d := dyadicOf(randomFloat(rng))
	for range rng.IntN(4) {
		if rng.IntN(2) == 0 {
			d = d.add(dyadicOf(randomFloat(rng)))
		} else {
			d = d.mul(dyadicOf(randomFloat(rng)))
		}
	}
	return d
}

// TestDyadicDifferential checks every dyadic operation and quoFloat64
// against big.Rat on random operands of mixed extreme magnitudes.
func TestDyadicDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range 20000 {
		a, b := randomDyadic(rng), randomDyadic(rng)
		ra, rb := ratOf(a), ratOf(b)
		if got, want := ratOf(a.add(b)), new(big.Rat).Add(ra, rb); got.Cmp(want) != 0 {
			t.Fatalf("case %d: %v + %v = %v", i, ra, rb, got)
		}
		if got, want := ratOf(a.sub(b)), new(big.Rat).Sub(ra, rb); got.Cmp(want) != 0 {
			t.Fatalf("case %d: %v - %v = %v", i, ra, rb, got)
		}
		if got, want := ratOf(a.mul(b)), new(big.Rat).Mul(ra, rb); got.Cmp(want) != 0 {
			t.Fatalf("case %d: %v · %v = %v", i, ra, rb, got)
		}
		if got, want := a.cmp(b), ra.Cmp(rb); got != want {
			t.Fatalf("case %d: cmp(%v, %v) = %d, want %d", i, ra, rb, got, want)
		}
		if b.sign() == 0 {
			continue
		}
		got := quoFloat64(a, b)
		want, _ := new(big.Rat).Quo(ra, rb).Float64()
		if math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("case %d: quoFloat64(%v, %v) = %v, want %v", i, ra, rb, got, want)
		}
	}
}
