# lrt::OpenImageIO: Debian's OpenImageIO for lrt's targets, with the libraries it brings ordered
# for a fast start-up.
#
# Debian's OpenImageIO CMake config names a missing OpenCV include folder; pkg-config works.
#
# Why the order: Debian's OpenImageIO loads about 260 shared libraries (OpenCV, OpenVDB, GDAL,
# DCMTK...), most of them linked BIND_NOW, so the dynamic loader resolves about 155,000 symbols
# before `main`. Each look-up searches the loaded libraries in load order (the executable's needed
# libraries, then theirs, breadth first) until it reaches the one that defines the symbol, and
# these C++ libraries look up their own symbols by the thousand (OpenVDB 57,000 times) from deep
# in that order. Naming the costliest definers first among the executable's needed libraries puts
# them at the front of every search: `lrt --version` takes 0.7 times as long (docs/performance.md,
# "Start-up"). The list was read on Debian 12 from `LD_DEBUG=bindings lrt --version` (look-ups
# per defining library) and `LD_DEBUG=scopes` (each library's place). Each one is linked only if
# OpenImageIO loads it anyway, so with another build of OpenImageIO the list can only be shorter,
# never add a library. (The Debian package's Depends names them too; libopenimageio2.4 depends on
# each of them already.)
include_guard(GLOBAL)

find_package(PkgConfig REQUIRED)
pkg_check_modules(OIIO REQUIRED IMPORTED_TARGET OpenImageIO)

# The twelve that cost the most look-ups times places before them, most look-ups first.
set(LRT_STARTUP_FIRST_LIBRARIES openvdb xerces-c gdal geos crypto proj poppler gdcmMSFF kmldom
    sqlite3 netcdf hdf5_serial)

# The library file the imported target links, as pkg-config resolved it.
set(oiio_library ${OIIO_LINK_LIBRARIES})
list(FILTER oiio_library INCLUDE REGEX "/libOpenImageIO\\.so$")
find_program(LRT_LDD ldd)
set(startup_first "")
if(oiio_library AND LRT_LDD)
    execute_process(COMMAND ${LRT_LDD} ${oiio_library} OUTPUT_VARIABLE oiio_closure
                    RESULT_VARIABLE ldd_status ERROR_QUIET)
    if(ldd_status EQUAL 0)
        foreach(stem IN LISTS LRT_STARTUP_FIRST_LIBRARIES)
            # "libgeos.so.3.11.1 => /lib/x86_64-linux-gnu/libgeos.so.3.11.1 (0x...)", and
            # "libxerces-c-3.2.so => ..." for libraries that version their name instead.
            if(oiio_closure MATCHES "[ \t]lib${stem}(-[0-9.]+)?\\.so[.0-9]* => ([^ \t\n]+)")
                list(APPEND startup_first "${CMAKE_MATCH_2}")
            endif()
        endforeach()
    endif()
endif()

add_library(lrt_openimageio INTERFACE)
add_library(lrt::OpenImageIO ALIAS lrt_openimageio)
target_link_libraries(lrt_openimageio INTERFACE PkgConfig::OIIO)
if(startup_first)
    # One SHELL: option, so that CMake's de-duplication of link options keeps the group whole.
    # --no-as-needed: the executable uses none of their symbols, and they must still be named.
    list(JOIN startup_first " " startup_first_paths)
    target_link_options(lrt_openimageio INTERFACE
        "SHELL:-Wl,--push-state,--no-as-needed ${startup_first_paths} -Wl,--pop-state")
endif()
