#!/usr/bin/env bash
# Builds the libFuzzer targets in Tests/Fuzz/Targets/ and runs them.
#
#   Tests/Fuzz/run.sh TARGET [SECONDS] [LIBFUZZER-FLAG...]   fuzz one target (default 60 s)
#   Tests/Fuzz/run.sh all [SECONDS] [LIBFUZZER-FLAG...]      fuzz every target in turn
#   Tests/Fuzz/run.sh build [TARGET...]                      only build (default: every target)
#   Tests/Fuzz/run.sh list                                   the targets
#
# SECONDS 0 means no time limit (give -runs=N instead). Exits non-zero when any target finds a
# crash, a leak, a hang (-timeout) or an out-of-memory input; the input is saved under
# Tests/Fuzz/artifacts/TARGET/. See Tests/Fuzz/README.md.
set -euo pipefail

# name, -max_len, dictionary in Tests/Fuzz/Dictionaries/ (- for none), and optionally a source
# file (from the package root) compiled into the target besides Support/. A new target is a file
# Targets/NAME.swift, seeds in Corpus/NAME/ and a line here.
TARGETS=(
    "sidecar-json  16384 json"
    "exiftool-json 16384 json"
    "xmp           16384 xml"
    "jpeg           8192 -"
    "jpeg-decode   16384 -"
    "jpeg-encode    4096 -"
    "png            4096 -"
    "png-decode     8192 -"
    "inflate        8192 -"
    "renditions     8192 -"
    "rendition-stream 8192 -"
    "gif            4096 -"
    "webp           4096 -"
    "avif           4096 -"
    "heif          16384 -"
    "video         16384 -"
    "video-iso     16384 -"
    "video-matroska 16384 -"
    "exif           4096 -"
    "camera-raw    16384 -"
    "iim            4096 -"
    "extended-xmp  16384 xml"
    "embedded      16384 xml"
    "template       8192 mustache"
    "markdown       8192 markdown"
    "config         4096 json"
    "http          40000 http"
    "manifest      16384 json"
    "cache          4096 -"
    "jpeg-rewrite  16384 -"
    "png-rewrite   16384 -"
    "published-copy 4096 -"
    "idct            257 - Tests/AshlarImageTests/JPEG/ReferenceIDCT.swift"
    "hevc-cabac     4096 -"
    "hevc-parameter-sets 4096 -"
    "hevc-picture   8192 -"
)

root="$(cd "$(dirname "$0")/../.." && pwd)"
fuzz="$root/Tests/Fuzz"
build="${FUZZ_BUILD:-$root/.build-fuzz}"
artifacts="$fuzz/artifacts"
# -O keeps Swift's bounds and overflow checks; -g gives the sanitizer reports line numbers; the
# package name lets the modules see each other's `package` declarations, as SwiftPM does.
swift_flags=(-O -g -enable-testing -sanitize=fuzzer,address -parse-as-library -package-name Ashlar)

usage() {
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 64
}

target_names() {
    local entry
    for entry in "${TARGETS[@]}"; do
        read -r name _ <<<"$entry"
        echo "$name"
    done
}

target_field() { # NAME FIELD(2 = max_len, 3 = dictionary, 4 = extra source)
    local entry
    for entry in "${TARGETS[@]}"; do
        read -r -a fields <<<"$entry"
        if [[ "${fields[0]}" == "$1" ]]; then
            echo "${fields[$(($2 - 1))]:-}"
            return
        fi
    done
    echo "unknown fuzz target '$1'; targets: $(target_names | tr '\n' ' ')" >&2
    exit 64
}

# A hash of the given files' paths and contents, and of the compiler and flags.
fingerprint() {
    {
        swiftc --version 2>&1
        echo "${swift_flags[*]}"
        find "$@" -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum
    } | sha256sum | cut -d' ' -f1
}

# Runs a build step quietly; prints its output only when it fails or warns.
step() { # DESCRIPTION COMMAND...
    local description="$1"
    shift
    local log
    log="$build/logs/build-$(echo "$description" | tr -c 'A-Za-z0-9.-' '_').log"
    echo "   $description"
    if ! "$@" >"$log" 2>&1; then
        cat "$log" >&2
        echo "fuzz build failed: $description" >&2
        return 1
    fi
    grep -E "warning:" "$log" >&2 || true
}

# How many builds and fuzzing runs go at once: one per core (FUZZ_JOBS overrides).
jobs="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}"
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || jobs=1

