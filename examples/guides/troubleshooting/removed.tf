# removed.tf: stop managing the template without deleting it (Terraform 1.7
# or OpenTofu 1.7 and later). Replaces the resource block in template.tf.
removed {
  from = runpod_template.serve

  lifecycle {
    destroy = false
  }
}
