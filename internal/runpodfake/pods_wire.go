package runpodfake

// The Pod object as the API serves it (the API reference, spec Pod, PodSsh,
// PodCluster, PodGlobalNetworking, PodRuntime, Mounts), built from the
// fake's model; see wire.go.

// podJSON is the Pod object: ContainerConfig (image, args, entrypoint,
// cmd, disk, ports, env, registry) plus identity, status, placement,
// access, membership, cost, networking, runtime and times. gpu and cpu are
// exclusive and cluster is present only on cluster members.
func podJSON(p Pod) wireObject {
	return wireObject{
		{"id", p.ID},
		{"name", p.Name},
		{"image", p.Image},
		{"args", p.Args},
		{"entrypoint", p.Entrypoint},
		{"cmd", p.Cmd},
		{"disk", p.Disk},
		{"ports", p.Ports},
		{"env", p.Env},
		{"registry", p.Registry},
		{"status", p.Status},
		{"actions", p.Actions},
		{"mounts", mountsJSON(p.Mounts)},
	}.
		with("gpu", podGPUJSON(p.GPU), p.GPU == nil).
		with("cpu", podCPUJSON(p.CPU), p.CPU == nil).
		with("cloud", p.Cloud, false).
		with("dataCenterId", p.DataCenterID, false).
		with("cudaVersion", p.CudaVersion, false).
		with("ssh", wireObject{{"proxy", sshEndpointJSON(p.SSH.Proxy)}, {"direct", sshEndpointJSON(p.SSH.Direct)}}, false).
		with("cluster", podClusterJSON(p.Cluster), p.Cluster == nil).
		// API.md §15: a template is applied once and never linked, so a
		// pod's template reads null. The fake keeps p.Template only for its
		// own in-use bookkeeping (API.md §3, deleting a template in use).
		with("template", nil, false).
		with("cost", p.Cost, false).
		with("locked", p.Locked, false).
		with("globalNetworking", globalNetworkingJSON(p.GlobalNetworking), false).
		with("runtime", podRuntimeJSON(p.Runtime), false).
		with("createdAt", p.CreatedAt, false).
		with("startedAt", p.StartedAt, false)
}

// podsJSON is a list of Pod objects ({pods: [Pod]} of the list routes).
func podsJSON(ps []Pod) any { return wireList(ps, podJSON) }

// mountsJSON is a pod's Mounts: at most one of persistent {size, path} and
// network [{volumeId, path}], each left out when not set.
func mountsJSON(m Mounts) wireObject {
	return wireObject{}.
		with("persistent", persistentMountJSON(m.Persistent), m.Persistent == nil).
		with("network", wireList(m.Network, func(n NetworkMount) wireObject {
			return wireObject{{"volumeId", n.VolumeID}, {"path", n.Path}}
		}), len(m.Network) == 0)
}

// podGPUJSON is {id, count} plus [newer-docs] vcpuCount and memory.
func podGPUJSON(g *PodGPU) any {
	if g == nil {
		return nil
	}
	return wireObject{{"id", g.ID}, {"count", g.Count}, {"vcpuCount", g.VCPUCount}, {"memory", g.Memory}}
}

// podCPUJSON is {id, vcpuCount, memory}.
func podCPUJSON(c *PodCPU) any {
	if c == nil {
		return nil
	}
	return wireObject{{"id", c.ID}, {"vcpuCount", c.VCPUCount}, {"memory", c.Memory}}
}

// sshEndpointJSON is {host, port, username, command}, or null.
func sshEndpointJSON(e *SSHEndpoint) any {
	if e == nil {
		return nil
	}
	return wireObject{{"host", e.Host}, {"port", e.Port}, {"username", e.Username}, {"command", e.Command}}
}

// podClusterJSON is {id, rank} (rank may be null) with role and ip when
// known.
func podClusterJSON(c *PodCluster) any {
	if c == nil {
		return nil
	}
	return wireObject{{"id", c.ID}, {"rank", c.Rank}}.
		with("role", c.Role, c.Role == "").
		with("ip", c.IP, c.IP == "")
}

// globalNetworkingJSON is {enabled, ip?, internalDns?}.
func globalNetworkingJSON(g GlobalNetworking) wireObject {
	return wireObject{{"enabled", g.Enabled}}.
		with("ip", g.IP, g.IP == "").
		with("internalDns", g.InternalDNS, g.InternalDNS == "")
}

// podRuntimeJSON is {uptime, gpus: [{util, memoryUtil}], cpu: {util},
// memory: {util}, ports: [{private, public, type, ip}]}, or null (the pod
// is not RUNNING).
func podRuntimeJSON(r *PodRuntime) any {
	if r == nil {
		return nil
	}
	return wireObject{
		{"uptime", r.Uptime},
		{"gpus", wireList(r.GPUs, func(g GPUUtilization) wireObject {
			return wireObject{{"util", g.Util}, {"memoryUtil", g.MemoryUtil}}
		})},
		{"cpu", wireObject{{"util", r.CPU.Util}}},
		{"memory", wireObject{{"util", r.Memory.Util}}},
		{"ports", wireList(r.Ports, func(m PortMapping) wireObject {
			return wireObject{{"private", m.Private}, {"public", m.Public}, {"type", m.Type}, {"ip", m.IP}}
		})},
	}
}
