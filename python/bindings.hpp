#pragma once
// The parts of the extension module attnlaw._core, each adding its functions to the module.
#include <pybind11/pybind11.h>

namespace attnlaw::python {

void add_diagnose(pybind11::module_& module);
void add_reference(pybind11::module_& module);

}  // namespace attnlaw::python
