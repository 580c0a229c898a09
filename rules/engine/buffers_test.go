package engine

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// deepEvents copies events together with their rule numbers.
func deepEvents(evs []Event) []Event {
	if evs == nil {
		return nil
	}
	out := make([]Event, len(evs))
	for i, e := range evs {
		e.Rules = append([]string(nil), e.Rules...)
		out[i] = e
	}
	return out
}

// deepSnapshots copies snapshots so that no later write can reach the copy.
func deepSnapshots(snaps []Snapshot) []Snapshot {
	out := make([]Snapshot, len(snaps))
	for i, sn := range snaps {
		out[i] = Snapshot{State: sn.State.Clone(), Action: sn.Action, Events: deepEvents(sn.Events), Rejected: sn.Rejected}
	}
	return out
}

// applyEach plays the actions one Apply at a time on deep copies: the
// reference for Replay, which shares event buffers between actions.
func applyEach(t *testing.T, start State, acts []Action) []Snapshot {
	t.Helper()
	want := []Snapshot{{State: start.Clone()}}
	s := start.Clone()
	for i := range acts {
		next, ev, err := Apply(s.Clone(), acts[i])
		if err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
		want = append(want, Snapshot{State: next.Clone(), Action: &acts[i], Events: deepEvents(ev)})
		s = next
	}
	return want
}

// testGames returns start states with action lists long enough to fill and
// overflow Replay's event buffers: the benchmark games and random games.
func testGames(t *testing.T) (starts []State, actions [][]Action) {
	for _, start := range []State{scenarioStart(t), richStart(t, 2)} {
		starts, actions = append(starts, start), append(actions, benchActions(t, start))
	}
	for seed := uint64(1); seed <= 6; seed++ {
		start := richStart(t, 2+int(seed%3))
		starts, actions = append(starts, start), append(actions, randomWalk(t, start, seed, 200).actions)
	}
	return starts, actions
}

// TestReplaySharedBuffers checks that the event and rule-number buffers
// Replay shares between actions never let one snapshot's events change
// another's: the events of snapshot i are the same as from a lone Apply,
// and appending to a snapshot's events or to an event's rules (which must
// reallocate, the slices being clipped) leaves every other snapshot alone.
func TestReplaySharedBuffers(t *testing.T) {
	t.Parallel()
	starts, actions := testGames(t)
	for g, start := range starts {
		acts := actions[g]
		want := applyEach(t, start, acts)
		got, err := Replay(start, acts)
		if err != nil {
			t.Fatal(err)
		}
		for i := range got {
			if i > 0 && got[i].Action != nil {
				// Replay points into the caller's slice, not a copy.
				if got[i].Action != want[i].Action {
					t.Fatalf("game %d snapshot %d: action is not the caller's", g, i)
				}
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("game %d: Replay differs from one Apply per action", g)
		}
		// A prefix replayed on its own gives the same events as the whole.
		half, err := Replay(start, acts[:len(acts)/2])
		if err != nil {
			t.Fatal(err)
		}
		for i := range half {
			if !reflect.DeepEqual(half[i].Events, want[i].Events) {
				t.Fatalf("game %d snapshot %d: prefix replay differs", g, i)
			}
		}
		snapshot := deepSnapshots(got)
		for i := range got {
			got[i].Events = append(got[i].Events, Event{Kind: "extra", Rules: []string{"000.0"}})
			for j := range got[i].Events {
				got[i].Events[j].Rules = append(got[i].Events[j].Rules, "999.9")
			}
			for k := range got {
				if k != i && !reflect.DeepEqual(got[k].Events, snapshot[k].Events) {
					t.Fatalf("game %d: appending to snapshot %d changed snapshot %d", g, i, k)
				}
			}
			got[i] = snapshot[i]
		}
	}
}

// TestApplierSmallBuffers forces a new event and rule buffer for nearly
// every event, so events of a running action move to a new buffer while
// those of earlier actions stay behind, and compares with lone Applies.
func TestApplierSmallBuffers(t *testing.T) {
	t.Parallel()
	starts, actions := testGames(t)
	for g, start := range starts {
		acts := actions[g]
		want := applyEach(t, start, acts)
		b := newReplayApplier()
		got := []Snapshot{{State: start.Clone()}}
		for i := range acts {
			b.eventChunk, b.ruleChunk = 1, 1
			var next State
			ev, err := b.apply(&next, &got[i].State, acts[i])
			if err != nil {
				t.Fatalf("game %d action %d: %v", g, i, err)
			}
			got = append(got, Snapshot{State: next, Action: &acts[i], Events: ev})
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("game %d: small buffers give other snapshots", g)
		}
	}
}

// TestRunMatchesApply checks Scenario.Run, which shares buffers like
// Replay, against the scenario played one Apply at a time.
func TestRunMatchesApply(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join(scenarioDir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatal("no scenarios", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := ParseScenario(data, testCards(t))
		if err != nil {
			t.Fatal(err)
		}
		got, err := sc.Run()
		if err != nil {
			t.Fatalf("%s: %v", sc.Slug, err)
		}
		want := []Snapshot{{State: sc.Start()}}
		cur := sc.Start()
		for i, step := range sc.Steps {
			next, ev, err := Apply(cur.Clone(), step.Action)
			if step.ExpectError != "" {
				ie, _ := err.(*IllegalError)
				want = append(want, Snapshot{State: cur, Action: &sc.Steps[i].Action, Rejected: ie})
				continue
			}
			if err != nil {
				t.Fatalf("%s step %d: %v", sc.Slug, i, err)
			}
			want = append(want, Snapshot{State: next, Action: &sc.Steps[i].Action, Events: deepEvents(ev)})
			cur = next
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: Run differs from one Apply per step", sc.Slug)
		}
	}
}
