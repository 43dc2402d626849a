#pragma once
// What `attnlaw diagnose` finds in the logits of its files: per row the gap statistics at beta,
// per head their quantiles, across files the exponent of median Lambda in log n. A typed result;
// verify/report renders it (JSON document, terminal table, figure, report files).
#include <vector>

#include "verify/diagnose/exponent_fit.hpp"
#include "verify/diagnose/tensor_diagnosis.hpp"

namespace attnlaw::diagnose {

struct Diagnosis {
  double beta = 1;
  std::vector<TensorDiagnosis> tensors;  // in the order of the files, and of the tensors in each
  ExponentFits fit;
};

// Adds the exponent fits across the tensors, each made by diagnose_tensor at this beta.
Diagnosis assemble_diagnosis(double beta, std::vector<TensorDiagnosis> tensors);

}  // namespace attnlaw::diagnose
