#!/bin/sh
# Runs a command with TMPDIR set to a fresh directory under /tmp, then removes that directory.
# Fails when the command fails, or when it left anything there besides the toolchain's own
# TemporaryDirectory.* folders, lock files and swift-generated-sources (where a debug build writes
# the expansion of macros such as #isolation): anything else is a test that did not clean up after
# itself. XDG_STATE_HOME points there too, so that a test running a shell command without a journal
# of its own neither writes the user's undo journal nor passes unnoticed: it is reported the same way.
set -u
dir=$(mktemp -d "${TMPDIR:-/tmp}/todofmt-make.XXXXXX") || exit 2
TMPDIR=$dir XDG_STATE_HOME=$dir/state-of-a-test-without-its-own "$@"
status=$?
leftovers=$(find "$dir" -mindepth 1 -maxdepth 1 ! -name 'TemporaryDirectory.*' ! -name '*.lock' \
    ! -name 'swift-generated-sources' -print)
rm -rf "$dir"
if [ -n "$leftovers" ]; then
    echo "with-test-tmpdir: left behind in TMPDIR by: $*" >&2
    echo "$leftovers" | sed "s|^$dir/|  |" >&2
    [ "$status" -eq 0 ] && status=1
fi
exit "$status"
