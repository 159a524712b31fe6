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

std::string slRegistersJson(const sl::RegisterFile& registers) {
    std::string out;
    for (int i = 0; i < sl::kRegisterCount; ++i) {
        const sl::RegisterInfo& info = sl::registerInfo(i);
        out += fmt::format("{}\"{}\": ", i == 0 ? "" : ", ", info.name);
        if (info.kind == sl::RegisterKind::Scalar) {
            out += jsonNumber(registers.scalar(i));
        } else {
            const sl::Float4& v = registers.vector(i);
            out += fmt::format("[{}, {}, {}, {}]", jsonNumber(v[0]), jsonNumber(v[1]),
                               jsonNumber(v[2]), jsonNumber(v[3]));
        }
    }
    return out;
}

} // namespace lrt::cli
