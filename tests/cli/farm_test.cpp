// Batch and farm rendering from the command line: frame ranges and names, tiles and `lrt merge`,
// checkpoints and resuming after a kill, exit codes and what a wrangler reads (docs/farm.md).
#include "renderer/image/image_file.h"
#include "run_lrt.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

using lrt::testing::q;
using lrt::testing::runLrt;
using lrt::testing::runLrtInProcess;
using lrt::testing::scratchPath;
using lrt::testing::slurp;
using lrt::testing::writeScratchFile;
namespace fs = std::filesystem;

namespace {

// A sphere that a vertex program lifts by a tenth of the frame number, with a random-using
// shader, so that frames differ in geometry and in their random streams.
void writeFrameScene() {
    writeScratchFile("lift.vp", "!!VP2.0\nMOV R0, c[0];\nMOV o[HPOS], v[OPOS];\n"
                                "MAD o[HPOS].y, R0.x, c[1].x, v[OPOS].y;\nEND\n");
    writeScratchFile("framed.lrt", "Format 32 24 1\nPixelSamples 1 1\nWorldBegin\n"
                                   "LightSource \"distantlight\" \"from\" [0 0 0] \"to\" [0 0 1]\n"
                                   "Translate 0 0 5\nVertexProgram \"lift.vp\" \"frame\" [0] "
                                   "\"c[1]\" [0.1 0 0 0]\nSphere 1 -1 1 360\nWorldEnd\n");
}

// The Cornell box at 160 x 160 (25 tiles): big enough to be killed part way.
fs::path cornell() {
    const std::string text = slurp(LRT_SOURCE_DIR "/scenes/cornell.lrt");
    const std::size_t format = text.find("Format 512 512 1");
    REQUIRE(format != std::string::npos);
    return writeScratchFile(
        "cornell160.lrt",
        fmt::format("{}Format 160 160 1{}", text.substr(0, format), text.substr(format + 16)));
}

// Pixel values of every channel, by channel name, must be bitwise equal.
void requireSamePixels(const fs::path& expected, const fs::path& actual) {
    INFO("comparing " << expected << " with " << actual);
    const lrt::Image a = lrt::readImage(expected), b = lrt::readImage(actual);
    REQUIRE(a.channelNames == b.channelNames);
    REQUIRE(a.width == b.width);
    REQUIRE(a.height == b.height);
    REQUIRE(a.xOrigin == b.xOrigin);
    REQUIRE(a.yOrigin == b.yOrigin);
    std::size_t differing = 0;
    for (std::size_t i = 0; i < a.pixels.size(); ++i)
        differing += std::memcmp(&a.pixels[i], &b.pixels[i], sizeof(float)) != 0;
    CHECK(differing == 0);
}

// Runs lrt in the background and sends it `signal`: once `started` exists (a checkpoint file: the
// render is under way), or at once when `started` is empty, then after `seconds` more. Returns the
// exit status (128 + the signal when it died of it).
int runAndKill(const std::string& arguments, const fs::path& started, double seconds,
               const char* signal) {
    const fs::path status = scratchPath("kill-status");
    const std::string wait =
        started.empty() ? ""
                        : fmt::format("for i in $(seq 2000); do [ -e {} ] && break; sleep 0.01; "
                                      "done; ",
                                      q(started));
    const std::string script = fmt::format("cd '" LRT_SOURCE_DIR "' && ('" LRT_BINARY
                                           "' {} >/dev/null 2>&1 & pid=$!; {}sleep {}; "
                                           "kill -{} $pid 2>/dev/null; wait $pid; echo $? > {})",
                                           arguments, wait, seconds, signal, q(status));
    REQUIRE(std::system(script.c_str()) == 0);
    return std::stoi(slurp(status));
}

double secondsOf(const std::string& arguments) {
    const auto start = std::chrono::steady_clock::now();
    const auto r = runLrt(arguments);
    INFO(r.err);
    REQUIRE(r.exitStatus == 0);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

TEST_CASE("a frame range with a step renders a single-frame scene once per frame number",
          "[cli][farm][frames]") {
    writeFrameScene();
    const fs::path scene = scratchPath("framed.lrt");
    for (const int f : {1, 2, 3, 4, 5, 6})
        fs::remove(scratchPath(fmt::format("framed.{:04}.exr", f)));
    const auto r = runLrt(
        fmt::format("{} --frames 1-6:2 -o {} -q", q(scene), q(scratchPath("framed.%04d.exr"))));
    INFO(r.err);
    REQUIRE(r.exitStatus == 0);
    for (const int f : {1, 3, 5}) {
        lrt::ImageMetadata metadata;
        lrt::readImage(scratchPath(fmt::format("framed.{:04}.exr", f)), &metadata);
        CHECK(lrt::metadataValue(metadata, "lrt:frame") == std::to_string(f));
    }
    for (const int f : {2, 4, 6})
        CHECK_FALSE(fs::exists(scratchPath(fmt::format("framed.{:04}.exr", f))));
    // The frame number moved the sphere: the frames differ.
    const auto a = lrt::readImage(scratchPath("framed.0001.exr"));
    const auto b = lrt::readImage(scratchPath("framed.0005.exr"));
    CHECK(a.pixels != b.pixels);

    // '#' runs pad to their length, %d does not pad.
    const auto hashes =
        runLrt(fmt::format("{} --frames 7 -o {} -q", q(scene), q(scratchPath("hash.##.exr"))));
    CHECK(hashes.exitStatus == 0);
    CHECK(fs::exists(scratchPath("hash.07.exr")));
    const auto plain =
        runLrt(fmt::format("{} --frames 12 -o {} -q", q(scene), q(scratchPath("plain.%d.png"))));
    CHECK(plain.exitStatus == 0);
    CHECK(fs::exists(scratchPath("plain.12.png")));
}

TEST_CASE("bad frame ranges and output patterns are usage errors", "[cli][farm][frames]") {
    writeFrameScene();
    for (const char* flags :
         {"--frames 5-1", "--frames 1-5:0", "--frames a", "--frames 1-2:x", "--frames 0-99999999",
          "-o out.%s.exr", "-o out.%.exr", "--checkpoint -1"}) {
        INFO(flags);
        const auto r =
            runLrtInProcess(fmt::format("{} {} -q", q(scratchPath("framed.lrt")), flags));
        CHECK(r.exitStatus == 2);
        CHECK_THAT(r.err, Catch::StartsWith("ERROR: "));
    }
}

TEST_CASE("tiles merged by lrt merge equal a single render bitwise", "[cli][farm][merge]") {
    const fs::path scene = writeScratchFile(
        "merge.lrt", "Format 61 37 1\nPixelSamples 2 2\nWorldBegin\n"
                     "LightSource \"pointlight\" \"from\" [1 2 -1] \"intensity\" [20]\n"
                     "Translate 0 0 5\nSphere 2 -2 2 360\nWorldEnd\n");
    const fs::path full = scratchPath("merge-full.exr");
    REQUIRE(runLrt(fmt::format("{} -o {} -q", q(scene), q(full))).exitStatus == 0);

    // Bands of --tile I/N, in any order on the command line.
    std::string bands;
    for (int i : {2, 0, 1}) {
        const fs::path tile = scratchPath(fmt::format("merge-band-{}.exr", i));
        REQUIRE(runLrt(fmt::format("{} --tile {}/3 -o {} -q", q(scene), i, q(tile))).exitStatus ==
                0);
        bands += fmt::format(" {}", q(tile));
    }
    const fs::path merged = scratchPath("merge-bands.exr");
    const auto r = runLrt(fmt::format("merge{} -o {}", bands, q(merged)));
    INFO(r.err);
    REQUIRE(r.exitStatus == 0);
    requireSamePixels(full, merged);

    // Crop windows (quadrants) merge the same way.
    std::string quadrants;
    int n = 0;
    for (const char* crop : {"0,0.5,0,0.5", "0.5,1,0,0.5", "0,0.5,0.5,1", "0.5,1,0.5,1"}) {
        const fs::path tile = scratchPath(fmt::format("merge-crop-{}.exr", n++));
        REQUIRE(runLrt(fmt::format("{} --crop {} -o {} -q", q(scene), crop, q(tile))).exitStatus ==
                0);
        quadrants += fmt::format(" {}", q(tile));
    }
    const fs::path cropped = scratchPath("merge-crops.exr");
    REQUIRE(runLrt(fmt::format("merge{} -o {}", quadrants, q(cropped))).exitStatus == 0);
    requireSamePixels(full, cropped);

    // A PNG of the merge is the PNG of the full render.
    const fs::path fullPng = scratchPath("merge-full.png"), mergedPng = scratchPath("merged.png");
    REQUIRE(runLrt(fmt::format("{} -o {} -q", q(scene), q(fullPng))).exitStatus == 0);
    REQUIRE(runLrt(fmt::format("merge{} -o {}", bands, q(mergedPng))).exitStatus == 0);
    CHECK(lrt::readImage(fullPng).pixels == lrt::readImage(mergedPng).pixels);
}

TEST_CASE("lrt merge refuses overlapping, missing and mismatched tiles", "[cli][farm][merge]") {
    const fs::path scene = writeScratchFile(
        "refuse.lrt", "Format 40 30 1\nPixelSamples 1 1\nWorldBegin\nTranslate 0 0 5\n"
                      "Sphere 2 -2 2 360\nWorldEnd\n");
    auto render = [&](const std::string& name, const std::string& flags) {
        const fs::path out = scratchPath(name);
        REQUIRE(runLrt(fmt::format("{} {} -o {} -q", q(scene), flags, q(out))).exitStatus == 0);
        return q(out);
    };
    const std::string band0 = render("r0.exr", "--tile 0/3");
    const std::string band2 = render("r2.exr", "--tile 2/3");
    const std::string band1 = render("r1.exr", "--tile 1/3");
    const std::string otherSpp = render("r1-spp.exr", "--tile 1/3 --spp 4");
    const std::string left = render("left.exr", "--crop 0,0.6,0,1");
    const std::string right = render("right.exr", "--crop 0.5,1,0,1");
    const std::string top = render("top.exr", "--crop 0,1,0,0.4");
    const std::string bottom = render("bottom.exr", "--crop 0,1,0.6,1");
    const std::string other =
        writeScratchFile("other.lrt", "Format 20 30 1\nWorldBegin\nWorldEnd\n");
    const fs::path otherOut = scratchPath("other.exr");
    REQUIRE(runLrt(fmt::format("{} -o {} -q", other, q(otherOut))).exitStatus == 0);

    struct Refusal {
        std::string tiles;
        const char* message;
    };
    const std::vector<Refusal> refusals = {
        {band0 + " " + band2, "tile 1/3 is missing"},
        {band0 + " " + band1 + " " + band1 + " " + band2, "are both tile 1/3"},
        {band0 + " " + otherSpp + " " + band2, "come from different renders (lrt:spp is \"1\" "
                                               "and \"4\")"},
        {left + " " + right, "overlap (x 20..23, y 0..29)"},
        {top + " " + bottom, "the tiles leave pixels out"},
        {band0 + " " + q(otherOut), "is part of a 40x30 image but"},
        {q(scratchPath("no-such-tile.exr")), "no-such-tile.exr: cannot read image"},
        {band0 + " " + q(scratchPath("r1-bad.exr")) + " " + band2,
         "r1-bad.exr: malformed lrt:tile \"7/3\" (expected I/N)"},
    };
    // A tile whose lrt:tile says it is band 7 of 3.
    REQUIRE(std::system(fmt::format("oiiotool {} --attrib lrt:tile 7/3 -o {}", band1,
                                    q(scratchPath("r1-bad.exr")))
                            .c_str()) == 0);
    for (const Refusal& refusal : refusals) {
        INFO("merge " << refusal.tiles);
        const fs::path out = scratchPath("refused.exr");
        fs::remove(out);
        const auto r = runLrt(fmt::format("merge {} -o {}", refusal.tiles, q(out)));
        CHECK(r.exitStatus == 1);
        CHECK_THAT(r.err, Catch::StartsWith("ERROR: ") && Catch::Contains(refusal.message));
        CHECK_FALSE(fs::exists(out));
    }
}

TEST_CASE("a render killed at any moment and resumed equals an uninterrupted one",
          "[cli][farm][checkpoint]") {
    const fs::path scene = cornell();
    const fs::path reference = scratchPath("ck-reference.exr");
    const std::string flags = "--spp 16 --threads 1 -q";
    const double seconds =
        secondsOf(fmt::format("render {} {} -o {}", q(scene), flags, q(reference)));

    // SIGTERM once the render is under way (its first checkpoint exists), at several moments, the
    // last of them near the end, when the signal may land as the finished render tears down (it
    // must still exit 0); and once right at start-up, before lrt may even handle signals.
    const fs::path out = scratchPath("ck-out.exr"),
                   checkpoint = scratchPath("ck-out.exr.checkpoint.exr");
    int interrupted = 0;
    for (const double fraction : {-1.0, 0.0, 0.15, 0.35, 0.6, 0.85}) {
        fs::remove(out);
        fs::remove(checkpoint);
        const bool atStart = fraction < 0;
        const int status = runAndKill(
            fmt::format("render {} {} --checkpoint 0.01 -o {}", q(scene), flags, q(out)),
            atStart ? fs::path() : checkpoint, atStart ? 0.0 : fraction * seconds, "TERM");
        INFO("SIGTERM " << (atStart ? "at start-up" : "during the render") << ", "
                        << fraction * seconds << " s in: exit status " << status);
        // Interrupted (3: a checkpoint and no image), or finished first (0); at start-up also
        // killed before lrt handles signals (128 + 15).
        REQUIRE((status == 3 || status == 0 || (atStart && status == 143)));
        if (status != 0)
            CHECK_FALSE(fs::exists(out));
        if (status == 3) {
            ++interrupted;
            CHECK(fs::exists(checkpoint));
        }
        // Not quiet: the resumed render says what it reused (quiet is no part of the identity).
        const auto resumed =
            runLrt(fmt::format("render {} --spp 16 --threads 1 --resume --stats {} "
                               "-o {}",
                               q(scene), q(scratchPath("ck-stats.json")), q(out)));
        INFO(resumed.err);
        REQUIRE(resumed.exitStatus == 0);
        if (status == 3)
            CHECK_THAT(resumed.err,
                       Catch::Matches("resuming from .*ck-out\\.exr\\.checkpoint\\.exr: "
                                      "[0-9]+ of [0-9]+ tiles already rendered\n(.|\n)*",
                                      Catch::CaseSensitive::Yes));
        CHECK_FALSE(fs::exists(checkpoint));
        requireSamePixels(reference, out);
    }
    CHECK(interrupted >= 2);

    // SIGKILL leaves no chance to write: the last periodic checkpoint is what resumes.
    const fs::path killed = scratchPath("ck-killed.exr");
    fs::remove(killed);
    const int status =
        runAndKill(fmt::format("render {} {} --checkpoint 0.01 -o {}", q(scene), flags, q(killed)),
                   scratchPath("ck-killed.exr.checkpoint.exr"), 0.3 * seconds, "KILL");
    CHECK((status == 137 || status == 0));
    REQUIRE(
        runLrt(fmt::format("render {} {} --resume -o {}", q(scene), flags, q(killed))).exitStatus ==
        0);
    requireSamePixels(reference, killed);
}

TEST_CASE("a checkpoint of another render is not resumed", "[cli][farm][checkpoint]") {
    const fs::path scene = cornell();
    const fs::path out = scratchPath("ck-mismatch.exr");
    fs::remove(out);
    fs::remove(scratchPath("ck-mismatch.exr.checkpoint.exr"));
    const int status = runAndKill(
        fmt::format("render {} --spp 16 --threads 1 -q --checkpoint 0.01 -o {}", q(scene), q(out)),
        scratchPath("ck-mismatch.exr.checkpoint.exr"), 0.0, "INT");
    REQUIRE(status == 3); // SIGINT during the render stops it with a checkpoint
    const auto r =
        runLrt(fmt::format("render {} --spp 8 --threads 1 -q --resume -o {}", q(scene), q(out)));
    CHECK(r.exitStatus == 1);
    CHECK_THAT(r.err, Catch::Contains("the checkpoint belongs to another render") &&
                          Catch::Contains("spp 8"));
}

TEST_CASE("resuming skips frames already rendered", "[cli][farm][checkpoint]") {
    writeFrameScene();
    const fs::path scene = scratchPath("framed.lrt");
    const fs::path first = scratchPath("skip.0001.exr"), second = scratchPath("skip.0002.exr");
    fs::remove(first);
    fs::remove(second);
    REQUIRE(runLrt(fmt::format("{} --frames 1 -o {} -q", q(scene), q(scratchPath("skip.####.exr"))))
                .exitStatus == 0);
    const auto before = fs::last_write_time(first);
    const auto r = runLrt(
        fmt::format("{} --frames 1-2 --resume -o {}", q(scene), q(scratchPath("skip.####.exr"))));
    REQUIRE(r.exitStatus == 0);
    CHECK_THAT(r.err, Catch::Contains("frame 1:") && Catch::Contains("is already rendered"));
    CHECK(fs::last_write_time(first) == before);
    CHECK(fs::exists(second));
    // Outputs of other settings are not taken as done.
    const auto reseeded = runLrt(fmt::format("{} --frames 1-2 --seed 5 --resume -o {}", q(scene),
                                             q(scratchPath("skip.####.exr"))));
    REQUIRE(reseeded.exitStatus == 0);
    CHECK_THAT(reseeded.err, Catch::Contains("frame 1:") &&
                                 Catch::Contains("is of another render; rendering it again"));
    lrt::ImageMetadata metadata;
    lrt::readImage(first, &metadata);
    CHECK_THAT(lrt::metadataValue(metadata, "lrt:identity"), Catch::Contains("; seed 5;"));
}

TEST_CASE("errors start with ERROR:, and stats and EXR headers tell what was rendered",
          "[cli][farm]") {
    const fs::path broken =
        writeScratchFile("farm-broken.lrt", "Format 8 8\nWorldBegin\nWorldEnd\n");
    const auto bad = runLrt(fmt::format("{} -q", q(broken)));
    CHECK(bad.exitStatus == 1);
    CHECK_THAT(bad.err, Catch::StartsWith("ERROR: ") && Catch::Contains("farm-broken.lrt:1:1:"));

    writeScratchFile("Forever.sl", "sl 1.0\nloop:\njmp loop\n");
    const fs::path scene = writeScratchFile(
        "farm-stats.lrt", "FrameBegin 4\nFormat 8 6 1\nPixelSamples 1 1\nWorldBegin\n"
                          "LightSource \"distantlight\"\nSurface \"Forever\"\nTranslate 0 0 5\n"
                          "Sphere 3 -3 3 360\nWorldEnd\nFrameEnd\n"
                          "FrameBegin 5\nFormat 8 6 1\nPixelSamples 1 1\nWorldBegin\nWorldEnd\n"
                          "FrameEnd\n");
    const fs::path stats = scratchPath("farm-stats.json");
    const auto r = runLrt(fmt::format("{} --tile 0/2 --seed 9 -o {} --stats {}", q(scene),
                                      q(scratchPath("farm-stats.#.exr")), q(stats)));
    INFO(r.err);
    REQUIRE(r.exitStatus == 0);
    CHECK_THAT(r.err, Catch::Contains("WARNING: ") && Catch::Contains("frame 4 100%"));
    const auto json = nlohmann::json::parse(slurp(stats));
    REQUIRE(json["frames"].size() == 2);
    CHECK(json["frames"][0]["frame"] == 4);
    // The budget warning alone: the samples it dropped are not a second warning.
    CHECK(json["frames"][0]["warnings"].size() == 1);
    // Band 0 of 2 is rows 0-2; the default 2x2 gaussian also samples row 3, one pixel away.
    CHECK(json["frames"][0]["rays"]["camera"] == 8 * 4);
    CHECK(json["frames"][0]["peak_resident_bytes"].get<double>() > 0);
    CHECK(json["frames"][1]["warnings"].empty());
    lrt::ImageMetadata metadata;
    lrt::readImage(scratchPath("farm-stats.4.exr"), &metadata);
    CHECK(lrt::metadataValue(metadata, "lrt:tile") == "0/2");
    CHECK(lrt::metadataValue(metadata, "lrt:seed") == "9");
    CHECK(lrt::metadataValue(metadata, "lrt:spp") == "1");
    CHECK_THAT(lrt::metadataValue(metadata, "lrt:rays"), Catch::StartsWith("camera 32 shadow "));
    CHECK(lrt::metadataValue(metadata, "lrt:warnings") == "1");
    CHECK_THAT(lrt::metadataValue(metadata, "lrt:scene"), Catch::EndsWith("farm-stats.lrt"));
}

TEST_CASE("lrt farm slurm writes the job scripts and the sbatch commands", "[cli][farm][slurm]") {
    writeFrameScene();
    const fs::path jobs = scratchPath("jobs");
    const auto r =
        runLrt(fmt::format("farm slurm {} --frames 1-5:2 --tiles 3 --spp 2 -o {} "
                           "--jobs-folder {} --dry-run -- --partition=render",
                           q(scratchPath("framed.lrt")), q(scratchPath("farm.####.exr")), q(jobs)));
    INFO(r.err);
    REQUIRE(r.exitStatus == 0);
    CHECK_THAT(r.out, Catch::Contains("'--partition=render' '--job-name=lrt-framed' '--output=") &&
                          Catch::Contains("/render-%A_%a.log' '--array=0-8'") &&
                          Catch::Contains("render RENDER_JOB_ID\n") &&
                          Catch::Contains("'--dependency=afterok:RENDER_JOB_ID' "
                                          "'--kill-on-invalid-dep=yes'") &&
                          Catch::Contains("merge MERGE_JOB_ID\n"));
    const std::string render = slurp(jobs / "render.sh");
    CHECK_THAT(render, Catch::Contains("frames=(1 3 5)") && Catch::Contains("tiles=3") &&
                           Catch::Contains("--tile \"$tile/$tiles\"") &&
                           Catch::Contains("'--resume'"));
    const std::string merge = slurp(jobs / "merge.sh");
    CHECK_THAT(merge, Catch::Contains("farm.0005.exr.tile-2-of-3.exr' '-o'") &&
                          Catch::EndsWith("farm.0005.exr.tile-2-of-3.exr'\n"));
    CHECK((fs::status(jobs / "render.sh").permissions() & fs::perms::owner_exec) !=
          fs::perms::none);
    // What would fail every task fails at submission instead: more tiles than rows, a frame a
    // multi-frame scene lacks, a broken scene.
    const auto tooMany =
        runLrt(fmt::format("farm slurm {} --tiles 25 --dry-run", q(scratchPath("framed.lrt"))));
    CHECK(tooMany.exitStatus == 2);
    CHECK_THAT(tooMany.err, Catch::Contains("--tiles 25: frame 1 has only 24 rows to split"));
    const auto missing = runLrt(fmt::format("farm slurm {} --frames 3-9:3 --dry-run",
                                            q(LRT_SOURCE_DIR "/scenes/ripple.lrt")));
    CHECK(missing.exitStatus == 1);
    CHECK_THAT(missing.err, Catch::Contains("the scene has no frame 6"));
    const auto broken = runLrt(
        fmt::format("farm slurm {} --dry-run", q(writeScratchFile("farm-bad.lrt", "Sphere\n"))));
    CHECK(broken.exitStatus == 1);
}
