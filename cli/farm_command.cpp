// `lrt farm slurm`: one Slurm array job over frames x tiles, each task an `lrt render --tile`
// that checkpoints and resumes (so a requeued task continues), and a merge job that runs only if
// every task succeeded (afterok) and is cancelled, not left pending, if one fails.
#include "cli/farm_command.h"

#include "cli/exit_status.h"
#include "cli/flag_values.h"
#include "cli/frame_selection.h"
#include "cli/install_layout.h"
#include "renderer/core/atomic_file.h"
#include "renderer/import/scene_file.h"
#include "renderer/render/renderer.h"

#include <algorithm>
#include <cstdio>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <memory>
#include <sys/stat.h>
#include <sys/wait.h>

namespace lrt::cli {

namespace {

struct SlurmOptions {
    std::string scene;
    std::string output;
    std::string frames;
    int tiles = 1;
    int samplesPerPixel = 0;
    std::string integrator;
    std::uint64_t seed = 0;
    double checkpointSeconds = 60;
    std::string jobName;
    std::string jobsFolder;
    std::vector<std::string> sbatchOptions;
    bool dryRun = false;
};

// Single-quoted for a POSIX shell.
std::string shellQuote(const std::string& text) {
    std::string out = "'";
    for (const char c : text)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string joinQuoted(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& w : words) {
        if (!out.empty())
            out += ' ';
        out += shellQuote(w);
    }
    return out;
}

std::string tilePath(const std::string& output, int tile, int tiles) {
    return fmt::format("{}.tile-{}-of-{}.exr", output, tile, tiles);
}

void writeScript(const std::filesystem::path& path, const std::string& text) {
    writeFileAtomically(path, text);
    if (chmod(path.c_str(), 0755) != 0)
        throw std::runtime_error(fmt::format("{}: cannot make it executable", path.string()));
}

// Runs sbatch (or, with --dry-run, prints what it would run) and returns the job id.
std::string submit(const std::vector<std::string>& command, bool dryRun, const std::string& fake) {
    const std::string line = joinQuoted(command);
    if (dryRun) {
        std::cout << line << "\n";
        return fake;
    }
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(line.c_str(), "r"), pclose);
    if (!pipe)
        throw std::runtime_error("cannot run sbatch");
    std::string out;
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, pipe.get()))
        out += buffer;
    const int status = pclose(pipe.release());
    const std::string id = out.substr(0, out.find_first_of(";\n")); // --parsable: ID[;cluster]
    if (status != 0 || id.empty() || id.find_first_not_of("0123456789") != std::string::npos)
        throw std::runtime_error(fmt::format(
            "sbatch failed ({}): {}",
            WIFEXITED(status) ? fmt::format("exit status {}", WEXITSTATUS(status)) : "killed",
            line));
    return id;
}

namespace fs = std::filesystem;

void checkSlurmFlags(const SlurmOptions& options) {
    if (options.tiles < 1 || options.tiles > 4096)
        throw UsageError("--tiles: expected a number of tiles from 1 to 4096");
    if (!options.integrator.empty())
        checkIntegratorFlag(options.integrator);
    for (const std::string* text : {&options.jobName, &options.jobsFolder, &options.output})
        if (std::any_of(text->begin(), text->end(), [](char c) { return c >= 0 && c < ' '; }))
            throw UsageError(fmt::format("'{}': control characters are not allowed in job names "
                                         "and paths",
                                         *text));
}

// The frames to submit, checked here for what would fail every task on the farm: frames the
// scene lacks, and more tiles than a frame has rows. A broken scene fails here too.
std::vector<int> framesToSubmit(const SlurmOptions& options, const fs::path& scene) {
    const auto descriptions = readScene(scene);
    const bool numbered = descriptions.size() > 1 || descriptions[0].numbered;
    std::vector<int> frames;
    if (!options.frames.empty())
        frames = parseFrames(options.frames);
    else
        for (const FrameDescription& f : descriptions)
            frames.push_back(f.number);
    for (const int f : frames) {
        const auto it =
            std::find_if(descriptions.begin(), descriptions.end(),
                         [&](const FrameDescription& d) { return !numbered || d.number == f; });
        if (it == descriptions.end())
            throw std::runtime_error(
                fmt::format("{}: the scene has no frame {}", options.scene, f));
        const int rows = renderBounds(it->options.film, RenderSettings{}).height();
        if (options.tiles > rows)
            throw UsageError(fmt::format("--tiles {}: frame {} has only {} rows to split",
                                         options.tiles, f, rows));
    }
    return frames;
}

