terraform {
  required_providers {
    runpod = {
      source = "runpod-tf/runpod"
    }
  }
}

# The API key is read from RUNPOD_API_KEY when api_key is not set. Keep it out
# of configuration files: export RUNPOD_API_KEY in your shell or CI secret store.
provider "runpod" {}
