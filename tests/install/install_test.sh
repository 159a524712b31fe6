#!/usr/bin/env bash
# install_test.sh CMAKE BINARY_DIR SOURCE_DIR SANITIZED - an installed lrt is relocatable:
#   1. `cmake --install BINARY_DIR --prefix TMP` installs bin/lrt, share/lrt/shaders/*.sl,
#      share/lrt/vertex/*.vp, share/lrt/preview/ (lrt preview's page) and share/doc/lrt/
#      (README.md, docs/*.md);
#   2. the installed binary names neither the source tree's data folders nor (unless built with
#      sanitizers, whose reports name source files) the source or build tree at all;
#   3. the tree, moved elsewhere, renders a scene in a temporary folder that uses a bundled SL shader
#      (Surface "Marble") and a bundled vertex program (twist.vp), from another working directory,
#      with the source and build trees hidden (covered by empty folders in a private mount
#      namespace, where user namespaces allow one);
#   4. without share/lrt/vertex the render fails naming twist.vp, and without share/lrt naming
#      Marble, each with exit status 1 and no image.
# Exit 0 on pass, non-zero with the reason on failure.
set -euo pipefail

usage="usage: install_test.sh CMAKE BINARY_DIR SOURCE_DIR SANITIZED"
cmake=${1:?$usage}
binary_dir=$(cd "${2:?$usage}" && pwd -P)
source_dir=$(cd "${3:?$usage}" && pwd -P)
sanitized=${4:?$usage}

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/lrt-install-test.XXXXXX")
work=$(cd "$work" && pwd -P)
trap 'rm -rf "$work"' EXIT
case "$work/" in
"$source_dir"/* | "$binary_dir"/*) fail "the temporary folder $work is inside the trees it must not see" ;;
esac

# 1. Install, then move the tree: nothing compiled in can point to where it now is.
"$cmake" --install "$binary_dir" --prefix "$work/staged" --strip >"$work/install.log" ||
    fail "cmake --install failed: $(cat "$work/install.log")"
mkdir -p "$work/elsewhere"
mv "$work/staged" "$work/elsewhere/lrt"
prefix=$work/elsewhere/lrt
lrt=$prefix/bin/lrt
[[ -x $lrt ]] || fail "no executable bin/lrt in the installed tree"
for folder in shaders vertex; do
    extension=$([[ $folder == shaders ]] && echo sl || echo vp)
    for file in "$source_dir/$folder"/*."$extension"; do
        [[ -f $prefix/share/lrt/$folder/$(basename "$file") ]] ||
            fail "share/lrt/$folder/$(basename "$file") is not installed"
    done
done
for file in "$source_dir"/cli/preview/web/*; do
    [[ -f $prefix/share/lrt/preview/$(basename "$file") ]] ||
        fail "share/lrt/preview/$(basename "$file") (lrt preview's page) is not installed"
done
for doc in README.md docs/README.md docs/development.md docs/scene-format.md; do
    [[ -f $prefix/share/doc/lrt/$doc ]] || fail "share/doc/lrt/$doc is not installed"
done

# 2. No path into the source or build tree in the binary.
forbidden=("$source_dir/shaders" "$source_dir/vertex" "$binary_dir/share")
[[ $sanitized == ON ]] || forbidden+=("$source_dir" "$binary_dir")
for path in "${forbidden[@]}"; do
    if strings -a "$lrt" | grep -qF -- "$path"; then
        fail "the installed lrt contains the path $path"
    fi
done

# 3. A scene of its own folder, rendered from another working directory.
mkdir -p "$work/scene" "$work/cwd" "$work/out"
cat >"$work/scene/relocated.lrt" <<'EOF'
# A bundled SL shader on a sphere that a bundled vertex program twists.
Format 4 4 1
PixelSamples 1 1
Projection "perspective" "fov" [40]
LookAt 0 0 -4  0 0 0  0 1 0
WorldBegin
  LightSource "distantlight" "from" [-3 4 -4] "to" [0 0 0]
  AttributeBegin
    VertexProgram "twist.vp" "c[0]" [0.9 0 0 0] "tessellation" [16 8]
    Surface "Marble"
    Sphere 1 -1 1 360
  AttributeEnd
WorldEnd
EOF

# Runs lrt with the source and build trees covered by empty folders where a private mount
# namespace can be had (user namespaces), else as it is; stdout and stderr go to $work/log.
hidden=false
if unshare --mount --map-root-user true 2>/dev/null; then
    hidden=true
else
    echo "note: no user namespaces here; the source and build trees stay visible to lrt"
fi
run_lrt() {
    (
        cd "$work/cwd"
        if $hidden; then
            # The build tree first: it is usually inside the source tree, which would hide it.
            # shellcheck disable=SC2016 # expanded by the inner shell
            unshare --mount --map-root-user bash -c '
                set -e
                for tree in "$2" "$1"; do
                    if [[ -d $tree ]]; then mount -t tmpfs lrt-hidden "$tree"; fi
                done
                if [[ -e $1/CMakeLists.txt ]]; then echo "the source tree is still visible"; exit 99; fi
                shift 2
                exec "$@"' hide "$source_dir" "$binary_dir" env -u LRT_SHADER "$lrt" "$@"
        else
            exec env -u LRT_SHADER "$lrt" "$@"
        fi
    ) >"$work/log" 2>&1
}

run_lrt render "$work/scene/relocated.lrt" -o "$work/out/relocated.png" --spp 1 --quiet ||
    fail "the moved installation did not render (exit $?):
$(cat "$work/log")"
[[ -s $work/out/relocated.png ]] || fail "no image was written"
echo "rendered with the moved installation in $prefix (source and build trees hidden: $hidden)"

# 4. An incomplete installation: each missing folder is named in the error.
expect_failure() { # NAME: the text the message must contain
    local status=0
    run_lrt render "$work/scene/relocated.lrt" -o "$work/out/broken.png" --spp 1 --quiet ||
        status=$?
    [[ $status == 1 ]] || fail "without $1 lrt exited $status, not 1:
$(cat "$work/log")"
    grep -qF -- "$2" "$work/log" || fail "without $1 the message does not name $2:
$(cat "$work/log")"
    [[ ! -e $work/out/broken.png ]] || fail "without $1 an image was written"
    echo "without $1: $(head -n 1 "$work/log")"
}
rm -r "$prefix/share/lrt/vertex"
expect_failure share/lrt/vertex "'twist.vp'"
rm -r "$prefix/share/lrt"
expect_failure share/lrt "'Marble'"
echo "PASS"
