// Command perfplot runs the benchmark family over table size
// (internal/scalebench) and writes its figures for docs/performance.md: a
// tab-separated table of CPU ns/op (the benchmark thread's own CPU time)
// by case and piece count, the same as a
// Markdown table on standard output, and a log-log plot (PNG). With
// -plot it only redraws the plot from an existing table.
//
//	go run ./internal/scalebench/cmd/perfplot -out docs/performance-scale
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/sightline/sightline/internal/scalebench"
)

func main() {
	testing.Init()
	out := flag.String("out", "docs/performance-scale", "output path without extension (.tsv and .png are written)")
	plotOnly := flag.Bool("plot", false, "only redraw the plot from the existing .tsv")
	benchtime := flag.String("benchtime", "1s", "time or iterations (Nx) per benchmark")
	flag.StringVar(&unit, "unit", "ns", `unit of the table: "ns" (measured here) or "Ir" (instructions per op, from callgrind.sh; with -plot)`)
	flag.Parse()
	if err := flag.Set("test.benchtime", *benchtime); err != nil {
		fail(err)
	}
	if !*plotOnly {
		rows := measure()
		if err := writeTSV(*out+".tsv", rows); err != nil {
			fail(err)
		}
	}
	rows, err := readTSV(*out + ".tsv")
	if err != nil {
		fail(err)
	}
	printMarkdown(rows)
	if err := plot(*out+".png", rows); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "perfplot:", err)
	os.Exit(1)
}

// row is one case's ns/op by size (NaN: not measured).
type row struct {
	name string
	ns   []float64
}

// measure runs every case at every size.
func measure() []row {
	var rows []row
	for _, c := range scalebench.Cases() {
		r := row{name: c.Name}
		for _, n := range scalebench.Sizes {
			res := testing.Benchmark(func(b *testing.B) { c.Run(b, n) })
			v := math.NaN()
			if cpu, ok := res.Extra["cpu-ns/op"]; ok {
				v = cpu // the thread's CPU time: less sensitive to load
			} else if res.N > 0 {
				v = float64(res.T.Nanoseconds()) / float64(res.N)
			}
			fmt.Fprintf(os.Stderr, "%s pieces=%d: %.0f ns/op\n", c.Name, n, v)
			r.ns = append(r.ns, v)
		}
		rows = append(rows, r)
	}
	return rows
}

func writeTSV(path string, rows []row) error {
	var b strings.Builder
	b.WriteString("case")
	for _, n := range scalebench.Sizes {
		fmt.Fprintf(&b, "\t%d", n)
	}
	b.WriteString("\n")
	for _, r := range rows {
		b.WriteString(r.name)
		for _, v := range r.ns {
			fmt.Fprintf(&b, "\t%.0f", v)
		}
		b.WriteString("\n")
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func readTSV(path string) ([]row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []row
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		fs := strings.Split(sc.Text(), "\t")
		if first || len(fs) < 2 {
			continue
		}
		r := row{name: fs[0]}
		for _, s := range fs[1:] {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				v = math.NaN()
			}
			r.ns = append(r.ns, v)
		}
		rows = append(rows, r)
	}
	return rows, sc.Err()
}

// unit is the table's unit (-unit).
var unit = "ns"

