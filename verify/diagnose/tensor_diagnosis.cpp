#include "verify/diagnose/tensor_diagnosis.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <span>

#include "verify/diagnose/row_kernel.hpp"
#include "verify/stats/quantile.hpp"

namespace attnlaw::diagnose {
namespace {

using Stats = attention::RowStatistics<double>;

std::string index_text(const std::vector<std::size_t>& index) { return fmt::format("[{}]", fmt::join(index, ",")); }

// The index over the leading axes of row r ([0] for a tensor of one axis).
std::vector<std::size_t> row_index(const std::vector<std::size_t>& shape, std::size_t r) {
  const std::size_t rank = shape.size();
  std::vector<std::size_t> index(rank == 1 ? 1 : rank - 1, 0);
  for (std::size_t j = index.size(); rank > 1 && j-- > 0;) {
    index[j] = r % shape[j];
    r /= shape[j];
  }
  return index;
}

std::string label_of(const std::string& tensor, const std::vector<std::size_t>& prefix) {
  if (prefix.empty()) return tensor.empty() ? "all" : tensor;
  return tensor + index_text(prefix);
}

// One sort for the three quantiles of a field.
template <class Field>
Quantiles quantiles_of(const TensorDiagnosis& t, const RowGroup& g, Field field) {
  std::vector<double> v;
  v.reserve(g.rows.size());
  for (const std::size_t r : g.rows) v.push_back(field(t.rows[r].stats));
  std::sort(v.begin(), v.end());
  return {stats::quantile_of_sorted(v, 0.1), stats::quantile_of_sorted(v, 0.5), stats::quantile_of_sorted(v, 0.9)};
}

void summarise(const TensorDiagnosis& t, RowGroup& g) {
  std::vector<double> ns;
  ns.reserve(g.rows.size());
  for (const std::size_t r : g.rows) {
    ns.push_back(static_cast<double>(t.rows[r].stats.n));
    g.ties += t.rows[r].stats.scale.ties;
    ++g.regimes[static_cast<std::size_t>(t.rows[r].stats.regime.regime)];
  }
  g.n_median = stats::median(ns);
  g.lambda = quantiles_of(t, g, [](const Stats& s) { return s.scale.lambda; });
  g.alpha = quantiles_of(t, g, [](const Stats& s) { return s.scale.alpha; });
  g.entropy = quantiles_of(t, g, [](const Stats& s) { return s.softmax.entropy; });
  g.top_weight = quantiles_of(t, g, [](const Stats& s) { return s.softmax.top_weight; });
}

// The diagnosis of `values` (rows on the last axis of `shape`), whatever their element type.
template <class Element>
TensorDiagnosis diagnose_block(const std::string& file, const std::string& name, const std::vector<std::size_t>& shape,
                               std::span<const Element> values, double beta) {
  TensorDiagnosis result;
  result.file = file;
  result.tensor = name;
  result.shape = shape;
  const std::string where = name.empty() ? file : fmt::format("{}: tensor '{}'", file, name);
  if (shape.empty()) throw TensorError(where + ": a scalar; expected rows of logits (at least one axis)");
  const std::size_t rank = shape.size();
  const std::size_t n = shape.back();
  const std::size_t row_count = n == 0 ? 0 : values.size() / n;
  if (row_count == 0)
    throw TensorError(fmt::format("{}: no rows to analyse (shape ({}))", where, fmt::join(shape, ", ")));

  std::vector<Stats> stats(row_count);
  try {
    diagnose_rows(values, n, beta, std::span<Stats>(stats));
  } catch (const RowFailure& e) {
    throw TensorError(fmt::format("{}: row {}: {}", where, index_text(row_index(shape, e.row)), e.what()));
  }

  // A head is the index without its last (row) entry; tensors of rank <= 2 are one group.
  const auto head_axes = static_cast<std::ptrdiff_t>(rank >= 3 ? rank - 2 : 0);
  std::map<std::vector<std::size_t>, std::size_t> group_of;
  result.rows.reserve(row_count);
  for (std::size_t r = 0; r < row_count; ++r) {
    std::vector<std::size_t> index = row_index(shape, r);
    result.rows.push_back(RowDiagnosis{index, stats[r]});
    const std::vector<std::size_t> head(index.begin(), index.begin() + head_axes);
    const auto [it, inserted] = group_of.emplace(head, result.groups.size());
    if (inserted) {
      result.groups.emplace_back();
      result.groups.back().label = label_of(name, head);
    }
    result.groups[it->second].rows.push_back(r);
  }
  if (result.groups.size() > 1) {
    RowGroup all;
    all.label = name.empty() ? "all" : name + "[all]";
    for (std::size_t r = 0; r < result.rows.size(); ++r) all.rows.push_back(r);
    result.groups.push_back(std::move(all));
  }
  for (RowGroup& g : result.groups) summarise(result, g);
  return result;
}

template <class Element>
std::span<const Element> elements(std::span<const unsigned char> data) {
  return {reinterpret_cast<const Element*>(data.data()), data.size() / sizeof(Element)};
}

}  // namespace

bool is_pooled_group_label(const std::string& label) { return label == "all" || label.ends_with("[all]"); }

TensorDiagnosis diagnose_tensor(const std::string& file, const io::Tensor& tensor, double beta) {
  return diagnose_block(file, tensor.name, tensor.shape, std::span<const double>(tensor.values), beta);
}

TensorDiagnosis diagnose_npy_view(const std::string& file, const io::NpyView& view, double beta) {
  switch (view.type) {
    case io::NpyView::Type::float16:
      return diagnose_block(file, "", view.shape, elements<io::Binary16>(view.data), beta);
    case io::NpyView::Type::float32: return diagnose_block(file, "", view.shape, elements<float>(view.data), beta);
    case io::NpyView::Type::float64: return diagnose_block(file, "", view.shape, elements<double>(view.data), beta);
  }
  throw TensorError(file + ": unknown element type");
}

}  // namespace attnlaw::diagnose
