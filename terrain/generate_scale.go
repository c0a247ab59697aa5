package terrain

import "math"

// ScaledGenerate returns generator options at the reference table's
// density (DefaultGenerate: 50 pieces and 60 models on 48 x 48 in) for the
// given number of pieces: a square table of side 48·sqrt(pieces/50) in,
// capped at MaxTableSize, with 1.2 models per piece. ScaledGenerate(50) is
// DefaultGenerate(); 3,000 pieces give 3,600 models on about 372 x 372 in.
// The benchmarks over table size use it.
func ScaledGenerate(pieces int) GenerateOptions {
	ref := DefaultGenerate()
	pieces = max(pieces, 1)
	side := min(MaxTableSize, ref.Width*math.Sqrt(float64(pieces)/float64(ref.Pieces)))
	return GenerateOptions{Width: side, Depth: side, Pieces: pieces, Models: pieces * ref.Models / ref.Pieces}
}
