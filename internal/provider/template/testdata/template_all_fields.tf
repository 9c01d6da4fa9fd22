resource "runpod_template" "t" {
  name                  = "lifecycle-renamed"
  image                 = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"
  args                  = "python -m http.server 8888"
  container_disk_gb     = 40
  ports                 = ["8888/http", "22/tcp"]
  env                   = { A = "1", B = "two" }
  category              = "AMD"
  start_jupyter         = false
  public                = false
  allowed_cuda_versions = ["12.8", "12.9"]
  persistent_volume {
    size_gb = 20
    path    = "/workspace"
  }
}
