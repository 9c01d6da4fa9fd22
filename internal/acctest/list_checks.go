package acctest

import (
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// ExpectListed checks that the list block at address finds exactly the
// objects ids: as many results, each id among them.
func ExpectListed(address string, ids ...string) []querycheck.QueryResultCheck {
	checks := []querycheck.QueryResultCheck{querycheck.ExpectLength(address, len(ids))}
	for _, id := range ids {
		checks = append(checks, querycheck.ExpectIdentity(address, HasID(id)))
	}
	return checks
}

// ExpectOnlyResult checks that the list block at address, which includes
// the resource objects, finds one object: id, shown as display, whose
// object holds its id, name and the values besides.
func ExpectOnlyResult(address, id, name, display string, values ...querycheck.KnownValueCheck) []querycheck.QueryResultCheck {
	return []querycheck.QueryResultCheck{
		querycheck.ExpectLength(address, 1),
		querycheck.ExpectResourceDisplayName(address, ByID(id), knownvalue.StringExact(display)),
		querycheck.ExpectResourceKnownValues(address, ByID(id), append([]querycheck.KnownValueCheck{
			{Path: tfjsonpath.New("id"), KnownValue: knownvalue.StringExact(id)},
			{Path: tfjsonpath.New("name"), KnownValue: knownvalue.StringExact(name)},
		}, values...)),
	}
}
