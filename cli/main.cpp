// lrt's entry point.
#include "cli/lrt_command.h"

int main(int argc, char** argv) {
    return lrt::cli::runLrt(argc, argv);
}
