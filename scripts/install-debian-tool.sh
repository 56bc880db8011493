#!/usr/bin/env bash
# Installs a tool the tests need from Debian's packages when it is missing (no other downloads here):
#   install-debian-tool.sh <the tool's path> <the Debian package that has it> [more apt-get install options]
set -euo pipefail
tool="$1"
package="$2"
shift 2
if [ -x "$tool" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "$tool is missing: run 'sudo apt-get update && sudo apt-get install -y $* $package'" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" "$package" >/dev/null
