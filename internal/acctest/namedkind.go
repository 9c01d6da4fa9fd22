package acctest

// OutageOr returns a NamedKind.Config: outage, the configuration of the
// read-outage test's object (named "outage", and setting more than its
// name), for the name "outage", and named(name) for any other name.
func OutageOr(outage string, named func(name string) string) func(name string) string {
	return func(name string) string {
		if name == "outage" {
			return outage
		}
		return named(name)
	}
}
