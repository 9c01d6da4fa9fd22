package runpodfake

// The Cluster object as the API serves it (the API reference, spec Cluster), built
// from the fake's model; see wire.go.

// clusterJSON is the Cluster object: identity, type, the homogeneous
// compute {gpuTypeId, gpuCountPerPod, podCount}, the member summary
// {total, byStatus} and createdAt; template, dataCenterId, network and
// primary are left out when unset.
func clusterJSON(c Cluster) wireObject {
	o := wireObject{
		{"id", c.ID},
		{"name", c.Name},
		{"type", c.Type},
		{"compute", wireObject{
			{"gpuTypeId", c.Compute.GPUTypeID},
			{"gpuCountPerPod", c.Compute.GPUCountPerPod},
			{"podCount", c.Compute.PodCount},
		}},
	}.
		with("template", c.Template, c.Template == "").
		with("dataCenterId", c.DataCenterID, c.DataCenterID == "").
		with("pods", wireObject{{"total", c.Pods.Total}, {"byStatus", c.Pods.ByStatus}}, false)
	if n := c.Network; n != nil {
		o = o.with("network", wireObject{{"cidr", n.CIDR}}.
			with("vxlanId", n.VXLANID, n.VXLANID == 0).
			with("vxlanPort", n.VXLANPort, n.VXLANPort == 0), false)
	}
	if p := c.Primary; p != nil {
		o = o.with("primary", wireObject{{"podId", p.PodID}, {"status", p.Status}}.
			with("sshEndpoint", p.SSHEndpoint, p.SSHEndpoint == ""), false)
	}
	return o.with("createdAt", c.CreatedAt, false)
}

// clustersJSON is a list of Cluster objects ({clusters: [Cluster]}).
func clustersJSON(cs []Cluster) any { return wireList(cs, clusterJSON) }
