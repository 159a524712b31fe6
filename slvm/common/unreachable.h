// What follows a switch that has a case for every enumerator and returns from each: the switch
// names every case so that -Wswitch lists the places a new enumerator must be handled, and the
// compiler still needs a way out for a value that is no enumerator at all.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace slvm {

// Only a value outside its enumeration (memory written by mistake) gets here: an exception, never
// undefined behaviour.
[[noreturn]] inline void unhandledEnumerator(std::string_view enumeration) {
    throw std::logic_error("a " + std::string(enumeration) + " outside its enumeration");
}

} // namespace slvm
