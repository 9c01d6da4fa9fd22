import {
  to = runpod_pod.notebook
  id = "7h9k2m4n6p"
}
