// Command sightline validates scenario files and answers their queries:
// range, arcs, line of sight, visible fraction, movement and the rulesets'
// shot and move verdicts.
//
// Usage:
//
//	sightline check [--json] FILE
//	sightline demo [--json] [--out DIR]
//	sightline render FILE [--query ID] -o OUT.png
//	sightline serve [--addr HOST:PORT] [FILE]
//	sightline threat FILE --model ID --observers SIDE [--res 0.25] [-o map.png] [--json|--csv]
//	sightline version
//
// Flags may come before or after the file; "sightline COMMAND --help"
// prints a command's usage, flags and exit status.
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
	"runtime/debug"
	"strings"

	"github.com/sightline/sightline/answer"
	"github.com/sightline/sightline/scenario"
)

// Exit statuses.
const (
	exitOK      = 0
	exitFailure = 1
	exitInvalid = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// commands are the subcommands, in the order usage lists them.
var commands = []command{
	{name: "check", synopsis: "check [--json] FILE", about: `
Validate the scenario file FILE and answer its queries. Every query gets an
answer in the file's order; one that cannot be answered says why, naming
the JSON path. With --json the answers are printed as {"results": [...]}.`},
	{name: "demo", synopsis: "demo [--json] [--out DIR]", about: `
Answer the embedded default scenario (a 48 x 48 in table with buildings,
woods, a hill, tanks, infantry, a garrison and an aircraft) and draw the
table and one verdict sheet per query into DIR.`},
	{name: "render", synopsis: "render FILE [--query ID] -o OUT.png", about: `
Draw the table of FILE from above with every answer on it, or with --query
the verdict sheet of one query (the table, a profile of each sightline and
the explanation), into the PNG file OUT.png.`},
	{name: "serve", synopsis: "serve [--addr HOST:PORT] [FILE]", about: serveAbout},
	{name: "threat", synopsis: "threat FILE --model ID --observers SIDE [--res 0.25] [-o map.png] [--json|--csv]", about: threatAbout},
	{name: "version", synopsis: "version", about: `
Print the module version, the VCS revision it was built from and the
scenario format version.`},
}

// usage writes the list of commands.
func usage(w io.Writer) {
	fmt.Fprintln(w, "usage:")
	for _, c := range commands {
		fmt.Fprintf(w, "  sightline %s\n", c.synopsis)
	}
	fmt.Fprintln(w, "\nRun 'sightline COMMAND --help' for what a command does, its flags and its exit status.")
}

// run is main without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitInvalid
	}
	switch args[0] {
	case "help", "--help", "-h":
		if len(args) > 1 {
			for _, c := range commands {
				if c.name == args[1] {
					c.help(stdout, nil)
					return exitOK
				}
			}
		}
		usage(stdout)
		fmt.Fprint(stdout, exitCodes)
		return exitOK
	case "--version", "-v":
		return runVersion(nil, stdout, stderr)
	}
	runners := map[string]func([]string, io.Writer, io.Writer) int{
		"check": runCheck, "demo": runDemo, "render": runRender, "serve": runServe, "threat": runThreat, "version": runVersion,
	}
	if r, ok := runners[args[0]]; ok {
		return r(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "sightline: unknown command %q\n", args[0])
	usage(stderr)
	return exitInvalid
}

// lookup returns the command named name.
func lookup(name string) command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	panic("sightline: no command " + name) // programming error: names are constants
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	c := lookup("check")
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print {\"results\": [...]} instead of text")
	timeout := timeoutFlag(fs)
	pos, code, ok := c.parse(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "sightline check: want exactly one FILE, got %d arguments\nusage: sightline %s\n", len(pos), c.synopsis)
		return exitInvalid
	}
	name := pos[0]
	f, code := load(name, stderr)
	if f == nil {
		return code
	}
	answers, errs := runWithin(f, *timeout)
	return report(answers, errs, f.Warnings(), name, *asJSON, stdout, stderr)
}

// runVersion prints the module version and VCS revision from the build
// information, and the scenario format version.
func runVersion(args []string, stdout, stderr io.Writer) int {
	c := lookup("version")
	pos, code, ok := c.parse(flag.NewFlagSet("version", flag.ContinueOnError), args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) != 0 {
		fmt.Fprintf(stderr, "sightline version: takes no arguments\n")
		return exitInvalid
	}
	fmt.Fprintf(stdout, "sightline %s (scenario format v%d)\n", buildVersion(), scenario.Version)
	return exitOK
}

// buildVersion is the module version and, when the binary was built from a
// VCS checkout, the revision (with "+dirty" for uncommitted changes), from
// runtime/debug.ReadBuildInfo: "v0.3.0", "(devel) 1a2b3c4d5e6f+dirty".
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev != "" && !strings.Contains(v, rev[:min(12, len(rev))]) {
		v += " " + rev[:min(12, len(rev))] + dirty
	}
	return v
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
	c := lookup("demo")
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print {\"results\": [...]} instead of text")
	out := fs.String("out", "sightline-demo", "folder for the pictures (\"\" to draw none)")
	timeout := timeoutFlag(fs)
	pos, code, ok := c.parse(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) != 0 {
		fmt.Fprintf(stderr, "sightline demo: takes no FILE (it answers the embedded scenario)\nusage: sightline %s\n", c.synopsis)
		return exitInvalid
	}
	f := scenario.Default()
	if !*asJSON {
		bf := f.Battlefield()
		t := bf.Table()
		fmt.Fprintf(stdout, "Sightline demo: %s\n%g x %g in table, %d terrain pieces, %d models, %d queries\n\n",
			f.Name, t.Width, t.Depth, len(bf.Pieces()), len(bf.Models()), len(f.Queries))
	}
	answers, errs := runWithin(f, *timeout)
	code = report(answers, errs, f.Warnings(), "default scenario", *asJSON, stdout, stderr)
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

// report prints answers, query errors and the file's warnings; it
// returns the exit status (warnings never change it).
func report(answers []*answer.Answer, errs []error, warns []scenario.Warning, name string, asJSON bool, stdout, stderr io.Writer) int {
	if asJSON {
		out := struct {
			Results  []*answer.Answer   `json:"results"`
			Warnings []scenario.Warning `json:"warnings"`
		}{Results: answers, Warnings: warns}
		if out.Results == nil {
			out.Results = []*answer.Answer{}
		}
		if out.Warnings == nil {
			out.Warnings = []scenario.Warning{}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(stderr, "sightline: %v\n", err)
			return exitFailure
		}
	} else {
		for _, w := range warns {
			fmt.Fprintf(stderr, "%s: warning: %s\n", name, w)
		}
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
