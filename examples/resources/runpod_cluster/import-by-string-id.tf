import {
  to = runpod_cluster.train
  id = "5c2n8m4q"
}
