# -*- sh -*-

shim_versions_command() {
  local shim_name=$1
  shim_plugin_versions "$shim_name"
}

shim_versions_command "$@"
