package main

import (
	"flag"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"

	"github.com/sightline/sightline/answer"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/scenario"
)

// runRender is "sightline render FILE [--query ID] -o OUT.png".
func runRender(args []string, stdout, stderr io.Writer) int {
	c := lookup("render")
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	query := fs.String("query", "", "draw only the query with this id (a verdict sheet with profile and text)")
	out := fs.String("o", "", "the PNG file to write (required)")
	ppi := fs.Float64("ppi", render.DefaultPxPerInch, "pixels per inch")
	pos, code, ok := c.parse(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "sightline render: want exactly one FILE, got %d arguments\nusage: sightline %s\n", len(pos), c.synopsis)
		return exitInvalid
	}
	file := pos[0]
	if *out == "" {
		fmt.Fprintf(stderr, "sightline render: -o OUT.png is required\nusage: sightline %s\n", c.synopsis)
		return exitInvalid
	}
	if !(*ppi > 0 && *ppi <= 400) {
		fmt.Fprintf(stderr, "sightline render: -ppi %g: want a number in (0, 400]\n", *ppi)
		return exitInvalid
	}
	f, code := load(file, stderr)
	if f == nil {
		return code
	}
	answers, errs := answer.Run(f)
	for _, err := range errs {
		fmt.Fprintf(stderr, "%s: %v\n", file, err)
	}
	opt := render.Options{PxPerInch: *ppi}
	var img image.Image
	var err error
	if *query != "" {
		a := find(answers, *query)
		if a == nil {
			fmt.Fprintf(stderr, "%s: no answered query with id %q\n", file, *query)
			return exitInvalid
		}
		img, err = answer.Picture(f, a, opt)
	} else {
		img, err = answer.TablePicture(f, answers, opt)
	}
	if err != nil {
		fmt.Fprintf(stderr, "sightline render: %v\n", err)
		return exitInvalid
	}
	if err := writePNG(*out, img); err != nil {
		fmt.Fprintf(stderr, "sightline render: %v\n", err)
		return exitFailure
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	if len(errs) > 0 {
		return exitInvalid
	}
	return exitOK
}

func find(answers []*answer.Answer, id string) *answer.Answer {
	for _, a := range answers {
		if a.ID == id && a.Err == nil {
			return a
		}
	}
	return nil
}

func writePNG(name string, img image.Image) error {
	w, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := render.WritePNG(w, img); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// writePictures draws the whole table and one sheet per answer into dir
// and returns the files written.
func writePictures(f *scenario.File, answers []*answer.Answer, dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var written []string
	img, err := answer.TablePicture(f, answers, render.Options{})
	if err != nil {
		return nil, err
	}
	name := filepath.Join(dir, "table.png")
	if err := writePNG(name, img); err != nil {
		return nil, err
	}
	written = append(written, name)
	for _, a := range answers {
		if a.Err != nil {
			continue // nothing to draw: the error is in the results
		}
		img, err := answer.Picture(f, a, render.Options{})
		if err != nil {
			return written, fmt.Errorf("query %s: %w", a.ID, err)
		}
		name := filepath.Join(dir, a.ID+".png")
		if err := writePNG(name, img); err != nil {
			return written, err
		}
		written = append(written, name)
	}
	return written, nil
}
