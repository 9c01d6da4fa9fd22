# An endpoint is imported by its id, the one in its request URLs
# (https://api.runpod.ai/v2/<id>/run) and in the runpod_endpoints data source.
# Runpod does not keep the template an endpoint was made from: when the
# configuration sets template_id, the first apply after the import records it
# in state without applying it (no new release); later changes apply.
terraform import runpod_endpoint.inference 4m7x2k9q
