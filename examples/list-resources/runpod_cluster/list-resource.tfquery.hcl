# The team's instant clusters whose members all run. Each result is named like
# `NAME (ID, 2 pods × 8x H100 SXM in US-TX-3, RUNNING)`. The generated
# configuration plans to the import plus one in-place update that records the
# create-time settings Runpod does not return.
list "runpod_cluster" "training" {
  provider = runpod

  config {
    name_prefix = "team-"
    status      = "RUNNING"
  }
}
