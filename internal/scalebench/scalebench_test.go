package scalebench

import (
	"fmt"
	"testing"
)

// BenchmarkScale runs every case at every size:
//
//	go test ./internal/scalebench -run XXX -bench 'Scale/Sight/' -benchtime 2000x
func BenchmarkScale(b *testing.B) {
	for _, c := range Cases() {
		b.Run(c.Name, func(b *testing.B) {
			for _, n := range Sizes {
				b.Run(fmt.Sprintf("pieces=%d", n), func(b *testing.B) { c.Run(b, n) })
			}
		})
	}
}
