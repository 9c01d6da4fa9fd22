package runpodfake

// The catalog objects as the API serves them (the API reference, spec GpuType,
// DataCenter, CpuType), built from the fake's views of its catalog; see
// wire.go. The fields that include=AVAILABILITY (or GPU_AVAILABILITY,
// CPU_AVAILABILITY) adds are left out when the view has none.

// gpuTypeJSON is one GpuType: {id, name, pool (null outside serverless
// pools), manufacturer, memory (GB), secure, community, price{secure,
// community, serverless?}, maxCount{secure, community}} plus availability,
// dataCenters and cudaVersions (present, possibly empty, when the view
// lists them).
func gpuTypeJSON(g gpuTypeView) wireObject {
	return wireObject{
		{"id", g.ID},
		{"name", g.Name},
		{"pool", g.Pool},
		{"manufacturer", g.Manufacturer},
		{"memory", g.Memory},
		{"secure", g.Secure},
		{"community", g.Community},
		{"price", wireObject{{"secure", g.Price.Secure}, {"community", g.Price.Community}}.
			with("serverless", g.Price.Serverless, g.Price.Serverless == nil)},
		{"maxCount", wireObject{{"secure", g.MaxCount.Secure}, {"community", g.MaxCount.Community}}},
	}.
		with("availability", g.Availability, g.Availability == "").
		with("dataCenters", availabilityJSON(g.DataCenters), len(g.DataCenters) == 0).
		with("cudaVersions", cudaVersionsJSON(g.CudaVersions), g.CudaVersions == nil)
}

// gpuTypesJSON is a list of GpuType objects ({gpus: [GpuType]}).
func gpuTypesJSON(gs []gpuTypeView) any { return wireList(gs, gpuTypeJSON) }

// cudaVersionsJSON is [{version, available}].
func cudaVersionsJSON(cs *[]cudaAvailView) any {
	if cs == nil {
		return nil
	}
	return wireList(*cs, func(c cudaAvailView) wireObject {
		return wireObject{{"version", c.Version}, {"available", c.Available}}
	})
}

// availabilityJSON is [{id, name, availability}]: a GPU or CPU type's data
// centers, or a data center's GPU or CPU types.
func availabilityJSON(as []availability) any {
	return wireList(as, func(a availability) wireObject {
		return wireObject{{"id", a.ID}, {"name", a.Name}, {"availability", a.Availability}}
	})
}

// dataCenterJSON is one DataCenter: {id, name, region, globalNetwork,
// networkVolumeTypes ([] = no storage), compliance} plus gpuAvailability
// and cpuAvailability when included and not empty.
func dataCenterJSON(d dataCenterView) wireObject {
	return wireObject{
		{"id", d.ID},
		{"name", d.Name},
		{"region", d.Region},
		{"globalNetwork", d.GlobalNetwork},
		{"networkVolumeTypes", d.NetworkVolumeTypes},
		{"compliance", d.Compliance},
	}.
		with("gpuAvailability", availabilityJSON(d.GpuAvailability), len(d.GpuAvailability) == 0).
		with("cpuAvailability", availabilityJSON(d.CpuAvailability), len(d.CpuAvailability) == 0)
}

// dataCentersJSON is a list of DataCenter objects ({dataCenters:
// [DataCenter]}).
func dataCentersJSON(ds []dataCenterView) any { return wireList(ds, dataCenterJSON) }

// cpuTypeJSON is one CpuType: {id, name, group, vcpu{min, max},
// ramGbPerVcpu, price{securePerVcpu, serverlessPerVcpu}} plus availability
// and dataCenters when included.
func cpuTypeJSON(c cpuTypeView) wireObject {
	return wireObject{
		{"id", c.ID},
		{"name", c.Name},
		{"group", c.Group},
		{"vcpu", wireObject{{"min", c.Vcpu.Min}, {"max", c.Vcpu.Max}}},
		{"ramGbPerVcpu", c.RAMGbPerVcpu},
		{"price", wireObject{{"securePerVcpu", c.Price.SecurePerVcpu}, {"serverlessPerVcpu", c.Price.ServerlessPerVcpu}}},
	}.
		with("availability", c.Availability, c.Availability == "").
		with("dataCenters", availabilityJSON(c.DataCenters), len(c.DataCenters) == 0)
}

// cpuTypesJSON is a list of CpuType objects ({cpus: [CpuType]}).
func cpuTypesJSON(cs []cpuTypeView) any { return wireList(cs, cpuTypeJSON) }
