import {
  to = runpod_ecr_delegation.app
  id = "deleg_abc123"
}
