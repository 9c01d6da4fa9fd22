import {
  to = runpod_template.pytorch
  id = "30zmvf89kd"
}
