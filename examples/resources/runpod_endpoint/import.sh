# An endpoint is imported by its id, the one in its request URLs
# (https://api.runpod.ai/v2/<id>/run) and in the runpod_endpoints data source.
# Runpod does not keep the template an endpoint was made from: leave
# template_id out of the configuration of an imported endpoint, or the first
# apply applies the template again.
terraform import runpod_endpoint.inference 4m7x2k9q