build_modules() {
    mkdir -p "$build/modules" "$build/bin" "$build/logs"
    local stamp
    stamp="$(fingerprint "$root/Sources/AshlarTemplate" "$root/Sources/AshlarCore" "$root/Sources/AshlarImage" \
        "$root/Sources/AshlarPlatform" "$root/Sources/ashlar-embed-templates" "$root/Templates")"
    if [[ -f "$build/modules/stamp" && "$(cat "$build/modules/stamp")" == "$stamp" ]]; then
        return
    fi
    rm -f "$build/modules/stamp"
    echo "== fuzz: building AshlarPlatform, AshlarTemplate, AshlarImage and AshlarCore with -sanitize=fuzzer,address"
    local started=$SECONDS
    # The default theme is embedded into AshlarCore as SwiftPM's build plugin does it.
    step "ashlar-embed-templates" \
        swiftc -Onone "$root/Sources/ashlar-embed-templates/main.swift" -o "$build/ashlar-embed-templates"
    step "EmbeddedTheme.swift" \
        "$build/ashlar-embed-templates" "$root/Templates" "$build/EmbeddedTheme.swift"
    step "AshlarPlatform" \
        swiftc "${swift_flags[@]}" -module-name AshlarPlatform -wmo \
        -emit-module -emit-module-path "$build/modules/AshlarPlatform.swiftmodule" \
        -emit-object -o "$build/modules/AshlarPlatform.o" \
        "$root"/Sources/AshlarPlatform/*.swift
    step "AshlarTemplate" \
        swiftc "${swift_flags[@]}" -module-name AshlarTemplate -wmo \
        -emit-module -emit-module-path "$build/modules/AshlarTemplate.swiftmodule" \
        -emit-object -o "$build/modules/AshlarTemplate.o" \
        "$root"/Sources/AshlarTemplate/*.swift
    local image_sources=() core_sources=()
    mapfile -t image_sources < <(find "$root/Sources/AshlarImage" -name '*.swift' | LC_ALL=C sort)
    mapfile -t core_sources < <(find "$root/Sources/AshlarCore" -name '*.swift' | LC_ALL=C sort)
    # AshlarCore needs only AshlarImage's interface: emit that first, then compile the two
    # modules' code side by side (each whole-module compile uses one core).
    step "AshlarImage (interface)" \
        swiftc "${swift_flags[@]}" -module-name AshlarImage -wmo \
        -emit-module -emit-module-path "$build/modules/AshlarImage.swiftmodule" \
        "${image_sources[@]}"
    step "AshlarImage" \
        swiftc "${swift_flags[@]}" -module-name AshlarImage -wmo \
        -c -o "$build/modules/AshlarImage.o" \
        "${image_sources[@]}" &
    local image_job=$!
    local core_status=0 image_status=0
    step "AshlarCore" \
        swiftc "${swift_flags[@]}" -module-name AshlarCore -wmo -I "$build/modules" \
        -emit-module -emit-module-path "$build/modules/AshlarCore.swiftmodule" \
        -emit-object -o "$build/modules/AshlarCore.o" \
        "${core_sources[@]}" "$build/EmbeddedTheme.swift" || core_status=$?
    wait "$image_job" || image_status=$?
    [[ $core_status -eq 0 && $image_status -eq 0 ]] || exit 1
    echo "$stamp" >"$build/modules/stamp"
    echo "   modules built in $((SECONDS - started)) s"
}

build_target() { # NAME
    local name="$1" binary="$build/bin/$1"
    local source="$fuzz/Targets/$name.swift"
    [[ -f "$source" ]] || { echo "missing $source" >&2; exit 1; }
    local sources=("$source") extra
    extra="$(target_field "$name" 4)"
    [[ -z "$extra" ]] || sources+=("$root/$extra")
    local stamp
    stamp="$(cat "$build/modules/stamp") $(fingerprint "$fuzz/Support" "${sources[@]}")"
    if [[ -x "$binary" && -f "$binary.stamp" && "$(cat "$binary.stamp")" == "$stamp" ]]; then
        return
    fi
    step "target $name" \
        swiftc "${swift_flags[@]}" -use-ld=lld -module-name FuzzTarget -I "$build/modules" \
        "$fuzz"/Support/*.swift "${sources[@]}" \
        "$build/modules/AshlarPlatform.o" "$build/modules/AshlarTemplate.o" "$build/modules/AshlarImage.o" \
        "$build/modules/AshlarCore.o" -o "$binary"
    echo "$stamp" >"$binary.stamp"
}

# Fuzzes one target; prints one summary line and returns non-zero on a finding.
run_target() { # NAME SECONDS FLAG...
    local name="$1" seconds="$2"
    shift 2
    local max_len dictionary
    max_len="$(target_field "$name" 2)"
    dictionary="$(target_field "$name" 3)"
    local corpus="$build/corpus/$name" log="$build/logs/$name.log"
    mkdir -p "$corpus" "$artifacts/$name"
    local options=(
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len"
        -detect_leaks=1 -print_final_stats=1 -artifact_prefix="$artifacts/$name/"
    )
    [[ "$dictionary" == "-" ]] || options+=(-dict="$fuzz/Dictionaries/$dictionary.dict")
    # New inputs go to the first folder; the committed seeds and past findings are only read.
    local folders=("$corpus" "$fuzz/Corpus/$name")
    [[ -d "$fuzz/Regressions/$name" ]] && folders+=("$fuzz/Regressions/$name")
    local status=0
    # Swift's own crash backtracer would race the sanitizer's report; libFuzzer prints the stack.
    SWIFT_BACKTRACE=enable=no "$build/bin/$name" "${options[@]}" "$@" "${folders[@]}" >"$log" 2>&1 || status=$?
    local runs rate corpus_size replayed
    runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
    # libFuzzer runs every input of the folders before it makes new ones, and says so in its
    # INITED line (with an empty corpus it runs one empty input instead).
    replayed="$(sed -n 's/^#\([0-9]*\)[[:space:]]*INITED.*/\1/p' "$log" | head -1)"
    if [[ $status -eq 0 && -z "$replayed" ]]; then
        printf '%-14s FAILED   did not finish replaying its corpus; log %s\n' "$name" "$log"
        return 1
    fi
    rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)"
    corpus_size="$(find "$corpus" -type f | wc -l)"
    if [[ $status -eq 0 ]]; then
        printf '%-14s ok  replayed %5s  %10s runs  %7s exec/s  corpus %s\n' "$name" "$replayed" "${runs:-?}" \
            "${rate:-?}" "$corpus_size"
        return 0
    fi
    printf '%-14s FINDING  %10s runs  exit %s; log %s\n' "$name" "${runs:-?}" "$status" "$log"
    {
        grep -E "ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|^SUMMARY|Fatal error|ALARM|Test unit written" "$log"
        # The innermost frames in Ashlar's code, and the Swift runtime failure if there is one.
        grep -E "^ +#[0-9]+ .*(Swift runtime failure|/Sources/|/Tests/Fuzz/)" "$log" | head -8 | swift demangle --simplified
    } | sed 's/^/    /' || true
    return 1
}

