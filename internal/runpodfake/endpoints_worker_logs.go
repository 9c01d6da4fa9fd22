package runpodfake

import (
	"regexp"
	"strings"
	"time"
)

// Scripted worker logs and the env a worker boots with.
//
// A secret reference: an env value of `{{ RUNPOD_SECRET_<name> }}` is
// substituted at pod or worker boot. The fake resolves the endpoint's env
// when it creates a worker (so a stale worker keeps the env of its release),
// substituting each reference with the value of the account's secret of that
// name; a reference to no secret stays as written (what Runpod does then is
// undocumented). A worker prints nothing of its env unless a test scripts it:
// SetEndpointWorkerLogForName adds container lines, printed when the worker
// starts, in which ${KEY} is replaced by the worker's value of env KEY, so a
// test can make a worker dump its env the way a careless start script does.

// secretRefRe matches a secret reference in an env value, with any spacing
// inside the braces (the provider's own pattern ignores case too; the fake
// does the same when it resolves names).
var secretRefRe = regexp.MustCompile(`(?i)\{\{\s*RUNPOD_SECRET_([^\s}]+)\s*\}\}`)

// envRefRe is a ${KEY} in a scripted worker log line.
var envRefRe = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// SetEndpointWorkerLogForName scripts the container lines that every worker
// of an endpoint named name prints when it starts (after "Worker ready."),
// for workers that start from now on, existing endpoint or not. ${KEY} in a
// line is the worker's value of env KEY with secret references resolved
// (empty when unset). Lines are all printed at start: a line with a
// non-zero After or a source other than container panics, a bug in the
// test. An empty script stops it.
func (f *Fake) SetEndpointWorkerLogForName(name string, script PodLogScript) {
	for _, l := range script.Lines {
		if l.Source != PodLogSourceContainer || l.After != 0 {
			panic("runpodfake: SetEndpointWorkerLogForName: lines are container lines printed at start (After 0); got " + l.Source + " " + l.Text)
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(script.Lines) == 0 {
		delete(f.workerLogByName, name)
		return
	}
	if f.workerLogByName == nil {
		f.workerLogByName = map[string]*PodLogScript{}
	}
	f.workerLogByName[name] = cloneScript(script)
}

// bootEnv is the env a new worker of s boots with: the endpoint's env with
// every secret reference replaced by the secret's value. Callers hold f.mu.
func (f *Fake) bootEnv(s *storedEndpoint) map[string]string {
	out := make(map[string]string, len(s.e.Env))
	for k, v := range s.e.Env {
		out[k] = secretRefRe.ReplaceAllStringFunc(v, func(ref string) string {
			name := secretRefRe.FindStringSubmatch(ref)[1]
			for _, st := range f.secrets.byID {
				if strings.EqualFold(st.s.Name, name) {
					return st.s.Value
				}
			}
			return ref
		})
	}
	return out
}

// printWorkerScript prints the scripted start lines of a worker of s, if
// its endpoint's name has a script. Callers hold f.mu.
func (f *Fake) printWorkerScript(s *storedEndpoint, w *storedWorker, now time.Time) {
	script := f.workerLogByName[s.e.Name]
	if script == nil {
		return
	}
	for _, l := range script.Lines {
		w.log(now, l.Source, envRefRe.ReplaceAllStringFunc(l.Text, func(ref string) string {
			return w.env[envRefRe.FindStringSubmatch(ref)[1]]
		}))
	}
}

// EndpointWorkerLog returns the text of every line an active worker of an
// endpoint has printed, both sources, oldest first, without counting as a
// read; false for an unknown endpoint or worker.
func (f *Fake) EndpointWorkerLog(endpointID, workerID string) ([]string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.endpoints[endpointID]
	if !ok {
		return nil, false
	}
	for _, w := range s.workers {
		if w.id == workerID {
			out := make([]string, len(w.logs))
			for i, e := range w.logs {
				out[i] = e.line
			}
			return out, true
		}
	}
	return nil, false
}
