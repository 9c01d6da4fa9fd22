# A template is imported by its id, shown in the Runpod console's template list
# and by the runpod_templates data source.
terraform import runpod_template.pytorch 30zmvf89kd
