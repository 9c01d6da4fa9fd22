# The team's network volumes in EU-RO-1. `terraform query` prints one line per
# volume, `NAME (ID, SIZE GB in DATA_CENTER)`; with
# `-generate-config-out=generated.tf` it writes an import block and a
# resource block for each, which plan to the imports alone.
list "runpod_network_volume" "team" {
  provider = runpod

  config {
    name_prefix    = "team-"
    data_center_id = "EU-RO-1"
  }
}
