package runpodfake

// The NetworkVolume object as the API serves it (the API reference, spec
// NetworkVolume), built from the fake's model; see wire.go.

// networkVolumeJSON is {id, name, size (GB), dataCenter, type}, every
// member present.
func networkVolumeJSON(v NetworkVolume) wireObject {
	return wireObject{
		{"id", v.ID},
		{"name", v.Name},
		{"size", v.Size},
		{"dataCenter", v.DataCenter},
		{"type", v.Type},
	}
}

// networkVolumesJSON is a list of NetworkVolume objects ({networkVolumes:
// [NetworkVolume]}).
func networkVolumesJSON(vs []NetworkVolume) any { return wireList(vs, networkVolumeJSON) }
