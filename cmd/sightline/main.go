// Command sightline validates scenario files and answers their queries:
// range, arcs, line of sight, visible fraction, movement and the rulesets'
// shot and move verdicts.
//
// Usage:
//
//	sightline check [--json] FILE
//	sightline demo [--json] [--out DIR]
//	sightline render FILE [--query ID] -o OUT.png
//	sightline version
//
// Exit status: 0 when the file is valid (whatever the answers are); 2 when
// it is not, or a query cannot be answered, with a message naming the JSON
// path and value; 1 for failures outside the file (an unreadable file, an
// unwritable output).
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/sightline/sightline/answer"
	"github.com/sightline/sightline/scenario"
)

// version is the CLI's version, reported by "sightline version".
const version = "0.1.0"

// Exit statuses.
const (
	exitOK      = 0
	exitFailure = 1
	exitInvalid = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage:
  sightline check [--json] FILE   validate a scenario file and answer its queries
  sightline demo [--json] [--out DIR]
                                  answer the embedded default scenario and
                                  draw its pictures into DIR (default sightline-demo)
  sightline render FILE [--query ID] -o OUT.png
                                  draw the table with every answer, or one
                                  query's verdict sheet
  sightline version               print the version
`)
}

// run is main without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitInvalid
	}
	switch args[0] {
	case "check":
		return runCheck(args[1:], stdout, stderr)
	case "demo":
		return runDemo(args[1:], stdout, stderr)
	case "render":
		return runRender(args[1:], stdout, stderr)
	case "version", "--version", "-v":
		fmt.Fprintf(stdout, "sightline %s (scenario format v%d)\n", version, scenario.Version)
		return exitOK
	case "help", "--help", "-h":
		usage(stdout)
		return exitOK
	}
	fmt.Fprintf(stderr, "sightline: unknown command %q\n", args[0])
	usage(stderr)
	return exitInvalid
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print {\"results\": [...]} instead of text")
	if err := fs.Parse(args); err != nil {
		return exitInvalid
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "sightline check: want exactly one FILE")
		return exitInvalid
	}
	name := fs.Arg(0)
	f, code := load(name, stderr)
	if f == nil {
		return code
	}
	answers, errs := answer.Run(f)
	return report(answers, errs, name, *asJSON, stdout, stderr)
}

// load reads a scenario file; on failure it reports the error and returns
// the exit status (1 when the file cannot be read, 2 when it is invalid).
func load(name string, stderr io.Writer) (*scenario.File, int) {
	f, err := scenario.Load(name)
	if err != nil {
		var pathErr *os.PathError
		if errors.As(err, &pathErr) {
			fmt.Fprintf(stderr, "sightline: %v\n", err)
			return nil, exitFailure
		}
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil, exitInvalid
	}
	return f, exitOK
}

func runDemo(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print {\"results\": [...]} instead of text")
	out := fs.String("out", "sightline-demo", "folder for the pictures (\"\" to draw none)")
	if err := fs.Parse(args); err != nil {
		return exitInvalid
	}
	f := scenario.Default()
	if !*asJSON {
		bf := f.Battlefield()
		t := bf.Table()
		fmt.Fprintf(stdout, "Sightline demo: %s\n%g x %g in table, %d terrain pieces, %d models, %d queries\n\n",
			f.Name, t.Width, t.Depth, len(bf.Pieces()), len(bf.Models()), len(f.Queries))
	}
	answers, errs := answer.Run(f)
	code := report(answers, errs, "default scenario", *asJSON, stdout, stderr)
	if *out != "" {
		written, err := writePictures(f, answers, *out)
		if err != nil {
			fmt.Fprintf(stderr, "sightline demo: pictures: %v\n", err)
			return exitFailure
		}
		msg := fmt.Sprintf("\nwrote %d pictures to %s (table.png: the whole table; one verdict sheet per query)\n", len(written), *out)
		if *asJSON {
			fmt.Fprint(stderr, msg)
		} else {
			fmt.Fprint(stdout, msg)
		}
	}
	return code
}

// report prints answers and query errors; it returns the exit status.
func report(answers []*answer.Answer, errs []error, name string, asJSON bool, stdout, stderr io.Writer) int {
	if asJSON {
		out := struct {
			Results []*answer.Answer `json:"results"`
		}{Results: answers}
		if out.Results == nil {
			out.Results = []*answer.Answer{}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(stderr, "sightline: %v\n", err)
			return exitFailure
		}
	} else {
		for _, a := range answers {
			fmt.Fprintln(stdout, a.Text())
		}
	}
	// Errors of single queries are in the results already; stderr gets
	// them too in JSON mode (stdout is for machines), and always the error
	// that left no query answered.
	if asJSON || len(answers) == 0 {
		for _, err := range errs {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
		}
	}
	if len(errs) > 0 {
		return exitInvalid
	}
	return exitOK
}
