package geom

import "math"

// Exact, allocation-free signs of the orientation determinants by
// floating-point expansion arithmetic (Shewchuk 1997, sections 2.4-2.6).
//
// An expansion is a sum of float64 components that do not overlap (the
// lowest set bit of each is above the highest set bit of the one before),
// kept in increasing order of magnitude with zeros removed. Its most
// significant (last) component is larger in magnitude than all the others
// together, so its sign is the sign of the exact sum. Every value added is
// produced by an error-free transformation: TwoDiff turns a coordinate
// difference into two floats whose sum is exact, TwoProduct (one rounded
// product plus its error from math.FMA) turns a product of two floats into
// two floats whose sum is exact. All of this holds in round-to-nearest
// binary64 as long as no sum overflows and no product loses bits to the
// subnormal range; the callers check both and hand such inputs to the
// dyadic path (dyadic.go) instead.

const (
	// maxDiff2 bounds every coordinate difference for the 2D expansion:
	// products stay below 2^1000 and the sum of at most 16 of them below
	// 2^1005, far from overflow.
	maxDiff2 = 0x1p500
	// maxDiff3 bounds every coordinate difference for the 3D expansion:
	// triple products stay below 2^991 and the sum of at most 192 of them
	// below 2^999.
	maxDiff3 = 0x1p330
	// minProduct is the smallest rounded product whose rounding error
	// TwoProduct may trust. With |x·y| ≥ 2^-960 the exponents of x and y sum
	// to at least -962, so the error, a multiple of ulp(x)·ulp(y) ≥ 2^-1066
	// with at most 53 significant bits, is a representable float64.
	minProduct = 0x1p-960
	// orient2Terms and orient3Terms bound the number of components: each
	// component added grows an expansion by at most one, and the 2D (3D)
	// determinant adds at most 2·(2·2)·2 = 16 (6·(2·2·2)·4 = 192) floats.
	orient2Terms = 16
	orient3Terms = 192
)

// twoSum returns s = fl(a+b) and the exact error e, so a+b = s+e
// (Knuth's branch-free TwoSum; exact for any finite a, b whose sum does
// not overflow).
func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bv := s - a
	av := s - bv
	return s, (a - av) + (b - bv)
}

// twoDiff returns d = fl(a-b) and the exact error e, so a-b = d+e.
func twoDiff(a, b float64) (d, e float64) {
	d = a - b
	bv := a - d
	av := d + bv
	return d, (a - av) + (bv - b)
}

// expansion accumulates an exact sum. c[:n] holds the components,
// nonoverlapping, increasing in magnitude, without zeros; c is backed by an
// array owned by the caller, long enough for every value the caller adds
// (each add lengthens the expansion by at most one). lost is set when a
// product was too small for TwoProduct to be exact, in which case the sum
// is meaningless and the caller must use another method.
type expansion struct {
	c    []float64
	n    int
	lost bool
}

// add adds b to the expansion exactly (Shewchuk's GROW-EXPANSION with zero
// elimination). Components are rewritten in place: the write index never
// passes the read index.
func (e *expansion) add(b float64) {
	if b == 0 {
		return
	}
	q, n := b, 0
	for _, x := range e.c[:e.n] {
		var t float64
		q, t = twoSum(q, x)
		if t != 0 {
			e.c[n] = t
			n++
		}
	}
	if q != 0 {
		e.c[n] = q
		n++
	}
	e.n = n
}

// addProduct adds x·y exactly as its rounded value and the rounding error.
// The explicit conversion keeps the compiler from fusing the product into
// another operation, so p is the correctly rounded product.
func (e *expansion) addProduct(x, y float64) {
	if x == 0 || y == 0 {
		return
	}
	p := float64(x * y)
	if math.Abs(p) < minProduct {
		e.lost = true
		return
	}
	e.add(math.FMA(x, y, -p))
	e.add(p)
}

