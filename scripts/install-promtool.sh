#!/usr/bin/env bash
# Installs Debian's Prometheus for its checker, promtool, when it is missing: the metrics tests check the
# console's exposition and the shipped alert rules with it. Its server does not start here: no init
# system runs in these containers.
exec bash "$(dirname "$0")/install-debian-tool.sh" /usr/bin/promtool prometheus --no-install-recommends
