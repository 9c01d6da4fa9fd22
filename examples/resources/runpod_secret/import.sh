# A secret is imported by its id, listed by the runpod_secrets data source.
# Runpod never returns the value: the first apply after the import sends the
# configured one.
terraform import runpod_secret.hf_token 2q9m7x4cavgd
