package runpodfake

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Pod lifecycle: status transitions driven by reads (PROVISIONING ->
// STARTING -> RUNNING), port mapping, start/stop/restart effects and the
// settings tests use to pace them. Boot logs are in pod_logs.go.

// SetClock replaces the clock that stamps createdAt/startedAt, measures
// uptime and drives cluster billing; nil restores time.Now. Tests use it to
// make time-dependent answers exact without sleeping.
func (f *Fake) SetClock(now func() time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if now == nil {
		now = time.Now
	}
	f.compute.clock = now
}

// SetPodStartDelay sets how many GET reads a pod needs to reach RUNNING
// after a create, start or restart: with n reads the create answers
// PROVISIONING, reads 1..n-1 show STARTING and read n RUNNING; 0 makes pods
// RUNNING at once. It applies to transitions that begin afterwards. A read
// is any GET whose answer reports the pod's status: GET /v2/pods/{id}, a
// pod list that includes it, and for cluster members also the cluster
// reads (the summary reports their status).
func (f *Fake) SetPodStartDelay(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.compute.startDelay = max(n, 0)
}

// SetPortMappingDelay sets how many reads after the one that first shows
// RUNNING a pod's TCP ports stay without a public mapping (runtime.ports
// public/ip null, ssh.direct null); 0 maps them as soon as it runs.
func (f *Fake) SetPortMappingDelay(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.compute.portDelay = max(n, 0)
}

// SetInjectedEnvEcho sets whether a pod's reads return, in env, the
// PUBLIC_KEY and JUPYTER_PASSWORD that startSsh and startJupyter inject
// (true, the default) or keep them in the container only (false). The API
// reference (section 7, Pods, "Terraform") marks the echo as [INFERRED]:
// "env on read may include injected PUBLIC_KEY or JUPYTER_PASSWORD
// (undocumented)", so a client must work either way. It applies to pods
// created afterwards; keys the create body's env sets are its own and are
// always returned.
func (f *Fake) SetInjectedEnvEcho(echo bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.compute.hideInjected = !echo
}

// beginStart starts the way to RUNNING (create, start, restart): status is
// PROVISIONING or STARTING until the configured number of reads, or RUNNING
// at once with a delay of 0. A PATCHed globalNetworking takes effect here.
// Callers hold f.mu.
func (f *Fake) beginStart(s *storedPod, status string) {
	if s.pendingGlobal != nil {
		if *s.pendingGlobal {
			f.enableGlobal(s)
		} else {
			s.p.GlobalNetworking = GlobalNetworking{}
		}
		s.pendingGlobal = nil
	}
	s.mapped = false
	s.startLeft = f.compute.startDelay
	if s.startLeft == 0 {
		f.becomeRunning(s)
		return
	}
	s.p.Status = status
}

// becomeRunning marks the pod RUNNING now and schedules its port mappings.
// Callers hold f.mu.
func (f *Fake) becomeRunning(s *storedPod) {
	now := f.clockNow().Truncate(time.Second)
	s.p.Status = PodStatusRunning
	s.p.StartedAt = &now
	s.startLeft = 0
	s.mapped = false
	s.portLeft = f.compute.portDelay
	if s.portLeft == 0 {
		f.mapPorts(s)
	}
}

// observePod applies one read to the pod's lifecycle counters (see
// SetPodStartDelay). Callers hold f.mu.
func (f *Fake) observePod(s *storedPod) {
	switch s.p.Status {
	case PodStatusProvisioning, PodStatusStarting:
		if s.startLeft > 0 {
			s.startLeft--
		}
		if s.startLeft == 0 {
			f.becomeRunning(s)
		} else {
			s.p.Status = PodStatusStarting
		}
	case PodStatusRunning:
		if !s.mapped {
			if s.portLeft > 0 {
				s.portLeft--
			}
			if s.portLeft == 0 {
				f.mapPorts(s)
			}
		}
	}
}

// mapPorts gives every TCP port a public mapping. Public IPs come from
// 203.0.113.0/24 (TEST-NET-3) and ports from 20000 up; a pod keeps its
// numbers for its whole life, so a restart does not look like drift.
// Callers hold f.mu.
func (f *Fake) mapPorts(s *storedPod) {
	s.mapped = true
	if s.publicIP == "" {
		f.compute.nextHost++
		s.publicIP = fmt.Sprintf("203.0.113.%d", 1+(f.compute.nextHost-1)%254)
	}
	for _, port := range s.p.Ports {
		n, proto, ok := parsePort(port)
		if !ok || proto != "tcp" {
			continue
		}
		if _, done := s.publicPorts[n]; !done {
			s.publicPorts[n] = f.compute.nextPort
			f.compute.nextPort++
		}
	}
}

func parsePort(port string) (int, string, bool) {
	num, proto, ok := strings.Cut(port, "/")
	n, err := strconv.Atoi(num)
	return n, proto, ok && err == nil
}

// enableGlobal gives the pod a global-networking address (10.66.0.0/16).
// Callers hold f.mu.
func (f *Fake) enableGlobal(s *storedPod) {
	if s.p.GlobalNetworking.Enabled {
		return
	}
	f.compute.nextGlobal++
	n := f.compute.nextGlobal
	s.p.GlobalNetworking = GlobalNetworking{
		Enabled:     true,
		IP:          fmt.Sprintf("10.66.%d.%d", n/250, 2+n%250),
		InternalDNS: s.p.ID + ".runpod.internal",
	}
}

// stop moves the pod to EXITED and frees its compute (the disk stays).
// Callers hold f.mu.
func (f *Fake) stop(s *storedPod) {
	s.p.Status = PodStatusExited
	s.mapped = false
	f.releaseStock(s)
}

func actionsFor(status string) []string {
	switch status {
	case PodStatusRunning:
		return []string{PodActionStop, PodActionRestart, PodActionTerminate}
	case PodStatusExited, PodStatusError:
		return []string{PodActionStart, PodActionTerminate}
	case PodStatusProvisioning, PodStatusStarting:
		return []string{PodActionStop, PodActionTerminate}
	}
	return []string{}
}
