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
