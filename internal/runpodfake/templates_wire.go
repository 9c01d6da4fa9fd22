package runpodfake

// The Template object as the API serves it (the API reference, spec Template:
// ContainerConfig plus the template fields, TemplateMounts), built from
// the fake's model; see wire.go.

// templateJSON is one Template, every member present: the container
// fields with [newer-docs] entrypoint and cmd beside args, mounts,
// registry (null when not the caller's), serverless, public, category,
// the start flags and allowedCudaVersions. Callers pass the view (lists
// and maps never nil).
func templateJSON(t Template) wireObject {
	return wireObject{
		{"id", t.ID},
		{"name", t.Name},
		{"image", t.Image},
		{"args", t.Args},
		{"entrypoint", t.Entrypoint},
		{"cmd", t.Cmd},
		{"disk", t.Disk},
		{"mounts", wireObject{}.with("persistent", persistentMountJSON(t.Mounts.Persistent), t.Mounts.Persistent == nil)},
		{"ports", t.Ports},
		{"env", t.Env},
		{"registry", t.Registry},
		{"serverless", t.Serverless},
		{"public", t.Public},
		{"category", t.Category},
		{"startSsh", t.StartSSH},
		{"startJupyter", t.StartJupyter},
		{"allowedCudaVersions", t.AllowedCudaVersions},
	}
}

// templatesJSON is a list of Template objects ({templates: [Template]}).
func templatesJSON(ts []Template) any { return wireList(ts, templateJSON) }

// persistentMountJSON is a persistent mount {size (GB), path}, or null;
// templates and pods share it.
func persistentMountJSON(m *PersistentMount) any {
	if m == nil {
		return nil
	}
	return wireObject{{"size", m.Size}, {"path", m.Path}}
}
