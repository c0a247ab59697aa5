package geom

import (
	"math"
	"math/bits"
)

// The last, rare stage of the exact predicates (inputs whose coordinate
// differences or products leave the range where expansion arithmetic is
// exact) computes in dyadic numbers: an integer times a power of two. Every
// finite float64 is one, and sums, differences and products of dyadics are
// dyadics, so these stages need no division and no rationals. This small
// arithmetic replaces math/big, which cost the WebAssembly module about
// 97 KB of code; the tests keep math/big as the reference.

// nat is a natural number in little-endian 64-bit limbs. Every nat made
// here is normalised (no zero most significant limb; zero is empty) and
// never modified after it is returned.
type nat []uint64

// dyadic is the exact number (-1)^neg · mag · 2^exp. The zero value is 0;
// a zero dyadic has an empty mag and neg false.
type dyadic struct {
	mag nat
	exp int
	neg bool
}

// dyadicOf returns the finite float64 x as a dyadic, exactly.
func dyadicOf(x float64) dyadic {
	b := math.Float64bits(x)
	m := b & (1<<52 - 1)
	e := int(b>>52) & 0x7ff
	if e == 0 {
		e = 1 // subnormal: no implicit bit, the exponent of the smallest normal
	} else {
		m |= 1 << 52
	}
	if m == 0 {
		return dyadic{}
	}
	return dyadic{mag: nat{m}, exp: e - 1075, neg: b>>63 != 0}
}

// dyadicSub returns x-y exactly for finite x and y.
func dyadicSub(x, y float64) dyadic { return dyadicOf(x).sub(dyadicOf(y)) }

// sign returns -1, 0 or +1 as a is negative, zero or positive.
func (a dyadic) sign() int {
	switch {
	case len(a.mag) == 0:
		return 0
	case a.neg:
		return -1
	}
	return 1
}

// add returns a+b exactly.
func (a dyadic) add(b dyadic) dyadic {
	if len(a.mag) == 0 {
		return b
	}
	if len(b.mag) == 0 {
		return a
	}
	e := min(a.exp, b.exp)
	x, y := a.mag.shl(uint(a.exp-e)), b.mag.shl(uint(b.exp-e))
	if a.neg == b.neg {
		return dyadic{mag: x.add(y), exp: e, neg: a.neg}
	}
	switch x.cmp(y) {
	case 1:
		return dyadic{mag: x.sub(y), exp: e, neg: a.neg}
	case -1:
		return dyadic{mag: y.sub(x), exp: e, neg: b.neg}
	}
	return dyadic{}
}

// sub returns a-b exactly.
func (a dyadic) sub(b dyadic) dyadic {
	if len(b.mag) != 0 {
		b.neg = !b.neg
	}
	return a.add(b)
}

// mul returns a·b exactly.
func (a dyadic) mul(b dyadic) dyadic {
	if len(a.mag) == 0 || len(b.mag) == 0 {
		return dyadic{}
	}
	return dyadic{mag: a.mag.mul(b.mag), exp: a.exp + b.exp, neg: a.neg != b.neg}
}

// cmp returns the sign of a-b.
func (a dyadic) cmp(b dyadic) int { return a.sub(b).sign() }

// quoFloat64 returns the quotient n/d rounded to the nearest float64, ties
// to even (±Inf beyond the largest float64; a quotient that rounds to zero
// keeps its sign), as big.Rat's Float64 does. A zero d gives NaN.
func quoFloat64(n, d dyadic) float64 {
	if len(d.mag) == 0 {
		return math.NaN()
	}
	if len(n.mag) == 0 {
		return 0
	}
	// Scale so that the bit lengths differ by 55: then n/d lies in
	// [2^54, 2^56) and its integer part carries at least two bits below
	// the 53 a float64 keeps.
	x, y := n.mag, d.mag
	e := n.exp - d.exp
	s := 55 - (x.bitLen() - y.bitLen())
	if s > 0 {
		x = x.shl(uint(s))
	} else if s < 0 {
		y = y.shl(uint(-s))
	}
	e -= s
	// Restoring division, one quotient bit at a time: t is y·2^i.
	rem := x
	t := y.shl(55)
	var q uint64
	for i := 55; i >= 0; i-- {
		if rem.cmp(t) >= 0 {
			rem = rem.sub(t)
			q |= 1 << uint(i)
		}
		t = t.shr1()
	}
	return roundFloat64(n.neg != d.neg, q, e, len(rem) != 0)
}

