# A registry credential is imported by its id, listed by the
# runpod_registry_auths data source. Runpod cannot return the username or
# password: keep them in the configuration. The first apply after the import
# records them in state without replacing the credential.
terraform import runpod_registry_auth.ghcr 6n2k8v4d
