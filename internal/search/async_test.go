package search

import "testing"

func TestBuildAsync(t *testing.T) {
	p := BuildAsync(fixtureBooks(t))
	ix, err := p.Wait()
	if err != nil || ix == nil {
		t.Fatalf("%v %v", ix, err)
	}
	if got, ok := p.Index(); !ok || got != ix {
		t.Errorf("Index after Wait: %v %v", got, ok)
	}
	if err := p.Close(); err != nil {
		t.Error(err)
	}
	failed := BuildAsync(nil)
	if ix, err := failed.Wait(); ix != nil || err == nil {
		t.Errorf("empty build: %v %v", ix, err)
	}
	if ix, ok := failed.Index(); !ok || ix != nil {
		t.Errorf("failed Index: %v %v", ix, ok)
	}
	if ix, ok := Ready(nil).Index(); !ok || ix != nil {
		t.Error("Ready")
	}
}
