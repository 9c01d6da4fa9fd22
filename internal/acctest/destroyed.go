package acctest

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpodfake"
)

// CheckDestroyed is a TestCase.CheckDestroy that fails when an object of
// the final state still exists in fake: every template, network volume,
// registry credential, secret, pod and cluster (with its primary member
// pod) that Terraform destroyed must be gone, not only out of state.
func CheckDestroyed(fake *runpodfake.Fake) func(*terraform.State) error {
	exists := map[string]func(id string) bool{
		"runpod_template":       func(id string) bool { _, ok := fake.Template(id); return ok },
		"runpod_network_volume": func(id string) bool { _, ok := fake.NetworkVolume(id); return ok },
		"runpod_registry_auth":  func(id string) bool { _, ok := fake.Registry(id); return ok },
		"runpod_secret":         func(id string) bool { _, ok := fake.Secret(id); return ok },
		"runpod_pod":            func(id string) bool { _, ok := fake.Pod(id); return ok },
		"runpod_cluster":        func(id string) bool { _, ok := fake.Cluster(id); return ok },
	}
	return func(s *terraform.State) error {
		for _, rs := range s.RootModule().Resources {
			exist, ok := exists[rs.Type]
			if !ok {
				continue
			}
			if exist(rs.Primary.ID) {
				return fmt.Errorf("%s %s still exists after destroy", rs.Type, rs.Primary.ID)
			}
			if pod := rs.Primary.Attributes["primary_pod_id"]; rs.Type == "runpod_cluster" && pod != "" && exists["runpod_pod"](pod) {
				return fmt.Errorf("member pod %s of cluster %s survived destroy", pod, rs.Primary.ID)
			}
		}
		return nil
	}
}