// The absolute output pattern, with a frame field when there are several frames.
std::string outputPattern(const SlurmOptions& options, const fs::path& scene,
                          std::size_t frameCount) {
    std::string pattern = options.output;
    if (pattern.empty())
        pattern = scene.stem().string() + ".exr";
    framePath(pattern, 0, true); // rejects stray '%'
    if (frameCount > 1 && !hasFrameField(pattern)) {
        const fs::path p(pattern);
        pattern =
            (p.parent_path() / (p.stem().string() + ".####" + p.extension().string())).string();
    }
    return fs::absolute(pattern).string();
}

// render.sh: array task T renders tile (T % tiles) of frame (T / tiles).
void writeRenderScript(const fs::path& jobs, const SlurmOptions& options, const std::string& lrt,
                       const fs::path& scene, const std::vector<int>& frames,
                       const std::string& pattern) {
    std::vector<std::string> render = {lrt,
                                       "render",
                                       scene.string(),
                                       "--checkpoint",
                                       fmt::format("{}", options.checkpointSeconds),
                                       "--resume"};
    if (options.samplesPerPixel > 0)
        render.insert(render.end(), {"--spp", std::to_string(options.samplesPerPixel)});
    if (!options.integrator.empty())
        render.insert(render.end(), {"--integrator", options.integrator});
    render.insert(render.end(), {"--seed", std::to_string(options.seed)});
    std::string frameList;
    for (const int f : frames)
        frameList += (frameList.empty() ? "" : " ") + std::to_string(f);
    const bool tiled = options.tiles > 1;
    const std::string output =
        tiled ? shellQuote(pattern) + "\".tile-$tile-of-$tiles.exr\"" : shellQuote(pattern);
    writeScript(jobs / "render.sh",
                fmt::format("#!/bin/bash\n"
                            "# lrt farm slurm: one task per frame x tile. Task T renders tile "
                            "T % tiles of frame T / tiles.\n"
                            "set -euo pipefail\n"
                            "frames=({})\n"
                            "tiles={}\n"
                            "task=${{SLURM_ARRAY_TASK_ID:?run this as a Slurm array task}}\n"
                            "frame=${{frames[$((task / tiles))]}}\n"
                            "tile=$((task % tiles))\n"
                            "exec {} --frames \"$frame\"{} -o {} --threads "
                            "\"${{SLURM_CPUS_PER_TASK:-1}}\"\n",
                            frameList, options.tiles, joinQuoted(render),
                            tiled ? " --tile \"$tile/$tiles\"" : "", output));
}

// merge.sh: every frame's tiles into its image, then, once all are merged, the tiles go. A frame
// already merged (its first tile gone) is skipped, so the job can be rerun.
void writeMergeScript(const fs::path& jobs, const std::string& lrt, const std::vector<int>& frames,
                      const std::string& pattern, int tiles) {
    std::string merges, removals;
    for (const int f : frames) {
        const std::string out = framePath(pattern, f, frames.size() > 1).string();
        std::vector<std::string> merge = {lrt, "merge"};
        for (int t = 0; t < tiles; ++t) {
            merge.push_back(tilePath(out, t, tiles));
            removals += ' ';
            removals += shellQuote(merge.back());
        }
        merge.insert(merge.end(), {"-o", out});
        merges += fmt::format("[ -f {} ] && [ ! -e {} ] || {}\n", shellQuote(out),
                              shellQuote(merge[2]), joinQuoted(merge));
    }
    writeScript(jobs / "merge.sh", fmt::format("#!/bin/bash\n"
                                               "# lrt farm slurm: merges each frame's tiles.\n"
                                               "set -euo pipefail\n{}rm -f{}\n",
                                               merges, removals));
}

