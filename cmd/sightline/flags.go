package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// exitCodes is the exit-status paragraph every command's help ends with.
const exitCodes = `
Exit status:
  0  the file is valid and every query was answered
  1  a failure outside the file: it cannot be read, an output cannot be written
  2  the file is invalid or a query cannot be answered; the message names
     the JSON path and the value
`

// command is one subcommand: its name, its synopsis line and what it does
// with its arguments.
type command struct {
	name     string
	synopsis string // e.g. "check [--json] FILE"
	about    string // what it does, and its arguments
}

// help writes the command's usage: synopsis, description, flags and exit
// status.
func (c command) help(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: sightline %s\n\n%s\n", c.synopsis, strings.TrimSpace(c.about))
	if fs != nil {
		var has bool
		fs.VisitAll(func(*flag.Flag) { has = true })
		if has {
			fmt.Fprintln(w, "\nFlags:")
			fs.SetOutput(w)
			fs.PrintDefaults()
		}
	}
	fmt.Fprint(w, exitCodes)
}

// errHelp is parseArgs's answer to -h, -help or --help: print the help to
// stdout and exit 0.
var errHelp = flag.ErrHelp

// parseArgs parses flags placed before, between or after the positional
// arguments ("check FILE --json" as well as "check --json FILE") and
// returns the positional ones. A "--" ends the flags. -h and --help return
// errHelp; a bad flag returns its error (already printed to the flag
// set's output).
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.Usage = func() {}
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// parse runs parseArgs for command c; it returns the positional arguments,
// or an exit status when the command should stop (after help: 0; after a
// bad flag: 2).
func (c command) parse(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) ([]string, int, bool) {
	fs.SetOutput(stderr)
	pos, err := parseArgs(fs, args)
	switch {
	case errors.Is(err, errHelp):
		c.help(stdout, fs)
		return nil, exitOK, false
	case err != nil:
		fmt.Fprintf(stderr, "run 'sightline %s --help' for usage\n", c.name)
		return nil, exitInvalid, false
	}
	return pos, 0, true
}
