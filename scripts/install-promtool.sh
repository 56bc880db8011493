#!/usr/bin/env bash
# Installs Debian's Prometheus for its checker, promtool, when it is missing: the metrics tests check the
# console's exposition and the shipped alert rules with it (no downloads of Prometheus builds here).
# Its server does not start here: no init system runs in these containers.
set -euo pipefail
if [ -x /usr/bin/promtool ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "promtool is missing: run 'sudo apt-get update && sudo apt-get install -y --no-install-recommends prometheus'" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null
