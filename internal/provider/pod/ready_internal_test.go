package pod

import "testing"

// Only container exits and restarts are crash-loop evidence; image pulls,
// retried or backing off, are not.
func TestIsRestart(t *testing.T) {
	for text, want := range map[string]bool{
		"Container exited with code 1, restarting (restart 2)": true,
		"Back-off restarting failed container trainer":         true,
		"Container crashed":                                     true,
		"Pulling image runpod/base:0.7.0":                       false,
		"Back-off pulling image \"registry.example.com/app:1\"": false,
		"Error pulling image, restarting pull (attempt 3)":      false,
		"Starting container":                                    false,
		"Image pulled: runpod/base:0.7.0":                       false,
	} {
		if got := isRestart(text); got != want {
			t.Errorf("isRestart(%q) = %v, want %v", text, got, want)
		}
	}
}