// roundFloat64 rounds (q + f)·2^e to the nearest float64, ties to even,
// negated when neg, where 2^54 <= q < 2^56 and 0 <= f < 1 is a fraction
// that is nonzero exactly when sticky.
func roundFloat64(neg bool, q uint64, e int, sticky bool) float64 {
	l := bits.Len64(q)
	top := e + l - 1 // the value lies in [2^top, 2^(top+1))
	keep := 53       // significant bits the result can hold
	if top < -1022 {
		keep = top + 1075 // subnormal: fewer bits above 2^-1074
	}
	var f float64
	switch {
	case top > 1023:
		f = math.Inf(1)
	case keep < 0: // below half the smallest subnormal
		f = 0
	default:
		drop := uint(l - keep) // at least 2
		m := q >> drop
		rest, half := q&(1<<drop-1), uint64(1)<<(drop-1)
		if rest > half || rest == half && (sticky || m&1 == 1) {
			m++
		}
		f = math.Ldexp(float64(m), e+int(drop))
	}
	if neg {
		f = -f
	}
	return f
}

// norm drops z's zero most significant limbs.
func (z nat) norm() nat {
	i := len(z)
	for i > 0 && z[i-1] == 0 {
		i--
	}
	return z[:i]
}

// bitLen returns the number of bits of x (0 for zero).
func (x nat) bitLen() int {
	if len(x) == 0 {
		return 0
	}
	return (len(x)-1)*64 + bits.Len64(x[len(x)-1])
}

// cmp returns the sign of x-y.
func (x nat) cmp(y nat) int {
	if len(x) != len(y) {
		if len(x) < len(y) {
			return -1
		}
		return 1
	}
	for i := len(x) - 1; i >= 0; i-- {
		if x[i] != y[i] {
			if x[i] < y[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// shl returns x·2^s in a new nat.
func (x nat) shl(s uint) nat {
	if len(x) == 0 {
		return nil
	}
	n, b := int(s/64), s%64
	z := make(nat, n+len(x)+1)
	if b == 0 {
		copy(z[n:], x)
	} else {
		var c uint64
		for i, xi := range x {
			z[n+i] = xi<<b | c
			c = xi >> (64 - b)
		}
		z[n+len(x)] = c
	}
	return z.norm()
}

// shr1 returns floor(x/2) in a new nat.
func (x nat) shr1() nat {
	z := make(nat, len(x))
	for i, xi := range x {
		z[i] = xi >> 1
		if i+1 < len(x) {
			z[i] |= x[i+1] << 63
		}
	}
	return z.norm()
}

// add returns x+y in a new nat.
func (x nat) add(y nat) nat {
	if len(x) < len(y) {
		x, y = y, x
	}
	z := make(nat, len(x)+1)
	var c uint64
	for i, xi := range x {
		var yi uint64
		if i < len(y) {
			yi = y[i]
		}
		z[i], c = bits.Add64(xi, yi, c)
	}
	z[len(x)] = c
	return z.norm()
}

// sub returns x-y in a new nat; x must be at least y.
func (x nat) sub(y nat) nat {
	z := make(nat, len(x))
	var b uint64
	for i, xi := range x {
		var yi uint64
		if i < len(y) {
			yi = y[i]
		}
		z[i], b = bits.Sub64(xi, yi, b)
	}
	return z.norm()
}

// mul returns x·y in a new nat (schoolbook: the operands here have at
// most a few dozen limbs).
func (x nat) mul(y nat) nat {
	if len(x) == 0 || len(y) == 0 {
		return nil
	}
	z := make(nat, len(x)+len(y))
	for i, xi := range x {
		var c uint64
		for j, yj := range y {
			// xi·yj + z[i+j] + c < 2^128: no carry is lost.
			hi, lo := bits.Mul64(xi, yj)
			var k uint64
			lo, k = bits.Add64(lo, z[i+j], 0)
			hi += k
			lo, k = bits.Add64(lo, c, 0)
			hi += k
			z[i+j], c = lo, hi
		}
		z[i+len(y)] = c
	}
	return z.norm()
}
