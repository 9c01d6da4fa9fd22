package registryauth_test

import (
	"strings"
	"testing"

	"github.com/runpod-tf/terraform-provider-runpod/internal/acctest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// applyWithPodInUse applies testdata/registry_auth_template_in_use.tf
// (config) and creates, as if in the console, a pod from its template: the
// pod pulls with the credential. It returns the credential's and the
// template's ids and the pod.
func applyWithPodInUse(env *acctest.Env, cli *acctest.CLI, config string) (regID, tplID string, pod runpodfake.Pod) {
	cli.SetConfig(config)
	cli.Init()
	cli.MustRun("apply", "-auto-approve", "-input=false")
	regID, tplID = cli.StateID(addr), cli.StateID("runpod_template.t")
	pod = env.Fake.SeedPod(runpodfake.Pod{
		Name: "trainer-1", Image: "ghcr.io/acme/private:1", Template: &tplID, Registry: &regID,
		GPU: &runpodfake.PodGPU{ID: "NVIDIA GeForce RTX 4090", Count: 1},
	})
	return regID, tplID, pod
}

// A change that replaces a credential (a new name, username, password or
// password_wo_version) deletes the old one, which Runpod refuses while a
// pod uses it: a pod made from a template inherits the template's
// credential. The plan says so, as an error naming the pods and the way
// out, instead of a plan that apply refuses; its templates warning does not
// name the template this apply points at the new credential.
func TestAccRegistryAuth_cliReplacementInUseFailsPlan(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	password := `password = "p"`
	if cli.AtLeast(1, 11) {
		password = "password_wo = \"p\"\n  password_wo_version = 1"
	}
	config := func(name, username string) string {
		return acctest.Testdata(t, "registry_auth_template_in_use", map[string]string{"Name": name, "Username": username, "Password": password})
	}
	regID, tplID, pod := applyWithPodInUse(env, cli, config("ghcr", "u"))

	changes := map[string]string{"username": config("ghcr", "u2"), "name": config("ghcr-2", "u")}
	if cli.AtLeast(1, 11) {
		changes["password_wo_version"] = strings.Replace(config("ghcr", "u"), "password_wo_version = 1", "password_wo_version = 2", 1)
	}
	for what, cfg := range changes {
		t.Run(what, func(t *testing.T) {
			cli.SetConfig(cfg)
			res := cli.RunJSON("plan", "-input=false")
			if res.ExitCode == 0 {
				t.Fatalf("the plan of a replacement apply would refuse succeeded:\n%s", res.Output())
			}
			errs := res.Diagnostics("error")
			if len(errs) != 1 || errs[0].Summary != "Registry Credential Is In Use" {
				t.Fatalf("plan errors %+v, want one Registry Credential Is In Use", errs)
			}
			for _, want := range []string{`"ghcr" (` + regID + `)`, `pod "trainer-1" (` + pod.ID + `, RUNNING)`, "terminate these pods", "stopping it does not release"} {
				if !strings.Contains(errs[0].Detail, want) {
					t.Errorf("the error does not say %q:\n%s", want, errs[0].Detail)
				}
			}
			for _, w := range res.Warnings("Templates Use This Registry Credential") {
				if strings.Contains(w.Detail, tplID) {
					t.Errorf("the warning names template %s, which this apply points at the new credential:\n%s", tplID, w.Detail)
				}
			}
		})
	}

	// Without the pod the replacement plans and applies. The template that
	// refers to the credential is planned after it, so the credential's
	// plan cannot leave it out of the templates warning: the warning says
	// that such templates move to the new credential, and they do.
	env.Fake.DeletePod(pod.ID)
	cli.SetConfig(config("ghcr", "u2"))
	plan := cli.RunJSON("plan", "-input=false")
	if plan.ExitCode != 0 {
		t.Fatalf("the replacement's plan failed:\n%s", plan.Output())
	}
	warned := plan.Warnings("Templates Use This Registry Credential")
	if len(warned) != 1 {
		t.Fatalf("want one templates warning, got %+v", warned)
	}
	for _, want := range []string{tplID, "updated to the new credential in the same apply"} {
		if !strings.Contains(warned[0].Detail, want) {
			t.Errorf("the warning does not say %q:\n%s", want, warned[0].Detail)
		}
	}
	cli.MustRun("apply", "-auto-approve", "-input=false")
	newID := cli.StateID(addr)
	if newID == regID {
		t.Errorf("the credential was not replaced")
	}
	if tpl, ok := env.Fake.Template(tplID); !ok || tpl.Registry == nil || *tpl.Registry != newID {
		t.Errorf("template %s does not use the new credential %s after the apply: %+v", tplID, newID, tpl.Registry)
	}
}

// A credential removed from the configuration while a pod made from its
// template stays: Runpod will refuse the delete. The plan cannot refuse it
// (a pod that the same apply destroys may be planned after the
// credential), so it warns, naming the pod; the apply's refusal says the
// same, and the credential stays in state (contract seed 343656669).
func TestAccRegistryAuth_cliDestroyInUseWarnsAtPlan(t *testing.T) {
	env := acctest.New(t)
	cli := env.CLI(t)
	regID, _, pod := applyWithPodInUse(env, cli,
		acctest.Testdata(t, "registry_auth_template_in_use", map[string]string{"Name": "ghcr", "Username": "u", "Password": `password = "p"`}))

	cli.SetConfig("resource \"runpod_template\" \"t\" {\n  name  = \"private-trainer\"\n  image = \"ghcr.io/acme/private:1\"\n}\n")
	plan := cli.RunJSON("plan", "-input=false")
	warned := plan.Warnings("Registry Credential In Use Would Be Refused")
	if plan.ExitCode != 0 || len(warned) != 1 {
		t.Fatalf("plan exited %d with warnings %+v, want one 'Registry Credential In Use Would Be Refused':\n%s", plan.ExitCode, warned, plan.Output())
	}
	for _, want := range []string{`"ghcr" (` + regID + `)`, `pod "trainer-1" (` + pod.ID + `, RUNNING)`, "unless this apply destroys these pods first"} {
		if !strings.Contains(strings.Join(strings.Fields(warned[0].Detail), " "), want) {
			t.Errorf("the warning does not say %q:\n%s", want, warned[0].Detail)
		}
	}
	cli.MustFail("apply", "-auto-approve", "-input=false").Contains(t, "Error: Registry Credential Is In Use")
	if cli.StateID(addr) != regID {
		t.Errorf("the credential left state though Runpod kept it")
	}
	env.Fake.DeletePod(pod.ID)
	cli.MustRun("apply", "-auto-approve", "-input=false")
	cli.ExpectNoChanges()
}
