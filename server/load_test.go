package server

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sightline/sightline/scenario"
)

// Load test bounds: a count and a time limit, no timed assertions.
const (
	loadRequests = 2000
	loadClients  = 16
	loadBound    = 5 * time.Minute // only a hang exceeds it
)

type loadCall struct {
	name, method, path string
	body               []byte
}

// micros is the one field of a look answer that varies between calls.
var micros = regexp.MustCompile(`"micros": \d+`)

func (c loadCall) do(ctx context.Context, client *http.Client, base string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, c.method, base+c.path, bytes.NewReader(c.body))
	if err != nil {
		return nil, err
	}
	res, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s %s: %d %s", c.method, c.path, res.StatusCode, b)
	}
	return micros.ReplaceAll(b, []byte(`"micros": 0`)), nil
}

// TestLoad sends loadRequests requests from loadClients concurrent clients
// over loopback, a round robin of the JSON endpoints, and checks every
// answer is byte for byte the one the same request gets alone. It logs
// p50/p99 latency and throughput (docs/serving.md quotes a run).
func TestLoad(t *testing.T) {
	s, _ := newTest(t, Config{})
	ts := httptest.NewServer(s)
	defer ts.Close()
	doc := scenario.DefaultJSON()
	calls := []loadCall{
		{"check", "POST", "/v1/check", doc},
		{"look", "POST", "/v1/look?shooter=strider-1&target=sabre-3&moved=sabre-3", doc},
		{"plan", "POST", "/v1/plan", doc},
		{"scenario", "GET", "/v1/scenario", nil},
		{"healthz", "GET", "/healthz", nil},
	}
	ctx, cancel := context.WithTimeout(context.Background(), loadBound)
	defer cancel()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: loadClients}}
	want := make([][]byte, len(calls))
	for i, c := range calls {
		b, err := c.do(ctx, client, ts.URL)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	lat := make([]time.Duration, loadRequests)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	start := time.Now()
	for range loadClients {
		wg.Go(func() {
			for i := range jobs {
				c := calls[i%len(calls)]
				t0 := time.Now()
				b, err := c.do(ctx, client, ts.URL)
				lat[i] = time.Since(t0)
				if err == nil && !bytes.Equal(b, want[i%len(calls)]) {
					err = fmt.Errorf("request %d (%s): answer differs from the sequential one", i, c.name)
				}
				if err != nil {
					mu.Lock()
					failures = append(failures, err.Error())
					mu.Unlock()
				}
			}
		})
	}
	for i := range loadRequests {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	elapsed := time.Since(start)
	if ctx.Err() != nil {
		t.Fatalf("load test hit its %v bound", loadBound)
	}
	if len(failures) > 0 {
		t.Fatalf("%d of %d requests failed; first: %s", len(failures), loadRequests, failures[0])
	}
	var perKind []string
	for k, c := range calls {
		var ls []time.Duration
		for i := k; i < loadRequests; i += len(calls) {
			ls = append(ls, lat[i])
		}
		slices.Sort(ls)
		perKind = append(perKind, fmt.Sprintf("%s p50 %v", c.name, ls[len(ls)/2].Round(10*time.Microsecond)))
	}
	slices.Sort(lat)
	defer t.Logf("per endpoint: %s", strings.Join(perKind, ", "))
	t.Logf("%d requests (%d endpoints round robin) from %d clients on loopback: p50 %v, p99 %v, max %v; %.0f requests/s over %v",
		loadRequests, len(calls), loadClients, lat[len(lat)/2].Round(10*time.Microsecond), lat[len(lat)*99/100].Round(10*time.Microsecond),
		lat[len(lat)-1].Round(10*time.Microsecond), float64(loadRequests)/elapsed.Seconds(), elapsed.Round(time.Millisecond))
}
