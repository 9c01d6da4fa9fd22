# A pod is imported by its id, shown in the Runpod console and by the
# runpod_pods data source. start_ssh, start_jupyter, the CUDA constraint,
# data_center_ids and (when Runpod does not report it) template_id cannot be
# read back: the first apply after the import records the configured values
# without replacing the pod.
terraform import runpod_pod.notebook 7h9k2m4n6p
