package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/sightline/sightline/docs"
	"github.com/sightline/sightline/scenario"
)

// Defaults of the zero Config.
const (
	DefaultAddr          = "127.0.0.1:8080" // where "sightline serve" listens
	DefaultMaxBody       = 4 << 20          // bytes of one request body
	DefaultTimeout       = 10 * time.Second // one request, reading to answering
	DefaultShutdownGrace = 10 * time.Second // in-flight requests may finish
	DefaultMaxRenders    = 2                // PNGs drawn at once
	DefaultPxPerInch     = 20               // resolution of /v1/render without ppi
	MaxPxPerInch         = 80               // largest ppi /v1/render accepts
	readHeaderTimeout    = 5 * time.Second  // slow-loris guard
	idleTimeout          = 60 * time.Second // keep-alive connections
)

// Config holds the few knobs of a Server. The zero value serves the
// embedded default scenario with the defaults above.
type Config struct {
	// Scenario is the scenario file served by GET /v1/scenario and shown by
	// the page when its URL carries none; nil means the embedded default.
	Scenario []byte
	// Logger receives one structured record per request and the server's
	// own events; nil discards them.
	Logger *slog.Logger
	// MaxBody is the largest request body in bytes (0: DefaultMaxBody); at
	// most scenario.MaxFileSize.
	MaxBody int64
	// Timeout bounds one request (0: DefaultTimeout).
	Timeout time.Duration
	// MaxRenders bounds the PNGs drawn at once (0: DefaultMaxRenders);
	// further render requests wait for a slot within their time limit.
	MaxRenders int
	// ShutdownGrace is how long Serve lets in-flight requests finish after
	// its context is cancelled (0: DefaultShutdownGrace).
	ShutdownGrace time.Duration
	// Wasm holds the page's in-browser engine, as server/build-wasm.sh
	// writes it: index.mjs, dist/wasm_exec.js and dist/sightline.wasm.gz.
	// nil means the files embedded from server/wasm; a directory without
	// them (a fresh checkout) serves a page that asks the server.
	Wasm fs.FS
}

// Server is the HTTP service. It is safe for concurrent use and holds no
// per-request state; build it with New.
type Server struct {
	cfg      Config
	log      *slog.Logger
	scenario []byte
	schema   []byte
	renders  chan struct{}
	wasm     *wasmBuild // nil: the page answers through /v1/look
	page     []byte     // index.html with the wasm loader's URL
	handler  http.Handler
}

// New validates cfg, decodes its scenario once (so a bad file fails at
// start, with its JSON path) and returns the Server.
func New(cfg Config) (*Server, error) {
	if cfg.MaxBody == 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.MaxBody < 0 || cfg.MaxBody > scenario.MaxFileSize {
		return nil, fmt.Errorf("server: max body %d bytes: want 1 to %d", cfg.MaxBody, scenario.MaxFileSize)
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.ShutdownGrace == 0 {
		cfg.ShutdownGrace = DefaultShutdownGrace
	}
	if cfg.MaxRenders == 0 {
		cfg.MaxRenders = DefaultMaxRenders
	}
	if cfg.Timeout < 0 || cfg.ShutdownGrace < 0 || cfg.MaxRenders < 0 {
		return nil, fmt.Errorf("server: timeout %v, shutdown grace %v and max renders %d must not be negative",
			cfg.Timeout, cfg.ShutdownGrace, cfg.MaxRenders)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{cfg: cfg, log: cfg.Logger, scenario: cfg.Scenario, schema: docs.ScenarioSchema(),
		renders: make(chan struct{}, cfg.MaxRenders)}
	if s.scenario == nil {
		s.scenario = scenario.DefaultJSON()
	}
	if _, err := scenario.DecodeBytes(s.scenario); err != nil {
		return nil, fmt.Errorf("server: scenario: %w", err)
	}
	if cfg.Wasm == nil {
		cfg.Wasm = embeddedWasm
	}
	var err error
	if s.wasm, err = loadWasm(cfg.Wasm); err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	index, err := fs.ReadFile(webFS, "index.html")
	if err == nil {
		s.page, err = pageHTML(index, s.wasm)
	}
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s.handler = s.wrap(s.routes())
	return s, nil
}

// ServeHTTP answers one request; see docs/serving.md for the endpoints.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// Serve accepts connections on ln until ctx is cancelled, then stops
// accepting and lets in-flight requests finish for Config.ShutdownGrace
// before closing what is left. It returns nil after a clean shutdown.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       s.cfg.Timeout,
		WriteTimeout:      s.cfg.Timeout + readHeaderTimeout,
		IdleTimeout:       idleTimeout,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	s.log.Info("serving", "addr", ln.Addr().String(), "maxBody", s.cfg.MaxBody, "timeout", s.cfg.Timeout.String())
	select {
	case err := <-errc:
		return fmt.Errorf("server: %w", err)
	case <-ctx.Done():
	}
	s.log.Info("shutting down", "grace", s.cfg.ShutdownGrace.String())
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownGrace)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		hs.Close()
		return fmt.Errorf("server: shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("server: %w", err)
	}
	s.log.Info("stopped")
	return nil
}
