# The key set is one per account; its id is always "account".
terraform import runpod_ssh_keys.all account
