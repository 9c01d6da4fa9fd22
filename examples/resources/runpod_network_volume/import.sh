# A network volume is imported by its id, shown in the Runpod console's Storage
# page and by the runpod_network_volumes data source.
terraform import runpod_network_volume.datasets agv6w2qcg7