// human formats a figure with its unit.
func human(ns float64) string {
	if unit != "ns" && !math.IsNaN(ns) {
		switch {
		case ns >= 1e6:
			return fmt.Sprintf("%.2fM %s", ns/1e6, unit)
		case ns >= 1e3:
			return fmt.Sprintf("%.1fk %s", ns/1e3, unit)
		}
		return fmt.Sprintf("%.0f %s", ns, unit)
	}
	switch {
	case math.IsNaN(ns):
		return "–"
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.1f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}

func printMarkdown(rows []row) {
	fmt.Print("| query |")
	for _, n := range scalebench.Sizes {
		fmt.Printf(" %d pieces |", n)
	}
	fmt.Print(" largest / smallest |\n|---|")
	for range scalebench.Sizes {
		fmt.Print("---:|")
	}
	fmt.Print("---:|\n")
	for _, r := range rows {
		fmt.Printf("| %s |", r.name)
		for _, v := range r.ns {
			fmt.Printf(" %s |", human(v))
		}
		fmt.Printf(" %.1f× |\n", r.ns[len(r.ns)-1]/r.ns[0])
	}
}

// plot draws ns/op against piece count, both on log scales, one line per
// case.
func plot(path string, rows []row) error {
	const w, h, left, right, top, bottom = 900, 560, 80, 230, 40, 60
	dc := gg.NewContext(w, h)
	dc.SetRGB(1, 1, 1)
	dc.Clear()
	ft, err := truetype.Parse(goregular.TTF)
	if err != nil {
		return err
	}
	dc.SetFontFace(truetype.NewFace(ft, &truetype.Options{Size: 13}))
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range rows {
		for _, v := range r.ns {
			if v > 0 {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	ylo, yhi := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	xlo, xhi := math.Log10(float64(scalebench.Sizes[0])), math.Log10(float64(scalebench.Sizes[len(scalebench.Sizes)-1]))
	px := func(n float64) float64 { return left + (math.Log10(n)-xlo)/(xhi-xlo)*(w-left-right) }
	py := func(ns float64) float64 { return h - bottom - (math.Log10(ns)-ylo)/(yhi-ylo)*(h-top-bottom) }
	dc.SetRGB(0.85, 0.85, 0.85)
	dc.SetLineWidth(1)
	for e := ylo; e <= yhi; e++ {
		y := py(math.Pow(10, e))
		dc.DrawLine(left, y, w-right, y)
		dc.Stroke()
		dc.SetRGB(0.2, 0.2, 0.2)
		dc.DrawStringAnchored(human(math.Pow(10, e)), left-8, y, 1, 0.35)
		dc.SetRGB(0.85, 0.85, 0.85)
	}
	for _, n := range scalebench.Sizes {
		x := px(float64(n))
		dc.DrawLine(x, top, x, h-bottom)
		dc.Stroke()
		dc.SetRGB(0.2, 0.2, 0.2)
		dc.DrawStringAnchored(strconv.Itoa(n), x, h-bottom+18, 0.5, 0.5)
		dc.SetRGB(0.85, 0.85, 0.85)
	}
	dc.SetRGB(0, 0, 0)
	dc.DrawStringAnchored("pieces on the table (constant density; 3,000 pieces = 372 x 372 in)", (left+w-right)/2, h-18, 0.5, 0.5)
	ylabel := "CPU time per query (the benchmark thread's; log scale)"
	if unit != "ns" {
		ylabel = "instructions per query (" + unit + ", callgrind; log scale)"
	}
	dc.DrawStringAnchored(ylabel, left, top-20, 0, 0.5)
	palette := [][3]float64{{0.12, 0.47, 0.71}, {1, 0.5, 0.05}, {0.17, 0.63, 0.17}, {0.84, 0.15, 0.16}, {0.58, 0.4, 0.74}, {0.55, 0.34, 0.29}, {0.89, 0.47, 0.76}}
	for k, r := range rows {
		c := palette[k%len(palette)]
		dc.SetRGB(c[0], c[1], c[2])
		dc.SetLineWidth(2.5)
		started := false
		for i, v := range r.ns {
			if !(v > 0) {
				continue
			}
			x, y := px(float64(scalebench.Sizes[i])), py(v)
			if started {
				dc.LineTo(x, y)
			} else {
				dc.MoveTo(x, y)
				started = true
			}
		}
		dc.Stroke()
		for i, v := range r.ns {
			if v > 0 {
				dc.DrawCircle(px(float64(scalebench.Sizes[i])), py(v), 4)
				dc.Fill()
			}
		}
		ly := float64(top + 20 + 24*k)
		dc.DrawLine(w-right+15, ly, w-right+40, ly)
		dc.Stroke()
		dc.SetRGB(0, 0, 0)
		dc.DrawStringAnchored(r.name, w-right+48, ly, 0, 0.35)
	}
	return dc.SavePNG(path)
}
