// Test helper: a fresh directory under the system's temporary folder, removed with everything in it
// when the object goes away: at the end of its scope, when a failed REQUIRE (an exception) leaves
// that scope, or at exit for a static one. Tests write their files here and leave nothing behind.
//
// Only the process that made the directory removes it: a forked child that unwinds or exits
// normally leaves its parent's directory alone.
#pragma once

#include <cerrno>
#include <filesystem>
#include <stdlib.h>
#include <string>
#include <string_view>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace lrt::testing {

class ScratchDirectory {
public:
    // Makes TMPDIR/<prefix>XXXXXX (mkdtemp: unique, also between processes running at once).
    explicit ScratchDirectory(std::string_view prefix = "lrt_test_") : owner_(::getpid()) {
        std::string pattern = (std::filesystem::temp_directory_path() / prefix).string() + "XXXXXX";
        std::vector<char> name(pattern.begin(), pattern.end());
        name.push_back('\0');
        if (::mkdtemp(name.data()) == nullptr)
            throw std::system_error(errno, std::generic_category(),
                                    "cannot make a scratch directory " + pattern);
        path_ = name.data();
    }

    ~ScratchDirectory() {
        if (::getpid() != owner_)
            return;
        try {
            std::error_code ignored; // a destructor must not throw: what cannot go, stays
            std::filesystem::remove_all(path_, ignored);
        } catch (...) { // remove_all(path, error_code&) may still throw bad_alloc
        }
    }

    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;

    const std::filesystem::path& path() const { return path_; }
    std::string string() const { return path_.string(); }
    std::filesystem::path operator/(const std::filesystem::path& name) const {
        return path_ / name;
    }

private:
    std::filesystem::path path_;
    pid_t owner_;
};

// A file in the test process's own scratch folder, made on first use and removed at exit, with
// the folders `name` names. Each test writes a file before it reads it, so test files that pick
// the same names (when one process runs them all) never see each other's.
inline std::filesystem::path scratchFile(const std::string& name) {
    static const ScratchDirectory directory("lrt_test_files_");
    const std::filesystem::path path = directory / name;
    std::filesystem::create_directories(path.parent_path());
    return path;
}

} // namespace lrt::testing
