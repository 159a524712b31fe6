// Where lrt looks for its bundled data, from the executable's path (cli/install_layout.h): a
// build tree's share/lrt beside the executable first, else the installed ../share/lrt.
#include "cli/install_layout.h"
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <filesystem>

namespace fs = std::filesystem;
using lrt::cli::dataDirectory;

TEST_CASE("the bundled data is found from the executable's folder", "[cli][install]") {
    const lrt::testing::ScratchDirectory scratch("lrt_install_layout_test_");
    const fs::path& root = scratch.path();
    const fs::path executable = root / "bin" / "lrt";
    fs::create_directories(root / "bin");

    // Nothing there: the installed layout, which messages then name as missing.
    CHECK(dataDirectory(executable) == root / "share" / "lrt");
    // Installed: PREFIX/bin/lrt reads PREFIX/share/lrt.
    fs::create_directories(root / "share" / "lrt");
    CHECK(dataDirectory(executable) == root / "share" / "lrt");
    // A build tree below an installation prefix keeps its own data.
    fs::create_directories(root / "bin" / "share" / "lrt");
    CHECK(dataDirectory(executable) == root / "bin" / "share" / "lrt");
}

TEST_CASE("the executable's own path is read from /proc/self/exe", "[cli][install]") {
    // In a test the executable is the test program, so only its existence is checked here; the
    // installed lrt itself is checked by tests/install/install_test.sh.
    CHECK(fs::is_regular_file(lrt::cli::executablePath()));
}
