package functions

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/runpod-tf/terraform-provider-runpod/internal/provider/pod"
)

// NewProxyURL returns provider::runpod::proxy_url.
func NewProxyURL() function.Function { return proxyURL{} }

// podIDPattern is what a pod id is: Runpod's ids are lowercase letters and
// digits (8 to 14 of them in practice), which also keeps "<id>-<port>" a
// valid host name.
var podIDPattern = regexp.MustCompile(`^[a-z0-9]+$`)

// portDigits is a port number as written in a pod's ports ("8888/http").
var portDigits = regexp.MustCompile(`^[0-9]{1,5}$`)

// proxyURL is a pod's HTTP port through Runpod's proxy, the address that
// runpod_pod's proxy_urls reports once the pod is running, for a pod id and
// port given directly (a pod of another workspace, each port of a list).
type proxyURL struct{}

func (proxyURL) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "proxy_url"
}

func (proxyURL) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "The HTTPS proxy URL of a pod's HTTP port",
		MarkdownDescription: "Returns `https://<pod_id>-<port>.proxy.runpod.net`, the address at which Runpod's proxy " +
			"serves the pod's HTTP port `port`. It is the URL that `runpod_pod` reports in `proxy_urls` once the " +
			"pod runs, built from any pod id and port. The port must be exposed as `\"<port>/http\"` in the pod's " +
			"`ports` for the proxy to reach it; anyone with the URL reaches the port unless the application behind " +
			"it asks for credentials.\n\n" +
			"The pod id must be lowercase letters and digits, as Runpod's ids are, and the port a number from 1 to 65535, " +
			"given as a number or as `\"<port>/http\"`.\n\n" + requirements,
		Parameters: []function.Parameter{
			function.StringParameter{
				Name:                "pod_id",
				MarkdownDescription: "The pod's id, e.g. `runpod_pod.notebook.id`.",
			},
			function.StringParameter{
				Name: "port",
				MarkdownDescription: "The pod's HTTP port: a number from 1 to 65535 (`8888`), or the port as the pod's `ports` " +
					"write it (`\"8888/http\"`). A TCP port (`\"22/tcp\"`) is an error: Runpod maps it to a public port " +
					"(`port_mappings`) instead of proxying it.",
			},
		},
		Return: function.StringReturn{},
	}
}

func (proxyURL) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var podID, portArg string
	resp.Error = req.Arguments.Get(ctx, &podID, &portArg)
	if resp.Error != nil {
		return
	}
	// The messages end without a period: Terraform and OpenTofu add one.
	switch {
	case podID == "":
		resp.Error = function.NewArgumentFuncError(0, "The pod id is empty. A pod id is lowercase letters and digits, "+
			"such as runpod_pod.<name>.id")
		return
	case !podIDPattern.MatchString(podID):
		resp.Error = function.NewArgumentFuncError(0, fmt.Sprintf("%q is not a pod id: Runpod's pod ids are lowercase "+
			"letters and digits only, such as runpod_pod.<name>.id", podID))
		return
	}
	port, problem := httpPort(portArg)
	if problem != "" {
		resp.Error = function.NewArgumentFuncError(1, problem)
		return
	}
	resp.Error = resp.Result.Set(ctx, types.StringValue(pod.ProxyURL(podID, port)))
}

// httpPort is the port number in p, written as a number ("8888", which is
// also what Terraform makes of 8888) or as a pod's ports write an HTTP port
// ("8888/http"); or, when p is neither, what is wrong and what is allowed.
func httpPort(p string) (int, string) {
	number, protocol, hasProtocol := strings.Cut(p, "/")
	if hasProtocol && protocol == "tcp" {
		return 0, fmt.Sprintf("%q is a TCP port: Runpod maps TCP ports to public ports (runpod_pod's port_mappings) "+
			"and reaches only \"<port>/http\" ports through its proxy", p)
	}
	if (hasProtocol && protocol != "http") || !portDigits.MatchString(number) {
		return 0, fmt.Sprintf("%q is not a port: give the port number, from 1 to 65535, or the port as the pod's ports "+
			"write it, such as 8888 or \"8888/http\"", p)
	}
	n, err := strconv.Atoi(number)
	if err != nil || n < 1 || n > 65535 {
		return 0, fmt.Sprintf("%s is not a port: the port number must be from 1 to 65535", number)
	}
	return n, ""
}
