terraform state replace-provider -auto-approve registry.terraform.io/runpod/runpod registry.terraform.io/runpod-tf/runpod
terraform init
terraform plan
terraform apply
terraform plan -detailed-exitcode
