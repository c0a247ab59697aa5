package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/server"
)

// serveAbout is the help text of "sightline serve".
const serveAbout = `
Serve the HTTP API (check, render, plan, look, scenario, schema, healthz)
and the interactive table page at http://HOST:PORT/ until SIGINT or
SIGTERM, then let in-flight requests finish. FILE (default: the embedded
scenario) is the table the page starts on; it is checked first. The server
keeps no per-user state. Endpoints, limits and deployment: docs/serving.md.`

// runServe is "sightline serve [--addr HOST:PORT] [FILE]": the HTTP API
// and the interactive table until SIGINT or SIGTERM.
func runServe(args []string, stdout, stderr io.Writer) int {
	c := lookup("serve")
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", server.DefaultAddr, "listen on this host:port (port 0 picks a free one)")
	maxBody := fs.Int64("max-body", server.DefaultMaxBody, "largest request body in bytes (413 beyond)")
	timeout := fs.Duration("timeout", server.DefaultTimeout, "time limit of one request (503 beyond)")
	grace := fs.Duration("shutdown-grace", server.DefaultShutdownGrace, "how long in-flight requests may finish after SIGINT/SIGTERM")
	renders := fs.Int("max-renders", server.DefaultMaxRenders, "PNGs drawn at once")
	logJSON := fs.Bool("log-json", false, "write the logs as JSON lines (default: text)")
	pos, code, ok := c.parse(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) > 1 {
		fmt.Fprintf(stderr, "sightline serve: want at most one FILE, got %d arguments\nusage: sightline %s\n", len(pos), c.synopsis)
		return exitInvalid
	}
	var file string
	if len(pos) == 1 {
		file = pos[0]
	}
	var doc []byte
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintf(stderr, "sightline: %v\n", err)
			return exitFailure
		}
		if _, err := scenario.DecodeBytes(b); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", file, err)
			return exitInvalid
		}
		doc = b
	}
	var h slog.Handler = slog.NewTextHandler(stderr, nil)
	if *logJSON {
		h = slog.NewJSONHandler(stderr, nil)
	}
	srv, err := server.New(server.Config{Scenario: doc, Logger: slog.New(h), MaxBody: *maxBody,
		Timeout: *timeout, ShutdownGrace: *grace, MaxRenders: *renders})
	if err != nil {
		fmt.Fprintf(stderr, "sightline serve: %v\n", err)
		return exitInvalid
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "sightline serve: %v\n", err)
		return exitFailure
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(stdout, "sightline: the table is at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	if err := srv.Serve(ctx, ln); err != nil {
		fmt.Fprintf(stderr, "sightline serve: %v\n", err)
		return exitFailure
	}
	return exitOK
}
