// The tests' scratch directories (tests/scratch_directory.h): each is new and empty, under the
// temporary folder, with the prefix it was given; it goes with all it holds when its scope ends,
// also when an exception (a failed REQUIRE) leaves the scope; a forked child does not remove its
// parent's.
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using lrt::testing::ScratchDirectory;

namespace {

// Fills `directory` with a file, a folder of files and a link to a folder outside it.
void populate(const fs::path& directory, const fs::path& outside) {
    std::ofstream(directory / "file.txt") << "text";
    fs::create_directories(directory / "a" / "b");
    std::ofstream(directory / "a" / "b" / "deep.txt") << "deeper";
    fs::create_directory_symlink(outside, directory / "link");
}

} // namespace

TEST_CASE("a scratch directory is new, empty and under the temporary folder", "[test support]") {
    const ScratchDirectory one("lrt_scratch_test_"), two("lrt_scratch_test_");
    CHECK(one.path() != two.path());
    for (const ScratchDirectory* d : {&one, &two}) {
        CHECK(fs::is_directory(d->path()));
        CHECK(fs::is_empty(d->path()));
        CHECK(fs::equivalent(d->path().parent_path(), fs::temp_directory_path()));
        CHECK(d->path().filename().string().starts_with("lrt_scratch_test_"));
        CHECK(*d / "x.txt" == d->path() / "x.txt");
        CHECK(d->string() == d->path().string());
    }
}

TEST_CASE("a scratch directory and its tree are gone when its scope ends", "[test support]") {
    const ScratchDirectory outside("lrt_scratch_test_outside_");
    std::ofstream(outside / "kept.txt") << "kept";
    fs::path path;
    {
        const ScratchDirectory scratch("lrt_scratch_test_");
        path = scratch.path();
        populate(path, outside.path());
        REQUIRE(fs::exists(path / "a" / "b" / "deep.txt"));
    }
    CHECK_FALSE(fs::exists(path));
    // A link inside is removed, not followed.
    CHECK(fs::exists(outside / "kept.txt"));
}

TEST_CASE("a scratch directory is gone when an exception leaves its scope", "[test support]") {
    const ScratchDirectory outside("lrt_scratch_test_outside_");
    fs::path path;
    try {
        const ScratchDirectory scratch("lrt_scratch_test_");
        path = scratch.path();
        populate(path, outside.path());
        throw std::runtime_error("a failed REQUIRE throws like this");
    } catch (const std::runtime_error&) {
    }
    REQUIRE_FALSE(path.empty());
    CHECK_FALSE(fs::exists(path));
}

TEST_CASE("a scratch directory the test removed itself is no error", "[test support]") {
    fs::path path;
    {
        const ScratchDirectory scratch("lrt_scratch_test_");
        path = scratch.path();
        fs::remove_all(path);
    }
    CHECK_FALSE(fs::exists(path));
}

TEST_CASE("a forked child leaves its parent's scratch directory alone", "[test support]") {
    std::optional<ScratchDirectory> scratch(std::in_place, "lrt_scratch_test_fork_");
    const fs::path path = scratch->path();
    std::ofstream(path / "file.txt") << "text";
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        scratch.reset(); // the destructor runs in the child, as when a child unwinds or exits
        _exit(0);
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    REQUIRE(WIFEXITED(status));
    CHECK(fs::exists(path / "file.txt"));
    scratch.reset();
    CHECK_FALSE(fs::exists(path));
}
