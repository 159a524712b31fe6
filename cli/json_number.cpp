// JSON numbers that round-trip a float and survive NaN and infinity, and SL register files.
#include "cli/json_number.h"

#include "slvm/sl/registers.h"

#include <cmath>
#include <fmt/format.h>

namespace lrt::cli {

namespace sl = slvm::sl;

std::string jsonNumber(float value) {
    if (std::isnan(value))
        return "\"nan\"";
    if (std::isinf(value))
        return value > 0 ? "\"inf\"" : "\"-inf\"";
    return fmt::format("{:.9g}", value);
}

std::string jsonNumbers(std::span<const float> values) {
    std::string out = "[";
    for (const float v : values)
        out += (out.size() > 1 ? ", " : "") + jsonNumber(v);
    return out + "]";
}

std::string slRegistersJson(const sl::RegisterFile& registers) {
    std::string out;
    for (int i = 0; i < sl::kRegisterCount; ++i) {
        const sl::RegisterInfo& info = sl::registerInfo(i);
        out += fmt::format("{}\"{}\": ", i == 0 ? "" : ", ", info.name);
        out += info.kind == sl::RegisterKind::Scalar ? jsonNumber(registers.scalar(i))
                                                     : jsonNumbers(registers.vector(i));
    }
    return out;
}

} // namespace lrt::cli
