// attnlaw._core, the compiled half of the Python package attnlaw (python/attnlaw/__init__.py is
// the interface users read).
#include <pybind11/pybind11.h>

#include "python/bindings.hpp"

PYBIND11_MODULE(_core, module) {
  module.doc() = "attnlaw's C++ kernels: the row diagnosis and the reference laws of the CLI";
  module.attr("__version__") = ATTNLAW_VERSION;
  attnlaw::python::add_diagnose(module);
  attnlaw::python::add_reference(module);
}
