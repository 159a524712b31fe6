// The statements' argument tables. Limits that are not the numbers' own nature keep derived
// values finite: a frame aspect ratio of at most 65536 * 1e4 and a screen window within 1e6 keep
// camera directions' squared lengths within float range, whatever the field of view.
#include "renderer/parser/statement_arguments.h"

#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

namespace {

using enum ArgumentSpec::Kind;
constexpr NumberDomain kResolution = kInteger.atLeast(1).atMost(65536);
constexpr NumberDomain kWindow = kReal.atLeast(-1e6).atMost(1e6);
constexpr NumberDomain kUnit = kReal.atLeast(0).atMost(1);
constexpr NumberDomain kPositive = kReal.above(0);

constexpr ArgumentSpec kFormat[] = {
    {"xresolution", Number, "image width in pixels", kResolution},
    {"yresolution", Number, "image height in pixels", kResolution},
    {"pixelaspectratio", Number, "a pixel's width over its height",
     kReal.atLeast(1e-4).atMost(1e4)},
};
constexpr ArgumentSpec kFrameAspectRatio[] = {
    {"ratio", Number, "the screen window's width over its height", kReal.atLeast(1e-6).atMost(1e6)},
};
constexpr ArgumentSpec kScreenWindow[] = {
    {"left", Number, "less than right", kWindow},
    {"right", Number, "", kWindow},
    {"bottom", Number, "less than top", kWindow},
    {"top", Number, "", kWindow},
};
constexpr ArgumentSpec kCropWindow[] = {
    {"xmin", Number, "less than xmax", kUnit},
    {"xmax", Number, "", kUnit},
    {"ymin", Number, "less than ymax", kUnit},
    {"ymax", Number, "", kUnit},
};
constexpr ArgumentSpec kClipping[] = {
    {"near", Number, "less than far", kReal.above(0).atMost(1e30)},
    {"far", Number, "distances beyond 1e30 count as 1e30", kPositive},
};
constexpr ArgumentSpec kDepthOfField[] = {
    {"fstop", Number, "the lens radius is focallength / (2 fstop)", kPositive},
    {"focallength", Number, "", kPositive},
    {"focaldistance", Number, "the distance in focus", kPositive},
};
constexpr ArgumentSpec kPixelSamples[] = {
    {"xsamples", Number, "", kInteger.atLeast(1).atMost(1024)},
    {"ysamples", Number, "", kInteger.atLeast(1).atMost(1024)},
};
constexpr ArgumentSpec kPixelFilter[] = {
    {"xwidth", Number, "full width in pixels", kReal.above(0).atMost(16)},
    {"ywidth", Number, "", kReal.above(0).atMost(16)},
};
constexpr ArgumentSpec kExposure[] = {
    {"gain", Number, "", kPositive},
    {"gamma", Number, "", kPositive},
};
constexpr ArgumentSpec kFrameBegin[] = {
    {"frame", Number, "the frame number", kInteger.atLeast(0)},
};
constexpr ArgumentSpec kTranslate[] = {
    {"dx", Number, "", kReal},
    {"dy", Number, "", kReal},
    {"dz", Number, "", kReal},
};
constexpr ArgumentSpec kRotate[] = {
    {"angle", Number, "degrees", kReal},
    {"x", Number, "the axis, not zero", kReal},
    {"y", Number, "", kReal},
    {"z", Number, "", kReal},
};
constexpr ArgumentSpec kScale[] = {
    {"sx", Number, "not zero", kReal},
    {"sy", Number, "not zero", kReal},
    {"sz", Number, "not zero", kReal},
};
constexpr ArgumentSpec kLookAt[] = {
    {"eyex", Number, "", kReal},    {"eyey", Number, "", kReal},    {"eyez", Number, "", kReal},
    {"targetx", Number, "", kReal}, {"targety", Number, "", kReal}, {"targetz", Number, "", kReal},
    {"upx", Number, "", kReal},     {"upy", Number, "", kReal},     {"upz", Number, "", kReal},
};
// RenderMan's row-vector layout: row r, column c.
constexpr ArgumentSpec kMatrix[] = {
    {"m00", Number, "", kReal}, {"m01", Number, "", kReal}, {"m02", Number, "", kReal},
    {"m03", Number, "", kReal}, {"m10", Number, "", kReal}, {"m11", Number, "", kReal},
    {"m12", Number, "", kReal}, {"m13", Number, "", kReal}, {"m20", Number, "", kReal},
    {"m21", Number, "", kReal}, {"m22", Number, "", kReal}, {"m23", Number, "", kReal},
    {"m30", Number, "", kReal}, {"m31", Number, "", kReal}, {"m32", Number, "", kReal},
    {"m33", Number, "", kReal},
};
constexpr ArgumentSpec kColor[] = {
    {"r", Number, "", kReal},
    {"g", Number, "", kReal},
    {"b", Number, "", kReal},
};
constexpr ArgumentSpec kOpacity[] = {
    {"r", Number, "", kUnit},
    {"g", Number, "", kUnit},
    {"b", Number, "", kUnit},
};
constexpr ArgumentSpec kSides[] = {
    {"sides", Number, "1 or 2", kInteger.atLeast(1).atMost(2)},
};

constexpr StatementArguments kStatements[] = {
    {"Format", kFormat},
    {"FrameAspectRatio", kFrameAspectRatio},
    {"ScreenWindow", kScreenWindow},
    {"CropWindow", kCropWindow},
    {"Clipping", kClipping},
    {"DepthOfField", kDepthOfField},
    {"PixelSamples", kPixelSamples},
    {"PixelFilter", kPixelFilter},
    {"Exposure", kExposure},
    {"FrameBegin", kFrameBegin},
    {"Translate", kTranslate},
    {"Rotate", kRotate},
    {"Scale", kScale},
    {"LookAt", kLookAt},
    {"Transform", kMatrix},
    {"ConcatTransform", kMatrix},
    {"Color", kColor},
    {"Opacity", kOpacity},
    {"Sides", kSides},
};

} // namespace

std::span<const StatementArguments> statementArguments() {
    return kStatements;
}

ArgumentTable argumentsOf(std::string_view statement) {
    for (const StatementArguments& s : kStatements)
        if (s.statement == statement)
            return s.arguments;
    throw std::logic_error(fmt::format("no argument table for {}", statement));
}

} // namespace lrt
