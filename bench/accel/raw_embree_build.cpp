// The baseline for lrt's time to first pixel on a big mesh: what Embree alone takes to read a
// binary PLY of triangles (as bench/accel/make_mesh.py writes it: float x y z, then faces of
// uchar count 3 and int indices) and commit one scene, and its peak memory. The file is mapped;
// little-endian vertices are handed to Embree where they lie when aligned, else copied once;
// indices are always copied (the file interleaves a count byte with them).
//
// Usage: raw_embree_build FILE.ply [low|medium|high] [compact]
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <embree3/rtcore.h>
#include <fcntl.h>
#include <string>
#include <string_view>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

std::uint32_t load32(const unsigned char* p, bool swap) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return swap ? __builtin_bswap32(v) : v;
}

std::size_t countOf(std::string_view header, std::string_view element) {
    const auto at = header.find(element);
    return at == std::string_view::npos
               ? 0
               : std::stoull(std::string(header.substr(at + element.size())));
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2)
        return std::fprintf(stderr,
                            "usage: raw_embree_build FILE.ply [low|medium|high] [compact]\n"),
               2;
    const std::string quality = argc > 2 ? argv[2] : "medium";
    const bool compact = argc > 3 && std::string(argv[3]) == "compact";
    const auto start = std::chrono::steady_clock::now();
    const int fd = open(argv[1], O_RDONLY);
    struct stat info {};
    if (fd < 0 || fstat(fd, &info) != 0)
        return std::perror(argv[1]), 1;
    const auto size = static_cast<std::size_t>(info.st_size);
    const auto* file =
        static_cast<const unsigned char*>(mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0));
    const std::string_view text(reinterpret_cast<const char*>(file),
                                std::min<std::size_t>(size, 4096));
    const auto end = text.find("end_header\n");
    if (file == MAP_FAILED || end == std::string_view::npos)
        return std::fprintf(stderr, "%s: not a PLY file\n", argv[1]), 1;
    const std::string_view header = text.substr(0, end);
    const bool swap = header.find("binary_big_endian") != std::string_view::npos;
    const std::size_t vertices = countOf(header, "element vertex "),
                      faces = countOf(header, "element face ");
    const unsigned char* body = file + end + 11;
    if (body + vertices * 12 + faces * 13 > file + size)
        return std::fprintf(stderr, "%s: truncated\n", argv[1]), 1;

    RTCDevice device = rtcNewDevice(nullptr);
    RTCScene scene = rtcNewScene(device);
    rtcSetSceneBuildQuality(scene, quality == "high"  ? RTC_BUILD_QUALITY_HIGH
                                   : quality == "low" ? RTC_BUILD_QUALITY_LOW
                                                      : RTC_BUILD_QUALITY_MEDIUM);
    if (compact)
        rtcSetSceneFlags(scene, RTC_SCENE_FLAG_COMPACT);
    RTCGeometry mesh = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_TRIANGLE);
    const auto offset = static_cast<std::size_t>(body - file);
    if (!swap && offset % 4 == 0) {
        rtcSetSharedGeometryBuffer(mesh, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3, file, offset,
                                   12, vertices);
    } else {
        auto* v = static_cast<std::uint32_t*>(rtcSetNewGeometryBuffer(
            mesh, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3, 12, vertices));
        for (std::size_t i = 0; i < 3 * vertices; ++i)
            v[i] = load32(body + 4 * i, swap);
    }
    auto* index = static_cast<std::uint32_t*>(
        rtcSetNewGeometryBuffer(mesh, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3, 12, faces));
    const unsigned char* face = body + vertices * 12;
    for (std::size_t f = 0; f < faces; ++f, face += 13)
        for (int k = 0; k < 3; ++k)
            index[3 * f + k] = load32(face + 1 + 4 * k, swap);
    rtcCommitGeometry(mesh);
    rtcAttachGeometry(scene, mesh);
    rtcReleaseGeometry(mesh);
    rtcCommitScene(scene);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const double peak = static_cast<double>(usage.ru_maxrss) * 1024.0;
    std::printf("{\"triangles\": %zu, \"quality\": \"%s\", \"compact\": %s, \"seconds\": %.3f, "
                "\"peak_resident_bytes\": %.0f, \"bytes_per_triangle\": %.1f}\n",
                faces, quality.c_str(), compact ? "true" : "false", seconds, peak,
                peak / static_cast<double>(faces));
    rtcReleaseScene(scene);
    rtcReleaseDevice(device);
    munmap(const_cast<unsigned char*>(file), size);
    close(fd);
}
