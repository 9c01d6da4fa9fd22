# A cluster is imported by its id, shown in the Runpod console's Instant
# Clusters page and by the runpod_clusters data source. Runpod does not return
# the settings a cluster was created with (container, mounts, start flags,
# data_center_ids): the first plan after the import writes them into state
# from the configuration, without replacing the cluster.
terraform import runpod_cluster.train 5c2n8m4q
