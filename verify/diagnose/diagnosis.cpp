#include "verify/diagnose/diagnosis.hpp"

#include <utility>

namespace attnlaw::diagnose {

Diagnosis assemble_diagnosis(double beta, std::vector<TensorDiagnosis> tensors) {
  Diagnosis diagnosis{beta, std::move(tensors), {}};
  diagnosis.fit = fit_exponents(diagnosis.tensors);
  return diagnosis;
}

}  // namespace attnlaw::diagnose
