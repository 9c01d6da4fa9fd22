package ecrdelegation

// resourceDescription is the resource's documentation. What it says about
// pulling images is what the API reference says, no more: it
// documents the delegation's three operations and its fields, and is silent
// on how a pod, template or endpoint refers to a delegated image.
const resourceDescription = "An ECR delegation: Runpod may pull images from one private Amazon ECR repository " +
	"without a stored password (Runpod's `/v2/registries/delegations`). Register it with the repository's ARN " +
	"(`resource`) and an optional `name`.\n\n" +
	"Runpod has no update operation for delegations: changing `resource` to another repository, or `name`, " +
	"revokes the delegation and registers a new one. Destroying it revokes it; the provider then lists the " +
	"account's delegations to confirm that it is gone. Runpod has no read of one delegation, so a refresh " +
	"lists them, once for all the delegations of a run; a delegation revoked outside Terraform is removed from " +
	"state and the next plan registers it again.\n\n" +
	"A registration is sent once, never repeated. When its reply is lost (a dropped connection or a 5xx), the " +
	"provider lists the delegations and names the ones with the same name and repository that appeared since, " +
	"with an import block; it never takes one into state, since another writer may have registered it at the " +
	"same time. When that list fails too, the apply fails and keeps the registration in state as pending (no " +
	"id). The next plan lists the delegations again, however much later: if none appeared it registers the " +
	"delegation; if any did, it fails naming them and registers nothing until you revoke them, adopt one " +
	"(`terraform state rm` the resource, then import it) or set `allow_duplicate = true`. Destroying a pending " +
	"registration removes it from state and revokes nothing it cannot attribute.\n\n" +
	"The plan of a new delegation is also refused while the account has a delegation with the same name and " +
	"repository, registered in the last 10 minutes, that this configuration does not manage: most likely the one " +
	"of an earlier apply whose reply was lost. The refusal names it with an import block; `allow_duplicate = " +
	"true` registers one anyway. The members of a `count` or `for_each` set are the configuration's own, never " +
	"each other's twins.\n\n" +
	pullNotes

// pullNotes says how compute uses a delegated repository, as far as
// Runpod's API reference says.
const pullNotes = "### Pulling images from the delegated repository\n\n" +
	"Runpod's API reference documents the delegation itself (register, list, revoke) and the fields it returns: " +
	"the repository, its region, the AWS user, a tag and `docker_registry_uri`, \"the formatted ECR registry URI " +
	"for Docker login\". An image in the repository is named the usual ECR way, " +
	"`DOCKER_REGISTRY_URI/REPOSITORY:TAG`, for example " +
	"`${runpod_ecr_delegation.app.docker_registry_uri}/${runpod_ecr_delegation.app.repository}:v1`, and that is " +
	"what a pod's, template's or endpoint's `image` is set to.\n\n" +
	"The API reference is silent on the rest, so these docs do not guess:\n\n" +
	"- it does not say how a pod, template or endpoint refers to a delegation: the pod, template and endpoint " +
	"bodies have no delegation field, only `registry` (a registry credential, `runpod_registry_auth`), and " +
	"nothing says whether a delegated repository needs one;\n" +
	"- it does not say what AWS-side permission (a repository policy for `aws_user`) the delegation needs " +
	"before Runpod can pull;\n" +
	"- it does not say whether one repository may be delegated twice, nor what `tag` means for the images of " +
	"the repository (the create has no tag).\n\n" +
	"A pull that fails shows in the pod's boot log (the `runpod_pod_logs` data source) and the pod's status, " +
	"not in the delegation."
