package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sightline/sightline/scenario"
)

// TestCheckStopsWhenTheRequestEnds: the request's context reaches the
// computation, so a request whose deadline has passed (http.TimeoutHandler
// cancels it) stops computing instead of running on to be discarded:
// every query fails with "work budget exceeded".
func TestCheckStopsWhenTheRequestEnds(t *testing.T) {
	s, _ := newTest(t, Config{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := httptest.NewRequest(http.MethodPost, "/v1/check", strings.NewReader(string(scenario.DefaultJSON()))).WithContext(ctx)
	w := httptest.NewRecorder()
	s.check(w, req)
	if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), "work budget exceeded") {
		t.Errorf("cancelled request: %d %.300s, want 400 and \"work budget exceeded\"", w.Code, w.Body.String())
	}
}
