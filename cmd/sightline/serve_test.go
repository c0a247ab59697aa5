package main

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sightline/sightline/server"
)

// post sends a file to the server's handler and returns status and body.
func post(t *testing.T, h http.Handler, path, file string) (int, string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("POST", path, strings.NewReader(string(b))))
	return w.Code, w.Body.String()
}

// TestServeCheckIsCheckJSON: POST /v1/check answers exactly what
// "sightline check --json" prints, and a bad file the same message.
func TestServeCheckIsCheckJSON(t *testing.T) {
	h, err := server.New(server.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"testdata/range.json", "testdata/range-cm.json", "../../examples/dropzone-commander/scenario.json"} {
		code, out, errs := runCLI("check", "--json", file)
		if code != exitOK {
			t.Fatalf("check --json %s: exit %d: %s", file, code, errs)
		}
		status, body := post(t, h, "/v1/check", file)
		if status != http.StatusOK || body != out {
			t.Errorf("POST /v1/check %s = %d\n%s\nwant 200 and the CLI's\n%s", file, status, body, out)
		}
	}
	file := "testdata/bad-nan.json"
	_, _, errs := runCLI("check", "--json", file)
	msg := strings.TrimSpace(strings.TrimPrefix(errs, file+": "))
	status, body := post(t, h, "/v1/check", file)
	if status != http.StatusBadRequest || !strings.Contains(body, `"error": `+jsonString(msg)) {
		t.Errorf("POST /v1/check %s = %d %s, want 400 with the CLI's message %q", file, status, body, msg)
	}
}

func jsonString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

func TestServeArguments(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"serve", "testdata/bad-nan.json"}, exitInvalid, "testdata/bad-nan.json: terrain[0].footprint[2][1]: want a number"},
		{[]string{"serve", "testdata/no-such-file.json"}, exitFailure, "no such file"},
		{[]string{"serve", "a.json", "b.json"}, exitInvalid, "want at most one FILE"},
		{[]string{"serve", "--max-body", "-5"}, exitInvalid, "max body -5 bytes"},
		{[]string{"serve", "--addr", "256.0.0.1:99999"}, exitFailure, "sightline serve: "},
		{[]string{"serve", "--bogus"}, exitInvalid, "flag provided but not defined"},
	}
	for _, tt := range tests {
		code, _, errs := runCLI(tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.want) {
			t.Errorf("sightline %v = exit %d, stderr %q; want %d and %q", tt.args, code, errs, tt.code, tt.want)
		}
	}
}

// TestServeStopsOnSIGTERM runs "sightline serve" on a free port, asks it
// for /healthz, sends the process SIGTERM and expects a clean exit.
func TestServeStopsOnSIGTERM(t *testing.T) {
	outR, outW := io.Pipe()
	var stderr syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"serve", "--addr", "127.0.0.1:0", "testdata/range.json"}, outW, &stderr)
		outW.Close()
	}()
	line, err := bufio.NewReader(outR).ReadString('\n')
	if err != nil {
		t.Fatalf("no start line: %v; stderr %s", err, stderr.String())
	}
	go io.Copy(io.Discard, outR)
	url := regexp.MustCompile(`http://[0-9.:]+/`).FindString(line)
	res, err := http.Get(url + "healthz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("GET /healthz = %d", res.StatusCode)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("serve exited %d after SIGTERM, want 0; stderr %s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop within 30 s of SIGTERM")
	}
	for _, want := range []string{"msg=serving", "path=/healthz", "msg=\"shutting down\"", "msg=stopped"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, stderr.String())
		}
	}
}

// syncBuffer is a strings.Builder safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
