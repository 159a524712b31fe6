#!/usr/bin/env python3
"""Whole renders with compiled and interpreted programs, in turns.

Usage: bench/slvm/jit/whole_renders.py LRT [RUNS] [SCENE...]

Renders each scene (default: the bundled shader, signed-distance and vertex-program galleries)
RUNS times (default 3) with --vm jit and --vm interpreter alternately, on all cores, and prints
the median render seconds of each (from --stats: scene build excluded, as it holds the compiles,
which --stats reports apart) and their ratio. The images of the two are compared pixel for pixel
with OpenImageIO's idiff, which must find no difference.
"""
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile


def render(lrt, scene, vm, folder):
    image = folder / f"{pathlib.Path(scene).stem}-{vm}.exr"
    stats = folder / f"{pathlib.Path(scene).stem}-{vm}.json"
    subprocess.run([lrt, "render", scene, "--vm", vm, "--quiet", "-o", str(image),
                    "--stats", str(stats)], check=True)
    report = json.loads(stats.read_text())
    frame = report["frames"][0] if "frames" in report else report
    return frame["render_seconds"], frame["jit_programs"], frame["jit_compile_seconds"], image


def main():
    lrt = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    scenes = sys.argv[3:] or ["scenes/shaders.lrt", "scenes/sdf_gallery.lrt",
                              "scenes/vertex_gallery.lrt"]
    print("| scene | interpreter, s | jit, s | speed-up | programs compiled | compile time |")
    print("| --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as temporary:
        folder = pathlib.Path(temporary)
        for scene in scenes:
            times = {"jit": [], "interpreter": []}
            compiled = (0, 0.0)
            for _ in range(runs):
                for vm in ("interpreter", "jit"):
                    seconds, programs, compile_seconds, image = render(lrt, scene, vm, folder)
                    times[vm].append(seconds)
                    if vm == "jit":
                        compiled = (programs, compile_seconds)
            same = subprocess.run(["idiff", "-q", "-fail", "0", "-failpercent", "0",
                                   str(folder / f"{pathlib.Path(scene).stem}-jit.exr"),
                                   str(folder / f"{pathlib.Path(scene).stem}-interpreter.exr")],
                                  stdout=subprocess.DEVNULL).returncode == 0
            if not same:
                sys.exit(f"{scene}: the compiled and interpreted images differ")
            interpreted, jit = statistics.median(times["interpreter"]), statistics.median(times["jit"])
            print(f"| {scene} | {interpreted:.2f} | {jit:.2f} | {interpreted / jit:.2f}x | "
                  f"{compiled[0]} | {compiled[1] * 1000:.1f} ms |")


if __name__ == "__main__":
    main()
