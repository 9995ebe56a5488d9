#!/bin/sh
# Fills the fuzz corpus directory ($1) with seed inputs: every Markdown file under Fixtures/, the
# shared real-world corpus (../shared/corpus) and, when jq is installed, the GFM spec examples
# (../shared/gfm-spec). Seeds are copied, never linked, so the fuzzer can't touch the originals;
# existing files are kept, so the corpus grows from run to run.
set -eu
dir=$1
mkdir -p "$dir"
find Fixtures -type f -name '*.md' 2>/dev/null | while IFS= read -r f; do
    cp -n "$f" "$dir/fixture-$(echo "$f" | tr '/ ' '__')" 2>/dev/null || true
done
if [ -d ../shared/corpus ]; then
    for f in ../shared/corpus/*.md; do
        cp -n "$f" "$dir/corpus-$(basename "$f")" 2>/dev/null || true
    done
fi
if command -v jq >/dev/null 2>&1; then
    for spec in ../shared/gfm-spec/examples.json ../shared/gfm-spec/extension-examples.json; do
        [ -f "$spec" ] || continue
        name=$(basename "$spec" .json)
        jq -r '.[] | "\(.number) \(.markdown | @base64)"' "$spec" | while read -r number data; do
            out="$dir/gfm-$name-$number.md"
            [ -e "$out" ] || printf '%s' "$data" | base64 -d > "$out"
        done
    done
fi
chmod -R u+w "$dir"
echo "fuzz corpus: $(ls "$dir" | wc -l) inputs in $dir"
