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

// runServe is "sightline serve [--addr HOST:PORT] [FILE]": the HTTP API
// and the interactive table until SIGINT or SIGTERM.
func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", server.DefaultAddr, "listen on this host:port (port 0 picks a free one)")
	maxBody := fs.Int64("max-body", server.DefaultMaxBody, "largest request body in bytes (413 beyond)")
	timeout := fs.Duration("timeout", server.DefaultTimeout, "time limit of one request (503 beyond)")
	grace := fs.Duration("shutdown-grace", server.DefaultShutdownGrace, "how long in-flight requests may finish after SIGINT/SIGTERM")
	renders := fs.Int("max-renders", server.DefaultMaxRenders, "PNGs drawn at once")
	logJSON := fs.Bool("log-json", false, "write the logs as JSON lines (default: text)")
	var file string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		file, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return exitInvalid
	}
	if file == "" && fs.NArg() == 1 {
		file = fs.Arg(0)
	} else if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "sightline serve: want at most one FILE")
		return exitInvalid
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
