#include "cliapp.h"

int main(int argc, char **argv)
{
    return purga::cli::run(argc, argv);
}
