resource "runpod_pod" "p" {
  name  = "trainer"
  image = "runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  network_volume {
    volume_id = "{{.VolumeID}}"
    path      = "{{.Path}}"
  }
}
{{- if .SecondPod}}

resource "runpod_pod" "q" {
  name  = "second"
  image = "runpod/base:0.7.0"
  gpu { type_id = "NVIDIA GeForce RTX 4090" }
  network_volume {
    volume_id = "{{.VolumeID}}"
    path      = "{{.Path}}"
  }
}
{{- end}}
