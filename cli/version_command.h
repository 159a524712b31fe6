// `lrt --version`: lrt's version and those of the libraries it was built against.
#pragma once

#include <string>

namespace lrt::cli {

std::string versionText();

} // namespace lrt::cli
