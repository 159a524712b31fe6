// The folder graph of the source tree has no upward or circular arrows: every folder sits on a
// layer (docs/architecture.md draws them), and a file may include only its own folder and folders
// of lower layers. slvm/ never sees compiler/ or renderer/, the two VMs never see each other,
// and the compiler's front ends never see its back ends.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

namespace {

// Each folder's layer, lowest first. Folders on one layer are independent of each other.
const std::map<std::string, int> kLayers = {
    {"slvm/common", 0},
    {"slvm/jit", 0}, // executable memory and the code generator; knows no VM
    {"slvm/sl", 1},
    {"slvm/vp2", 1},
    {"slvm/card", 1},
    {"compiler/ir", 2},
    {"compiler", 3}, // target.h: what front ends ask of a back end
    {"compiler/frontends", 4},
    {"compiler/backends", 4},
    {"compiler/driver", 5},
    {"renderer/core", 6},
    {"renderer/description", 7}, // plain data: what a scene says, and the words it may use
    {"renderer/parser", 8},      // the scene readers write descriptions and see no concept
    {"renderer/gltf", 8},
    {"renderer/meshfiles", 8}, // mesh files to MeshData; the shapes that place them call them
    {"renderer/pbrt", 9},      // reads pbrt-v4's syntax with the .lrt statement reader
    {"renderer/sampling", 8},
    {"renderer/image", 8},
    {"renderer/embree", 8},
    {"renderer/textures", 8},
    {"renderer/media", 8}, // media and phase functions: the materials' layers scatter by them too
    {"renderer/accel", 8},
    {"renderer/shapes", 9},
    {"renderer/denoise", 9}, // images in, an image out: it knows only the AOV layers
    {"renderer/camera", 10},
    {"renderer/film", 10},
    {"renderer/lights", 10},
    {"renderer/materials", 10},
    {"renderer/vertex", 10},
    {"renderer/lightsamplers", 11},
    {"renderer/scene", 12}, // keeps the light samplers it was rendered with
    {"renderer/integrators", 13},
    {"renderer/builder", 14},
    {"renderer/render", 14},
    {"renderer/import", 15},
    {"cli", 16},
};

// The folder of a repository-relative path: its first two components ("compiler/backends" for
// compiler/backends/sl/sl_target.h), its first for a file directly in a top folder, or "cli".
std::string folderOf(const std::string& path) {
    if (path.rfind("cli/", 0) == 0)
        return "cli";
    const auto first = path.find('/');
    const auto second = path.find('/', first + 1);
    return second == std::string::npos ? path.substr(0, first) : path.substr(0, second);
}

// The path of a line's #include "renderer/...", "slvm/...", "compiler/..." or "cli/...", or "".
// (std::regex would do, but trips GCC 12's -Wmaybe-uninitialized in the sanitizer build.)
std::string includedPath(const std::string& line) {
    const auto hash = line.find_first_not_of(" \t");
    if (hash == std::string::npos || line.compare(hash, 8, "#include") != 0)
        return "";
    const auto open = line.find('"', hash);
    const auto close = open == std::string::npos ? open : line.find('"', open + 1);
    if (close == std::string::npos)
        return "";
    const std::string path = line.substr(open + 1, close - open - 1);
    for (const char* top : {"renderer/", "slvm/", "compiler/", "cli/"})
        if (path.rfind(top, 0) == 0)
            return path;
    return "";
}

} // namespace

TEST_CASE("no source file includes a folder of its own layer or above", "[architecture]") {
    namespace fs = std::filesystem;
    const fs::path root = LRT_SOURCE_DIR;
    int files = 0, includes = 0;
    for (const char* top : {"slvm", "compiler", "renderer", "cli"})
        for (const auto& entry : fs::recursive_directory_iterator(root / top)) {
            const std::string extension = entry.path().extension().string();
            if (!entry.is_regular_file() || (extension != ".h" && extension != ".cpp"))
                continue;
            const std::string path = fs::relative(entry.path(), root).generic_string();
            const std::string from = folderOf(path);
            INFO("file " << path << " in folder " << from);
            REQUIRE(kLayers.contains(from)); // a new folder needs its layer here
            ++files;
            std::ifstream in(entry.path());
            std::string line;
            while (std::getline(in, line)) {
                const std::string target = includedPath(line);
                if (target.empty())
                    continue;
                const std::string to = folderOf(target);
                if (to == from)
                    continue;
                ++includes;
                INFO("includes " << target << " (folder " << to << ")");
                REQUIRE(kLayers.contains(to));
                CHECK(kLayers.at(to) < kLayers.at(from));
            }
        }
    CHECK(files > 100);
    CHECK(includes > 100);
}
