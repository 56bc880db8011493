#!/usr/bin/env bash
# Installs Debian's Chromium for the end-to-end tests when it is missing (no browser downloads here).
exec bash "$(dirname "$0")/install-debian-tool.sh" /usr/bin/chromium chromium
