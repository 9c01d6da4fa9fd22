# Each team's objects, adopted through the module that will manage them from
# now on. The ids are what the console shows (or `terraform query` finds).
module "vision" {
  source = "./modules/team"

  team        = "vision"
  volume_id   = "vs1vol4x2k"
  template_id = "vs1tpl7m3q"
}

module "speech" {
  source = "./modules/team"

  team        = "speech"
  volume_id   = "sp2vol8c5n"
  template_id = "sp2tpl1w9r"
}
