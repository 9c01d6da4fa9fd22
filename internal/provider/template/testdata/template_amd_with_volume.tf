resource "runpod_template" "t" {
  name              = "lifecycle-renamed"
  image             = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
  container_disk_gb = 40
  category          = "AMD"
  start_jupyter     = false
  persistent_volume {
    size_gb = 30
    path    = "/data"
  }
}
