#!/usr/bin/env python3
"""How fast `lrt preview` answers a save (docs/performance.md, "The live preview").

Runs `lrt preview` on a copy of scenes/shaders.lrt whose Marble sphere reads a copy of
shaders/Marble.cg beside it, then saves that shader N times (by rename, as editors do, changing a
constant each time) and measures, from each save, by polling /api/status every millisecond:

  first pass   the new generation's first pass (1 spp, a quarter of the resolution) is what
               /api/image.png serves;
  full 1 spp   its second pass (the full resolution at 1 spp) is;
  cancel       a save made while the last pass (9 spp) renders: until the new generation starts,
               which is once the cancelled render's threads have stopped (this includes the 15 ms
               the server waits for an editor's burst of events to end).

The baseline, measured in the same run: the batch loop the preview replaces, `lrt render
shaders.lrt --spp 1` (a process that reads, builds and renders the same scene at full resolution,
1 spp), 5 runs.

Usage: bench_preview.py LRT SOURCE_DIR [SAVES]   (prints medians and quartiles, in ms)
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from preview_client import PreviewServer, save_by_rename


def main():
    lrt, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    saves = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    folder = tempfile.mkdtemp(prefix="lrt_bench_preview_")
    try:
        shutil.copy(os.path.join(source, "scenes", "shaders.lrt"), folder)
        shutil.copytree(os.path.join(source, "scenes", "textures"), os.path.join(folder, "textures"))
        shader = os.path.join(folder, "Marble.cg")  # found before the bundled one
        shutil.copy(os.path.join(source, "shaders", "Marble.cg"), shader)
        with open(shader) as f:
            original = f.read()
        with PreviewServer(lrt, "shaders.lrt", folder) as server:
            wait = server.wait

            def save(index):
                # The vein colour's weight changes, so every save is a different program.
                return save_by_rename(shader, original.replace(
                    "float3 veinColor", f"float3 veinColor /* {index} */"))

            s = wait(lambda s: s["state"] == "done")
            assert s["diagnostics"] == [], s["diagnostics"]
            first, full, cancel = [], [], []
            for i in range(saves):
                generation = s["generation"]
                start = save(i)
                wait(lambda s: s["image"] and s["image"]["generation"] > generation)
                first.append(time.perf_counter() - start)
                s = wait(lambda s: s["image"]["generation"] > generation and s["image"]["pass"] >= 2)
                full.append(time.perf_counter() - start)
                # Into the last pass, then a save that cancels it.
                s = wait(lambda s: s["pass"] >= 3 or s["state"] != "rendering")
                generation = s["generation"]
                start = save(1000 + i)
                s = wait(lambda s: s["generation"] > generation)
                cancel.append(time.perf_counter() - start)
                s = wait(lambda s: s["state"] == "done")
        batch = []
        for _ in range(5):
            start = time.perf_counter()
            subprocess.run([lrt, "render", "shaders.lrt", "--spp", "1", "-q", "-o",
                            os.path.join(folder, "batch.png")], cwd=folder, check=True)
            batch.append(time.perf_counter() - start)
        print(f"lrt render --spp 1: median {statistics.median(batch) * 1000:6.1f} ms (5 runs)")
        for name, values in [("first pass", first), ("full 1 spp", full), ("cancel", cancel)]:
            q = statistics.quantiles([v * 1000 for v in values], n=4)
            print(f"{name:>11}: median {statistics.median(values) * 1000:6.1f} ms"
                  f"  (quartiles {q[0]:.1f} - {q[2]:.1f} ms, {len(values)} saves)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
