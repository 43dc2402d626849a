// attnlaw._core.reference: the CLI's `attnlaw reference LAW --json` document, as JSON text (the
// Python side parses it, so both read the same digits).
#include <pybind11/stl.h>

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "apps/attnlaw/reference_laws.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "python/bindings.hpp"

namespace py = pybind11;

namespace attnlaw::python {

void add_reference(py::module_& module) {
  module.def(
      "reference",
      [](const std::string& law, const std::map<std::string, std::string>& options) {
        std::string document, refusal;
        {
          // Some laws integrate for seconds (sphere-critical at finite n): other threads run meanwhile.
          py::gil_scoped_release release;
          try {
            document = cli::evaluate_law(law, options).dump();
          } catch (const cli::UsageError& e) {
            refusal = e.what();
          } catch (const reference::OutOfDomain& e) {
            refusal = cli::refusal_message(e);
          }
        }
        if (!refusal.empty()) throw py::value_error(refusal);
        return document;
      },
      py::arg("law"), py::arg("options"),
      "The JSON text `attnlaw reference LAW` prints with --json; options map '--name' to its text.");
  module.def(
      "laws",
      [] {
        std::vector<std::tuple<std::string, std::string, std::vector<std::tuple<std::string, std::string, bool>>>> laws;
        for (const cli::ReferenceLaw& law : cli::reference_laws()) {
          std::vector<std::tuple<std::string, std::string, bool>> parameters;
          for (const cli::LawParameter& p : law.parameters) parameters.emplace_back(p.option, p.help, p.required);
          laws.emplace_back(law.name, law.description, std::move(parameters));
        }
        return laws;
      },
      "[(name, description, [(option, help, required), ...]), ...] of the reference laws.");
}

}  // namespace attnlaw::python
