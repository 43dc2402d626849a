# All dependencies come from Debian 12 packages; `make deps` installs them.
find_package(Boost 1.74 REQUIRED)
find_package(GSL REQUIRED)
find_package(OpenMP REQUIRED COMPONENTS CXX)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(CLI11 2.1 REQUIRED)
find_package(fmt 9 REQUIRED)
find_package(Eigen3 3.4 REQUIRED NO_MODULE)
find_package(GTest REQUIRED)
find_package(benchmark REQUIRED)
find_package(ZLIB REQUIRED)

# Open MPI (Debian: libopenmpi-dev, openmpi-bin) splits a battery's grid points across ranks; the
# C API is all attnlaw calls (the deprecated C++ bindings are skipped). Without it the build is
# complete and every run is one process.
set(MPI_CXX_SKIP_MPICXX ON)
find_package(MPI COMPONENTS CXX)
option(ATTNLAW_MPI "Build attnlaw with MPI (mpirun -np K attnlaw run ...)" ${MPI_CXX_FOUND})
if(ATTNLAW_MPI AND NOT MPI_CXX_FOUND)
  message(FATAL_ERROR "ATTNLAW_MPI is ON but no MPI was found: install libopenmpi-dev openmpi-bin, or configure with -DATTNLAW_MPI=OFF")
endif()

find_path(RANDOM123_INCLUDE_DIR Random123/philox.h REQUIRED)
add_library(random123 INTERFACE)
target_include_directories(random123 SYSTEM INTERFACE ${RANDOM123_INCLUDE_DIR})

find_path(MPFR_INCLUDE_DIR mpfr.h REQUIRED)
find_library(MPFR_LIBRARY mpfr REQUIRED)
find_library(GMP_LIBRARY gmp REQUIRED)
find_path(MPFI_INCLUDE_DIR mpfi.h REQUIRED)
find_library(MPFI_LIBRARY mpfi REQUIRED)
add_library(mpfr_gmp INTERFACE)
target_include_directories(mpfr_gmp SYSTEM INTERFACE ${MPFR_INCLUDE_DIR})
target_link_libraries(mpfr_gmp INTERFACE ${MPFR_LIBRARY} ${GMP_LIBRARY})
add_library(mpfi INTERFACE)
target_include_directories(mpfi SYSTEM INTERFACE ${MPFI_INCLUDE_DIR})
target_link_libraries(mpfi INTERFACE ${MPFI_LIBRARY} mpfr_gmp)

find_program(GNUPLOT_EXECUTABLE gnuplot)
