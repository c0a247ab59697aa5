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
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	query := fs.String("query", "", "draw only the query with this id (a verdict sheet with profile and text)")
	out := fs.String("o", "", "the PNG file to write (required)")
	ppi := fs.Float64("ppi", render.DefaultPxPerInch, "pixels per inch")
	// Accept the file before or after the flags.
	var file string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		file, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return exitInvalid
	}
	if file == "" && fs.NArg() == 1 {
		file = fs.Arg(0)
	} else if fs.NArg() != 0 || file == "" {
		fmt.Fprintln(stderr, "sightline render: want exactly one FILE")
		return exitInvalid
	}
	if *out == "" {
		fmt.Fprintln(stderr, "sightline render: -o OUT.png is required")
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
