package sshkey_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// consoleKeys are keys added in the console: two of one person's, one
// without a comment, one of a CI bot, the laptop key registered a second
// time with another comment, and an entry that is not a key (the API
// accepts what matches its pattern).
type consoleKeys struct {
	laptop, desktop, bare, ci, laptopAgain, broken string
}

func seedKeys(fake *runpodfake.Fake) consoleKeys {
	k := consoleKeys{
		laptop:      testKey(1, "me@laptop"),
		desktop:     testKey(2, "me@desktop"),
		bare:        testKey(3, ""),
		ci:          testKey(4, "ci-bot"),
		laptopAgain: testKey(1, "me@laptop-old"),
		broken:      "ssh-ed25519 bm90IGEga2V5 not-a-key",
	}
	fake.SetSSHKeys(k.laptop, k.desktop, k.bare, k.ci, k.laptopAgain, k.broken)
	return k
}

func byFingerprint(line string) queryfilter.QueryFilter {
	return queryfilter.ByResourceIdentity(map[string]knownvalue.Check{"id": knownvalue.StringExact(fingerprint(line))})
}

func TestAccSSHKey_listResource(t *testing.T) {
	env := acctest.New(t)
	k := seedKeys(env.Fake)

	env.QueryTest(t, []resource.TestStep{
		{
			Config: acctest.Testdata(t, "ssh_key_lists", nil),
			QueryResultChecks: []querycheck.QueryResultCheck{
				// The broken entry is left out, the laptop key found once.
				querycheck.ExpectLength("runpod_ssh_key.all", 4),
				querycheck.ExpectResourceDisplayName("runpod_ssh_key.all", byFingerprint(k.bare),
					knownvalue.StringExact("ssh-ed25519 key ("+fingerprint(k.bare)+")")),
				querycheck.ExpectResourceDisplayName("runpod_ssh_key.all", byFingerprint(k.ci),
					knownvalue.StringExact("ci-bot ("+fingerprint(k.ci)+")")),
				querycheck.ExpectLength("runpod_ssh_key.mine", 2),
				querycheck.ExpectIdentity("runpod_ssh_key.mine", map[string]knownvalue.Check{"id": knownvalue.StringExact(fingerprint(k.laptop))}),
				querycheck.ExpectIdentity("runpod_ssh_key.mine", map[string]knownvalue.Check{"id": knownvalue.StringExact(fingerprint(k.desktop))}),
				querycheck.ExpectLength("runpod_ssh_key.exact", 1),
				querycheck.ExpectResourceDisplayName("runpod_ssh_key.exact", byFingerprint(k.laptop),
					knownvalue.StringExact("me@laptop ("+fingerprint(k.laptop)+")")),
				querycheck.ExpectResourceKnownValues("runpod_ssh_key.exact", byFingerprint(k.laptop),
					[]querycheck.KnownValueCheck{
						{Path: tfjsonpath.New("id"), KnownValue: knownvalue.StringExact(fingerprint(k.laptop))},
						{Path: tfjsonpath.New("fingerprint"), KnownValue: knownvalue.StringExact(fingerprint(k.laptop))},
						{Path: tfjsonpath.New("public_key"), KnownValue: knownvalue.StringExact(k.laptop)},
					}),
			},
		},
	})
}

// Keys added in the console are adopted with terraform query, one
// runpod_ssh_key each: the generated configuration plans to imports and
// nothing else, and applying it leaves the account's keys as they were.
func TestAccSSHKey_queryGeneratesWorkingConfig(t *testing.T) {
	env := acctest.New(t)
	k := seedKeys(env.Fake)
	cli := env.QueryCLI(t)

	_, generated := cli.GenerateConfig(`
list "runpod_ssh_key" "mine" {
  provider = runpod
  config {
    name_prefix = "me@"
  }
}
`)
	t.Logf("generated configuration:\n%s", generated)
	for _, line := range []string{k.laptop, k.desktop} {
		if !strings.Contains(generated, fingerprint(line)) || !strings.Contains(generated, line) {
			t.Errorf("generated configuration lacks key %s:\n%s", fingerprint(line), generated)
		}
	}
	for _, line := range []string{k.bare, k.ci} {
		if strings.Contains(generated, fingerprint(line)) {
			t.Errorf("generated configuration imports %s, which the filter excludes:\n%s", fingerprint(line), generated)
		}
	}
	if !regexp.MustCompile(`(?s)import \{.*identity`).MatchString(generated) {
		t.Errorf("generated import blocks do not use identity:\n%s", generated)
	}

	cli.PlanGenerated(2, "import")
	env.Fake.ResetRequests()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	if err := acctest.OnlyReads(env.Fake); err != nil {
		t.Errorf("adopting %v; an import must not write", err)
	}
	if err := accountKeys(env.Fake, k.laptop, k.desktop, k.bare, k.ci, k.laptopAgain, k.broken); err != nil {
		t.Errorf("after adopting: %v", err)
	}
	cli.ExpectNoChanges()
}
