//go:build !linux && !darwin

package clicommand

// processArgs has no reader on this platform: the command stays unknown.
func processArgs(int) ([]string, error) { return nil, ErrUnsupported }
