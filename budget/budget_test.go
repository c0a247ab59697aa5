package budget

import (
	"context"
	"errors"
	"testing"
)

func TestSpendLimit(t *testing.T) {
	b := Ops(10)
	if err := b.Spend(10); err != nil {
		t.Fatalf("Spend(10) of 10 = %v, want nil", err)
	}
	err := b.Spend(1)
	if !errors.Is(err, ErrExceeded) {
		t.Fatalf("Spend(1) past the limit = %v, want ErrExceeded", err)
	}
	var be *Error
	if !errors.As(err, &be) || be.Limit != 10 || be.Used != 11 {
		t.Errorf("error = %#v, want Limit 10, Used 11", be)
	}
	if b.Err() == nil {
		t.Error("Err() = nil after the limit was passed")
	}
}

func TestSpendContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	b := New(ctx, 0)
	if err := b.Spend(ctxEvery); err != nil {
		t.Fatalf("Spend before cancel = %v", err)
	}
	cancel()
	var err error
	for i := 0; i <= ctxEvery && err == nil; i++ {
		err = b.Spend(1)
	}
	if !errors.Is(err, ErrExceeded) || !errors.Is(err, context.Canceled) {
		t.Errorf("Spend after cancel = %v, want ErrExceeded and context.Canceled", err)
	}
}

func TestNilUnlimited(t *testing.T) {
	var b *Budget
	if err := b.Spend(1 << 60); err != nil || b.Err() != nil || b.Used() != 0 {
		t.Errorf("nil Budget: Spend = %v, Err = %v, Used = %d", err, b.Err(), b.Used())
	}
	c := Counter{}
	for range 3 * Every {
		if err := c.Add(1); err != nil {
			t.Fatalf("Counter with nil Budget: %v", err)
		}
	}
}

func TestCounterBatches(t *testing.T) {
	b := Ops(2 * Every)
	c := Counter{B: b}
	n := 0
	var err error
	for err == nil && n < 10*Every {
		err = c.Add(1)
		n++
	}
	if !errors.Is(err, ErrExceeded) || n != 3*Every {
		t.Errorf("stopped after %d adds with %v, want %d and ErrExceeded", n, err, 3*Every)
	}
}

func TestCounterOwnLimit(t *testing.T) {
	c := Counter{Limit: Every}
	var err error
	n := 0
	for err == nil && n < 10*Every {
		err = c.Add(1)
		n++
	}
	var be *Error
	if !errors.As(err, &be) || be.Limit != Every || n != 2*Every {
		t.Errorf("stopped after %d adds with %v, want %d and limit %d", n, err, 2*Every, Every)
	}
}

// TestWithin: a part's own limit stops it without spending the parent's,
// the parent's limit or context stops the part, and the part's work is
// charged to the parent.
func TestWithin(t *testing.T) {
	parent := Ops(100)
	part := Within(parent, 30)
	if err := part.Spend(30); err != nil {
		t.Fatalf("Spend(30) of 30 = %v, want nil", err)
	}
	if parent.Used() != 30 {
		t.Errorf("parent used %d after the part spent 30, want 30", parent.Used())
	}
	var be *Error
	if err := part.Spend(1); !errors.As(err, &be) || be.Limit != 30 || parent.Err() != nil {
		t.Errorf("part past its limit: %v (%#v), parent Err %v; want the part's Error of limit 30 and the parent intact", err, be, parent.Err())
	}

	second := Within(parent, 0)
	if err := second.Spend(70); err != nil {
		t.Fatalf("Spend(70) within the parent's 70 left = %v, want nil", err)
	}
	if err := second.Spend(1); !errors.As(err, &be) || be.Limit != 100 || be.Used != 101 {
		t.Errorf("part past the parent's limit: %v (%#v), want the parent's Error: limit 100, used 101", err, be)
	}
	if second.Err() == nil {
		t.Error("Err() = nil once the parent is spent")
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	third := Within(New(ctx, 0), 2*ctxEvery)
	if err := third.Err(); !errors.Is(err, context.Canceled) || !errors.Is(err, ErrExceeded) {
		t.Errorf("Err() under a cancelled parent = %v, want ErrExceeded and context.Canceled", err)
	}
	if err := third.Spend(ctxEvery); !errors.Is(err, context.Canceled) {
		t.Errorf("Spend under a cancelled parent = %v, want context.Canceled", err)
	}

	if err := Within(nil, 5).Spend(6); !errors.As(err, &be) || be.Limit != 5 {
		t.Errorf("Within(nil, 5).Spend(6) = %v, want the limit-5 Error", err)
	}
}
