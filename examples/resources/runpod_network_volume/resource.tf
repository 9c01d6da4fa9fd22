# A volume for datasets, in a data center chosen by hand. Pods and serverless
# endpoints in EU-RO-1 (Secure Cloud) can mount it.
resource "runpod_network_volume" "datasets" {
  name           = "datasets"
  size_gb        = 500
  data_center_id = "EU-RO-1"
}
