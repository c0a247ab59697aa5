package server

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sightline/sightline/scenario"
)

// syncWriter makes a log buffer safe for concurrent handlers.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(b)
}

func TestBodyLimit(t *testing.T) {
	s, _ := newTest(t, Config{MaxBody: 1000})
	big := string(scenario.DefaultJSON()) // 11 kB
	for _, path := range []string{"/v1/check", "/v1/render", "/v1/plan", "/v1/look?shooter=a&target=b"} {
		// With a Content-Length the limit is checked before reading.
		if w := serve(s, "POST", path, big); w.Code != http.StatusRequestEntityTooLarge ||
			!strings.Contains(w.Body.String(), "request body too large: the limit is 1000 bytes") {
			t.Errorf("POST %s with %d bytes = %d %s, want 413", path, len(big), w.Code, w.Body)
		}
		// Without one (chunked), reading stops at the limit.
		req, _ := http.NewRequest("POST", path, io.MultiReader(strings.NewReader(big)))
		req.ContentLength = -1
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != http.StatusRequestEntityTooLarge {
			t.Errorf("chunked POST %s = %d %s, want 413", path, w.Code, w.Body)
		}
	}
}

func TestPanicRecovered(t *testing.T) {
	s, log := newTest(t, Config{})
	h := s.wrap(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	w := serve(h, "GET", "/x", "")
	if w.Code != http.StatusInternalServerError || !strings.Contains(w.Body.String(), `"error": "internal error (logged)"`) {
		t.Errorf("panicking handler = %d %s, want 500 with a JSON error", w.Code, w.Body)
	}
	for _, want := range []string{"msg=panic", "panic=boom", "stack=", "status=500"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

func TestTimeLimit(t *testing.T) {
	s, _ := newTest(t, Config{Timeout: 20 * time.Millisecond})
	release := make(chan struct{})
	defer close(release)
	h := s.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	w := serve(h, "GET", "/slow", "")
	if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), "request took longer than the 20ms limit") {
		t.Errorf("slow handler = %d %s, want 503", w.Code, w.Body)
	}
}

func TestRequestLog(t *testing.T) {
	s, log := newTest(t, Config{})
	serve(s, "GET", "/healthz", "")
	for _, want := range []string{"msg=request", "method=GET", "path=/healthz", "status=200", "duration="} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

// TestGracefulShutdown cancels Serve while a request is in flight: the
// request still gets its answer and Serve returns nil.
func TestGracefulShutdown(t *testing.T) {
	s, log := newTest(t, Config{ShutdownGrace: 5 * time.Second})
	started, release := make(chan struct{}), make(chan struct{})
	s.handler = s.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
		io.WriteString(w, "done")
	}))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	got := make(chan string, 1)
	go func() {
		res, err := http.Get("http://" + ln.Addr().String() + "/")
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		got <- string(b)
	}()
	<-started
	cancel()
	// Shutdown closes the listener at once; wait for it, boundedly.
	closed := false
	for deadline := time.Now().Add(10 * time.Second); !closed && time.Now().Before(deadline); {
		c, err := net.Dial("tcp", ln.Addr().String())
		if closed = err != nil; !closed {
			c.Close()
			time.Sleep(10 * time.Millisecond)
		}
	}
	if !closed {
		t.Error("new connections are still accepted 10 s after shutdown began")
	}
	close(release)
	if b := <-got; b != "done" {
		t.Errorf("in-flight request got %q, want done", b)
	}
	if err := <-served; err != nil {
		t.Errorf("Serve = %v, want nil after a clean shutdown", err)
	}
	if !strings.Contains(log.String(), "msg=stopped") {
		t.Errorf("log lacks the stop:\n%s", log)
	}
}
