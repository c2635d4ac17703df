// The distributed search's bindings (lightsout._core.ResearchBoard): see research.cpp.
#pragma once

#include <pybind11/pybind11.h>

namespace lightsout::python {

// Adds ResearchBoard to the module.
void bind_research(pybind11::module_& m);

}  // namespace lightsout::python