int submitSlurm(const SlurmOptions& options) {
    checkSlurmFlags(options);
    const fs::path scene = fs::weakly_canonical(fs::absolute(options.scene));
    const std::vector<int> frames = framesToSubmit(options, scene);
    const std::string pattern = outputPattern(options, scene, frames.size());
    const fs::path jobs = options.jobsFolder.empty() ? fs::path(pattern).parent_path() /
                                                           ("lrt-slurm-" + scene.stem().string())
                                                     : fs::absolute(options.jobsFolder);
    fs::create_directories(jobs);
    const std::string name =
        options.jobName.empty() ? "lrt-" + scene.stem().string() : options.jobName;
    const std::string lrt = executablePath().string();
    writeRenderScript(jobs, options, lrt, scene, frames, pattern);

    const std::size_t tasks = frames.size() * static_cast<std::size_t>(options.tiles);
    std::vector<std::string> sbatch = {"sbatch", "--parsable",
                                       "--chdir=" + fs::current_path().string()};
    sbatch.insert(sbatch.end(), options.sbatchOptions.begin(), options.sbatchOptions.end());
    // Names and log paths go on the command line, quoted, not into #SBATCH lines; '%' in a
    // folder name must not become one of sbatch's file name patterns.
    std::string logs;
    for (const char c : jobs.string())
        logs += c == '%' ? std::string("%%") : std::string(1, c);
    std::vector<std::string> arrayCommand = sbatch;
    arrayCommand.insert(arrayCommand.end(),
                        {"--job-name=" + name, "--output=" + logs + "/render-%A_%a.log",
                         fmt::format("--array=0-{}", tasks - 1), (jobs / "render.sh").string()});
    const std::string arrayId = submit(arrayCommand, options.dryRun, "RENDER_JOB_ID");
    std::cout << "render " << arrayId << "\n";
    if (options.tiles == 1)
        return kExitOk;

    writeMergeScript(jobs, lrt, frames, pattern, options.tiles);
    std::vector<std::string> mergeCommand = sbatch;
    mergeCommand.insert(mergeCommand.end(),
                        {"--job-name=" + name + "-merge", "--output=" + logs + "/merge-%j.log",
                         "--dependency=afterok:" + arrayId, "--kill-on-invalid-dep=yes",
                         (jobs / "merge.sh").string()});
    const std::string mergeId = submit(mergeCommand, options.dryRun, "MERGE_JOB_ID");
    std::cout << "merge " << mergeId << "\n";
    return kExitOk;
}

} // namespace

void addFarmCommand(CLI::App& app, int& exitStatus) {
    CLI::App* farm = app.add_subcommand("farm", "Submit renders to a render farm");
    auto options = std::make_shared<SlurmOptions>();
    CLI::App* slurm = farm->add_subcommand(
        "slurm", "Submit an array job over frames x tiles and a dependent merge job to Slurm; "
                 "prints the job ids. Options after -- go to sbatch.");
    slurm->add_option("SCENE", options->scene, "Scene file (.lrt)")->required();
    slurm->add_option("SBATCH_OPTIONS", options->sbatchOptions,
                      "sbatch options for both jobs, after --, e.g. -- --partition=render");
    slurm->add_option("-o,--output", options->output,
                      "Output image pattern ('#' runs or %04d: the frame number)");
    slurm->add_option("--frames", options->frames, "Frames A-B[:step] (default: the scene's)");
    slurm->add_option("--tiles", options->tiles, "Tiles per frame (default 1: no merge job)")
        ->check(nonNegativeInteger());
    slurm->add_option("--spp", options->samplesPerPixel, "Samples per pixel")
        ->check(nonNegativeInteger());
    slurm->add_option("--integrator", options->integrator, "whitted or path");
    slurm->add_option("--seed", options->seed, "Seed of every random sample")
        ->check(nonNegativeInteger());
    slurm
        ->add_option("--checkpoint", options->checkpointSeconds,
                     "Seconds between a task's checkpoints (default 60)")
        ->check(CLI::NonNegativeNumber);
    slurm->add_option("--job-name", options->jobName, "Slurm job name (default lrt-SCENE)");
    slurm->add_option("--jobs-folder", options->jobsFolder,
                      "Where the job scripts and logs go (default: beside the output, "
                      "lrt-slurm-SCENE/)");
    slurm->add_flag("--dry-run", options->dryRun,
                    "Write the job scripts and print the sbatch commands instead of running them");
    slurm->callback(
        [&exitStatus, options] { exitStatus = guarded([&] { return submitSlurm(*options); }); });
}

} // namespace lrt::cli