// addTriple adds x·y·z exactly: x·y = p + pe by TwoProduct, then p·z and
// pe·z by TwoProduct again, four floats in all.
func (e *expansion) addTriple(x, y, z float64) {
	if x == 0 || y == 0 || z == 0 {
		return
	}
	p := float64(x * y)
	if math.Abs(p) < minProduct {
		e.lost = true
		return
	}
	e.addProduct(math.FMA(x, y, -p), z)
	e.addProduct(p, z)
}

// sign returns the sign of the exact sum: the sign of the most significant
// component, or 0 for the empty expansion.
func (e *expansion) sign() int {
	switch {
	case e.n == 0:
		return 0
	case e.c[e.n-1] > 0:
		return 1
	}
	return -1
}

// term is an exact coordinate difference as a two-component expansion:
// hi = fl(p-q), lo = the rounding error, hi+lo = p-q.
type term [2]float64

// diff returns p-q exactly as a two-component expansion.
func diff(p, q float64) term {
	hi, lo := twoDiff(p, q)
	return term{hi, lo}
}

// orientExpansion returns the exact sign of (b-a)×(c-a) for finite a, b, c,
// and ok = false (sign 0) when a coordinate difference exceeds maxDiff2 or a
// product is below minProduct, where the expansion might not be exact.
func orientExpansion(a, b, c Point) (sign int, ok bool) {
	bax, bay := diff(b.X, a.X), diff(b.Y, a.Y)
	cax, cay := diff(c.X, a.X), diff(c.Y, a.Y)
	// The negated comparison also rejects an infinite difference.
	if !(math.Abs(bax[0]) <= maxDiff2 && math.Abs(bay[0]) <= maxDiff2 &&
		math.Abs(cax[0]) <= maxDiff2 && math.Abs(cay[0]) <= maxDiff2) {
		return 0, false
	}
	var buf [orient2Terms]float64
	e := expansion{c: buf[:]}
	// (bax)(cay) - (bay)(cax), each factor hi+lo: 2·(2·2) products.
	for _, x := range bax {
		for _, y := range cay {
			e.addProduct(x, y)
		}
	}
	for _, x := range bay {
		for _, y := range cax {
			e.addProduct(-x, y)
		}
	}
	if e.lost {
		return 0, false
	}
	return e.sign(), true
}

// orient3Expansion returns the exact sign of ((b-a)×(c-a))·(d-a) for finite
// a, b, c, d, and ok = false (sign 0) when a coordinate difference exceeds
// maxDiff3 or a product is below minProduct.
func orient3Expansion(a, b, c, d Vec3) (sign int, ok bool) {
	u := [3]term{diff(b.X, a.X), diff(b.Y, a.Y), diff(b.Z, a.Z)}
	v := [3]term{diff(c.X, a.X), diff(c.Y, a.Y), diff(c.Z, a.Z)}
	w := [3]term{diff(d.X, a.X), diff(d.Y, a.Y), diff(d.Z, a.Z)}
	for i := range 3 {
		if !(math.Abs(u[i][0]) <= maxDiff3 && math.Abs(v[i][0]) <= maxDiff3 &&
			math.Abs(w[i][0]) <= maxDiff3) {
			return 0, false
		}
	}
	var buf [orient3Terms]float64
	e := expansion{c: buf[:]}
	// (u×v)·w = u·(v×w) = Σ_i u_i (v_j w_k - v_k w_j) with (i,j,k) cyclic.
	for i := range 3 {
		j, k := (i+1)%3, (i+2)%3
		for _, x := range u[i] {
			for _, y := range v[j] {
				for _, z := range w[k] {
					e.addTriple(x, y, z)
				}
			}
			for _, y := range v[k] {
				for _, z := range w[j] {
					e.addTriple(-x, y, z)
				}
			}
		}
	}
	if e.lost {
		return 0, false
	}
	return e.sign(), true
}
