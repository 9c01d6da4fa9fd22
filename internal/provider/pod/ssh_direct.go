package pod

import (
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
)

// SSHDirect is a pod's ssh_direct as the runpod_pod resource and data
// sources read it: the SSH command over the public IP that Runpod reports
// (e.g. "ssh root@203.0.113.7 -p 20001"), or null while 22/tcp is not
// exposed and mapped. The runpod_cluster resource's primary_ssh_direct is
// this value for the cluster's primary pod, so that both say the same.
func SSHDirect(p *runpod.Pod) types.String {
	return types.StringPointerValue(factsOf(p).sshDirect)
}