# Builds the given targets, $jobs at a time; exits non-zero when any fails.
build_targets() { # NAME...
    local name failures=0
    local running=()
    for name in "$@"; do
        build_target "$name" &
        running+=($!)
        if [[ ${#running[@]} -ge $jobs ]]; then
            wait "${running[0]}" || failures=$((failures + 1))
            running=("${running[@]:1}")
        fi
    done
    for job in "${running[@]}"; do wait "$job" || failures=$((failures + 1)); done
    [[ $failures -eq 0 ]] || exit 1
}

# Fuzzes the targets in $names, $jobs at a time (each run is one process on one core); prints
# their lines in the list's order and adds the targets with findings to $failed.
run_targets() { # SECONDS FLAG...
    local seconds="$1"
    shift
    local index name
    local running=() running_names=()
    mkdir -p "$build/logs"
    finish_oldest() {
        local status=0
        wait "${running[0]}" || status=$?
        cat "$build/logs/${running_names[0]}.summary"
        [[ $status -eq 0 ]] || failed+=("${running_names[0]}")
        running=("${running[@]:1}")
        running_names=("${running_names[@]:1}")
    }
    for name in "${names[@]}"; do
        run_target "$name" "$seconds" "$@" >"$build/logs/$name.summary" 2>&1 &
        running+=($!)
        running_names+=("$name")
        if [[ ${#running[@]} -ge $jobs ]]; then finish_oldest; fi
    done
    while [[ ${#running[@]} -gt 0 ]]; do finish_oldest; done
}

[[ $# -ge 1 ]] || usage
command="$1"
shift
case "$command" in
list)
    target_names
    ;;
build)
    build_modules
    if [[ $# -eq 0 ]]; then set -- $(target_names); fi
    for name in "$@"; do target_field "$name" 2 >/dev/null; done
    build_targets "$@"
    ;;
-h | --help | help)
    usage
    ;;
*)
    seconds="${1:-60}"
    [[ $# -ge 1 ]] && shift
    [[ "$seconds" =~ ^[0-9]+$ ]] || usage
    if [[ "$command" == all ]]; then
        names=($(target_names))
    else
        target_field "$command" 2 >/dev/null
        names=("$command")
    fi
    build_modules
    build_targets "${names[@]}"
    echo "== fuzz: ${#names[@]} target(s), $seconds s each, $jobs at a time"
    failed=()
    run_targets "$seconds" "$@"
    if [[ ${#failed[@]} -gt 0 ]]; then
        echo "fuzz findings in: ${failed[*]} (inputs under Tests/Fuzz/artifacts/)" >&2
        exit 1
    fi
    ;;
esac
