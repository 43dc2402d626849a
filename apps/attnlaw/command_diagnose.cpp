// `attnlaw diagnose FILE...`: the gap statistics of real attention rows (theory-notes UF.md
// §1-§3): per row Lambda, Delta_Lambda, alpha_n and the collapse regime at --beta; per head the
// quantiles; across files of different context length, the exponent of median Lambda in log n.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "apps/attnlaw/arguments.hpp"
#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/output_directory.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "verify/attention/row_statistics.hpp"
#include "verify/io/read_tensors.hpp"
#include "verify/report/atomic_file.hpp"
#include "verify/report/gnuplot_process.hpp"
#include "verify/report/gnuplot_script.hpp"
#include "verify/report/real_attention.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::cli {
namespace {

using nlohmann::json;
using Stats = attention::RowStatistics<double>;

constexpr std::uint32_t kBootstrapSeed = 20261130;
constexpr std::uint32_t kBootstrapReplicates = 1000;
constexpr double kCiLevel = 0.95;

struct DiagnoseArguments {
  std::vector<std::string> files;
  std::string format;
  std::string tensor;
  std::string beta = "1";
  std::string plot;
  std::string report;
  bool json = false;
};

struct Row {
  std::vector<std::size_t> index;
  Stats stats;
};

// The rows that share every index but the row one: a head of [heads, rows, n] or
// [layers, heads, rows, n]; the whole tensor for [n] and [rows, n].
struct Group {
  std::string label;
  std::vector<std::size_t> rows;  // positions in TensorResult::rows
  double n_median = 0;
};

struct TensorResult {
  std::string file;
  std::string tensor;  // safetensors name, empty otherwise
  std::vector<std::size_t> shape;
  std::vector<Row> rows;
  std::vector<Group> groups;  // one per head, then "all" when there are several heads
};

std::string index_text(const std::vector<std::size_t>& index) { return fmt::format("[{}]", fmt::join(index, ",")); }

// Linear interpolation between order statistics (Hyndman-Fan type 7, NumPy's default), with
// +infinity (a tied row's Lambda) sorting last and never multiplied by 0.
double quantile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  const double h = p * static_cast<double>(v.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(h));
  const double frac = h - static_cast<double>(lo);
  if (frac == 0 || lo + 1 >= v.size()) return v[lo];
  if (std::isinf(v[lo + 1]) || std::isinf(v[lo])) return v[lo + 1];
  return v[lo] + frac * (v[lo + 1] - v[lo]);
}

double median(std::vector<double> v) { return quantile(std::move(v), 0.5); }

// JSON has no infinity: +inf becomes null (with a flag next to it where it can happen).
json number(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }

std::string label_of(const std::string& tensor, const std::vector<std::size_t>& prefix) {
  if (prefix.empty()) return tensor.empty() ? "all" : tensor;
  return tensor + index_text(prefix);
}

TensorResult analyse(const std::string& file, io::Tensor tensor, double beta) {
  TensorResult result;
  result.file = file;
  result.tensor = tensor.name;
  result.shape = tensor.shape;
  const std::string where = tensor.name.empty() ? file : fmt::format("{}: tensor '{}'", file, tensor.name);
  if (tensor.shape.empty()) throw UsageError(where + ": a scalar; expected rows of logits (at least one axis)");
  const std::size_t rank = tensor.shape.size();
  const std::size_t n = tensor.shape.back();
  const std::size_t count = tensor.values.size();
  const std::size_t row_count = n == 0 ? 0 : count / n;
  if (n == 0 || row_count == 0)
    throw UsageError(fmt::format("{}: no rows to analyse (shape ({}))", where, fmt::join(tensor.shape, ", ")));

  std::map<std::vector<std::size_t>, std::size_t> group_of;
  std::vector<std::size_t> index(rank == 1 ? 1 : rank - 1, 0);
  for (std::size_t r = 0; r < row_count; ++r) {
    if (r > 0 && rank > 1) {  // odometer over the leading axes
      for (std::size_t j = rank - 1; j-- > 0;) {
        if (++index[j] < tensor.shape[j]) break;
        index[j] = 0;
      }
    }
    const std::span<const double> logits(tensor.values.data() + r * n, n);
    attention::GapProfile<double> profile;
    try {
      profile = attention::gap_profile(logits);
    } catch (const attention::RowError& e) {
      throw UsageError(fmt::format("{}: row {}: {}", where, index_text(index), e.what()));
    }
    result.rows.push_back(Row{index, attention::row_statistics(profile, beta)});
    const std::vector<std::size_t> prefix(index.begin(), index.end() - (rank >= 3 ? 1 : static_cast<std::ptrdiff_t>(index.size())));
    const auto [it, inserted] = group_of.emplace(prefix, result.groups.size());
    if (inserted) result.groups.push_back(Group{label_of(tensor.name, prefix), {}, 0});
    result.groups[it->second].rows.push_back(r);
  }
  if (result.groups.size() > 1) {
    Group all{tensor.name.empty() ? "all" : tensor.name + "[all]", {}, 0};
    for (std::size_t r = 0; r < result.rows.size(); ++r) all.rows.push_back(r);
    result.groups.push_back(std::move(all));
  }
  for (Group& g : result.groups) {
    std::vector<double> ns;
    for (const std::size_t r : g.rows) ns.push_back(static_cast<double>(result.rows[r].stats.n));
    g.n_median = median(ns);
  }
  return result;
}

template <class Field>
std::vector<double> collect(const TensorResult& t, const Group& g, Field field) {
  std::vector<double> v;
  v.reserve(g.rows.size());
  for (const std::size_t r : g.rows) v.push_back(field(t.rows[r].stats));
  return v;
}

double lambda_of(const Stats& s) { return s.scale.lambda; }
double alpha_of(const Stats& s) { return s.scale.alpha; }
double entropy_of(const Stats& s) { return s.softmax.entropy; }
double top_weight_of(const Stats& s) { return s.softmax.top_weight; }

json quantiles(std::vector<double> v) {
  return json{{"q10", number(quantile(v, 0.1))}, {"q50", number(quantile(v, 0.5))}, {"q90", number(quantile(v, 0.9))}};
}

// --- the exponent fit ---------------------------------------------------------------------

struct FitPoint {
  const TensorResult* tensor;
  const Group* group;
  double x;  // log log n
  double y;  // log median Lambda
};

struct Line {
  double slope = 0;
  double intercept = 0;
  double standard_error = std::numeric_limits<double>::quiet_NaN();
};

Line least_squares(const std::vector<double>& x, const std::vector<double>& y) {
  const auto m = static_cast<double>(x.size());
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    mx += x[i] / m;
    my += y[i] / m;
  }
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxx += (x[i] - mx) * (x[i] - mx);
    sxy += (x[i] - mx) * (y[i] - my);
  }
  Line line;
  line.slope = sxy / sxx;
  line.intercept = my - line.slope * mx;
  if (x.size() >= 3) {
    double ssr = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
      const double e = y[i] - line.intercept - line.slope * x[i];
      ssr += e * e;
    }
    line.standard_error = std::sqrt(ssr / (m - 2) / sxx);
  }
  return line;
}

json fit_group(const std::string& label, const std::vector<FitPoint>& points) {
  json doc{{"group", label}};
  json pts = json::array();
  for (const FitPoint& p : points)
    pts.push_back(json{{"file", p.tensor->file}, {"n_median", p.group->n_median}, {"median_Lambda", std::exp(p.y)}});
  doc["points"] = pts;
  std::vector<double> x, y;
  for (const FitPoint& p : points) {
    x.push_back(p.x);
    y.push_back(p.y);
  }
  const Line line = least_squares(x, y);
  doc["xi"] = line.slope;
  doc["intercept"] = line.intercept;
  doc["standard_error"] = number(line.standard_error);

  // Percentile bootstrap: resample the rows of each file with replacement, recompute every
  // median Lambda and the slope. A replicate whose median is 0 or infinite has no logarithm and
  // is dropped (counted in bootstrap_dropped).
  std::vector<double> slopes;
  const rng::StreamKey key = rng::make_key(kBootstrapSeed, "diagnose", "bootstrap/" + label);
  for (std::uint32_t b = 0; b < kBootstrapReplicates; ++b) {
    std::vector<double> yb;
    for (std::size_t k = 0; k < points.size(); ++k) {
      rng::SampleSource source(key, b, k);
      const Group& g = *points[k].group;
      std::vector<double> resampled(g.rows.size());
      for (double& v : resampled) {
        auto pick = static_cast<std::size_t>(source.next_uniform() * static_cast<double>(g.rows.size()));
        pick = std::min(pick, g.rows.size() - 1);
        v = points[k].tensor->rows[g.rows[pick]].stats.scale.lambda;
      }
      const double med = median(std::move(resampled));
      if (!(med > 0) || std::isinf(med)) break;
      yb.push_back(std::log(med));
    }
    if (yb.size() == points.size()) slopes.push_back(least_squares(x, yb).slope);
  }
  doc["bootstrap_replicates"] = kBootstrapReplicates;
  doc["bootstrap_dropped"] = kBootstrapReplicates - slopes.size();
  if (slopes.size() >= 2) {
    const double lo = quantile(slopes, (1 - kCiLevel) / 2), hi = quantile(slopes, (1 + kCiLevel) / 2);
    doc["ci"] = json::array({lo, hi});
    // xi = 1 is the log n law (UF.md UF.exponent-fit): the paper's claim is that it is not universal.
    doc["ci_excludes_1"] = lo > 1 || hi < 1;
  } else {
    doc["ci"] = nullptr;
  }
  return doc;
}

json fit_exponents(const std::vector<TensorResult>& results) {
  json fit{{"method", "ordinary least squares of log(median Lambda) on log(log n), n = median unmasked row length "
                      "of the head in each file"},
           {"ci_method", fmt::format("percentile bootstrap over rows (rows resampled with replacement within each "
                                     "file), {} replicates, Philox seed {}; standard_error is the OLS standard "
                                     "error (needs >= 3 files)",
                                     kBootstrapReplicates, kBootstrapSeed)},
           {"ci_level", kCiLevel}};
  std::map<std::string, std::vector<FitPoint>> by_label;
  std::vector<std::string> order;
  json skipped = json::array();
  for (const TensorResult& t : results) {
    for (const Group& g : t.groups) {
      const double med = median(collect(t, g, lambda_of));
      if (!(med > 0) || std::isinf(med) || g.n_median <= std::exp(1.0)) {
        skipped.push_back(json{{"file", t.file}, {"group", g.label},
                               {"reason", !(med > 0) ? "median Lambda is 0" : std::isinf(med) ? "median Lambda is infinite (ties)"
                                                                                         : "n <= e: log log n <= 0"}});
        continue;
      }
      if (!by_label.contains(g.label)) order.push_back(g.label);
      by_label[g.label].push_back(FitPoint{&t, &g, std::log(std::log(g.n_median)), std::log(med)});
    }
  }
  json heads = json::array();
  for (const std::string& label : order) {
    // In order of n, so that the bootstrap streams (indexed by position) do not depend on the
    // order the files were given in.
    std::vector<FitPoint>& pts = by_label[label];
    std::stable_sort(pts.begin(), pts.end(), [](const FitPoint& a, const FitPoint& b) { return a.x < b.x; });
    std::vector<double> xs;
    for (const FitPoint& p : pts) xs.push_back(p.x);
    std::sort(xs.begin(), xs.end());
    if (std::unique(xs.begin(), xs.end()) - xs.begin() < 2) continue;  // needs two distinct n
    heads.push_back(fit_group(label, pts));
  }
  // The tally over single heads; a pooled group ("all", "<tensor>[all]") mixes heads and is left out.
  std::size_t fitted = 0, excluding = 0;
  for (const json& h : heads) {
    const std::string label = h["group"].get<std::string>();
    if (label == "all" || label.ends_with("[all]") || !h.contains("ci_excludes_1")) continue;
    ++fitted;
    excluding += h["ci_excludes_1"].get<bool>();
  }
  fit["heads"] = heads;
  fit["ci_excludes_1"] = json{{"heads_excluding_1", excluding}, {"heads_fitted", fitted}, {"ci_level", kCiLevel},
                              {"fraction", fitted == 0 ? json(nullptr) : json(static_cast<double>(excluding) / static_cast<double>(fitted))}};
  if (!skipped.empty()) fit["skipped"] = skipped;
  if (heads.empty()) fit["note"] = "no head has files at two or more distinct n: nothing to fit";
  return fit;
}

// --- output -------------------------------------------------------------------------------

json row_json(const Row& row) {
  const Stats& s = row.stats;
  json bound{{"quantity", s.regime.quantity}, {"relation", s.regime.relation}, {"value", number(s.regime.bound)}};
  return json{{"index", row.index},
              {"n", s.n},
              {"masked", s.masked},
              {"Lambda", number(s.scale.lambda)},
              {"ties", s.scale.ties},
              {"Delta_Lambda", s.scale.contact_gap},
              {"alpha_n", s.scale.alpha},
              {"C_n", s.scale.contact_entropy},
              {"beta_crit", number(s.regime.critical_beta)},
              {"entropy", s.softmax.entropy},
              {"top_weight", s.softmax.top_weight},
              {"top_two_difference", s.softmax.top_two_difference},
              {"max_minus_second", number(s.max_minus_second)},
              {"r", number(s.regime.ratio)},
              {"regime", attention::regime_name(s.regime.regime)},
              {"bound", bound}};
}

json summary_json(const TensorResult& t) {
  json groups = json::array();
  for (const Group& g : t.groups) {
    std::size_t ties = 0;
    for (const std::size_t r : g.rows) ties += t.rows[r].stats.scale.ties;
    groups.push_back(json{{"group", g.label},
                          {"rows", g.rows.size()},
                          {"ties", ties},
                          {"n_median", g.n_median},
                          {"Lambda", quantiles(collect(t, g, lambda_of))},
                          {"alpha_n", quantiles(collect(t, g, alpha_of))},
                          {"entropy", quantiles(collect(t, g, entropy_of))},
                          {"top_weight", quantiles(collect(t, g, top_weight_of))}});
  }
  return json{{"groups", groups}};
}

json document(const std::vector<TensorResult>& results, double beta) {
  json files = json::array();
  for (const TensorResult& t : results) {
    json f{{"file", t.file}};
    if (!t.tensor.empty()) f["tensor"] = t.tensor;
    f["shape"] = t.shape;
    json rows = json::array();
    for (const Row& r : t.rows) rows.push_back(row_json(r));
    f["rows"] = rows;
    f["summary"] = summary_json(t);
    files.push_back(f);
  }
  return json{{"beta", beta},
              {"regimes", fmt::format("r = beta/Lambda; unseparated r < {0} (D <= r/(e(1-r))), collapsed r > {1} "
                                      "(H <= log(1+eps)+2eps+eps^2, eps = 1/(r-1)), critical window {0} <= r <= {1}, "
                                      "tied: Lambda infinite (H >= log N(0) at every beta)",
                                      attention::kCriticalWindowLow, attention::kCriticalWindowHigh)},
              {"files", files},
              {"fit", fit_exponents(results)}};
}

std::string text_number(const json& v) {
  if (v.is_null()) return "inf";
  if (v.is_number_float()) return fmt::format("{:.5g}", v.get<double>());
  return v.dump();
}

void print_table(const json& doc) {
  fmt::print("beta = {}\n{}\n", text_number(doc["beta"]), doc["regimes"].get<std::string>());
  for (const json& f : doc["files"]) {
    fmt::print("\n{}{}  shape ({})\n", f["file"].get<std::string>(),
               f.contains("tensor") ? fmt::format("  tensor {}", f["tensor"].get<std::string>()) : "",
               fmt::join(f["shape"].get<std::vector<std::size_t>>(), ", "));
    fmt::print("  {:<14} {:>8} {:>10} {:>12} {:>8} {:>10} {:>10}  {}\n", "row", "n", "Lambda", "Delta_Lambda",
               "alpha_n", "entropy", "top_weight", "regime at beta (deciding bound)");
    for (const json& r : f["rows"]) {
      const json& b = r["bound"];
      const std::string bound = b["quantity"].get<std::string>().empty()
                                    ? std::string("r = 1")
                                    : fmt::format("{} {} {}", b["quantity"].get<std::string>(),
                                                  b["relation"].get<std::string>(), text_number(b["value"]));
      fmt::print("  {:<14} {:>8} {:>10} {:>12} {:>8} {:>10} {:>10}  {} ({})\n",
                 index_text(r["index"].get<std::vector<std::size_t>>()), r["n"].get<std::size_t>(),
                 text_number(r["Lambda"]) + (r["ties"].get<bool>() ? "*" : ""), text_number(r["Delta_Lambda"]),
                 text_number(r["alpha_n"]), text_number(r["entropy"]), text_number(r["top_weight"]),
                 r["regime"].get<std::string>(), bound);
    }
    bool any_ties = false;
    for (const json& r : f["rows"]) any_ties = any_ties || r["ties"].get<bool>();
    if (any_ties) fmt::print("  * ties at the maximum: Lambda = inf\n");
    fmt::print("  quantiles 10% / 50% / 90% per head:\n");
    fmt::print("  {:<20} {:>5} {:>5} {:>8}  {:<28} {:<28} {:<28} {:<28}\n", "head", "rows", "ties", "n", "Lambda",
               "alpha_n", "entropy", "top_weight");
    const auto q = [](const json& v) {
      return fmt::format("{} / {} / {}", text_number(v["q10"]), text_number(v["q50"]), text_number(v["q90"]));
    };
    for (const json& g : f["summary"]["groups"]) {
      fmt::print("  {:<20} {:>5} {:>5} {:>8}  {:<28} {:<28} {:<28} {:<28}\n", g["group"].get<std::string>(),
                 g["rows"].get<std::size_t>(), g["ties"].get<std::size_t>(), text_number(g["n_median"]),
                 q(g["Lambda"]), q(g["alpha_n"]), q(g["entropy"]), q(g["top_weight"]));
    }
  }
  const json& fit = doc["fit"];
  fmt::print("\nexponent xi of median Lambda ~ (log n)^xi: {}\n{}\n", fit["method"].get<std::string>(),
             fit["ci_method"].get<std::string>());
  if (fit.contains("note")) fmt::print("  {}\n", fit["note"].get<std::string>());
  for (const json& h : fit["heads"]) {
    const std::string ci = h["ci"].is_null() ? std::string("n/a")
                                             : fmt::format("[{}, {}]", text_number(h["ci"][0]), text_number(h["ci"][1]));
    fmt::print("  {:<20} xi = {:<9} 95% CI {:<22} s.e. {}  ({} files)\n", h["group"].get<std::string>(),
               text_number(h["xi"]), ci, text_number(h["standard_error"]), h["points"].size());
  }
  const json& tally = fit["ci_excludes_1"];
  if (tally["heads_fitted"].get<std::size_t>() > 0)
    fmt::print("  heads whose CI excludes xi = 1: {} of {}\n", tally["heads_excluding_1"].get<std::size_t>(),
               tally["heads_fitted"].get<std::size_t>());
}

// Lambda against n on log-log axes: every row, the per-head medians, and the fitted lines
// (the pooled one, or each head's when there are at most four).
std::string plot_svg(const std::vector<TensorResult>& results, const json& fit) {
  json series = json::array();
  json xs = json::array(), ys = json::array();
  for (const TensorResult& t : results)
    for (const Row& r : t.rows) {
      xs.push_back(static_cast<double>(r.stats.n));
      ys.push_back(number(r.stats.scale.lambda));
    }
  series.push_back(json{{"label", "rows"}, {"style", "points"}, {"x", xs}, {"y", ys}});
  std::map<std::string, std::pair<json, json>> medians;
  std::vector<std::string> order;
  for (const TensorResult& t : results)
    for (const Group& g : t.groups) {
      if (!medians.contains(g.label)) order.push_back(g.label);
      auto& [mx, my] = medians[g.label];
      mx.push_back(g.n_median);
      my.push_back(number(median(collect(t, g, lambda_of))));
    }
  for (const std::string& label : order)
    series.push_back(json{{"label", "median " + label}, {"style", "linespoints"}, {"x", medians[label].first},
                          {"y", medians[label].second}});
  const json& heads = fit["heads"];
  for (const json& h : heads) {
    const std::string label = h["group"].get<std::string>();
    const bool pooled = label.ends_with("all") || label.ends_with("[all]");
    if (heads.size() > 4 && !pooled) continue;
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (const json& p : h["points"]) {
      lo = std::min(lo, p["n_median"].get<double>());
      hi = std::max(hi, p["n_median"].get<double>());
    }
    json fx = json::array(), fy = json::array();
    for (int k = 0; k <= 32; ++k) {
      const double n = std::exp(std::log(lo) + (std::log(hi) - std::log(lo)) * k / 32.0);
      fx.push_back(n);
      fy.push_back(std::exp(h["intercept"].get<double>() + h["xi"].get<double>() * std::log(std::log(n))));
    }
    series.push_back(json{{"label", fmt::format("fit {}: xi = {:.3g}", label, h["xi"].get<double>())},
                          {"style", "lines"}, {"x", fx}, {"y", fy}});
  }
  const json figure{{"id", "diagnose"},
                    {"kind", "curves"},
                    {"title", "upper-tail accumulation scale Lambda against the unmasked row length n"},
                    {"xlabel", "n (unmasked keys)"},
                    {"ylabel", "Lambda"},
                    {"log_x", true},
                    {"log_y", true},
                    {"series", series}};
  return report::run_gnuplot(report::gnuplot_script(figure));
}

// DIR/real_attention.{json,md,svg}: the document without its per-row records (`--json` has
// them), its markdown, and the plot; each file written atomically, the markdown last so that it
// never links a figure that failed.
void write_report(const DiagnoseArguments& args, const std::vector<TensorResult>& results, const json& doc) {
  const std::filesystem::path dir(args.report);
  prepare_output_directory("--report", dir);
  json summary = doc;
  for (json& f : summary["files"]) f.erase("rows");
  std::string command = "attnlaw diagnose --report " + args.report;
  if (args.beta != "1") command += " --beta " + args.beta;
  for (const std::string& file : args.files) command += " " + file;
  summary["command"] = command;
  const std::string stem = report::kRealAttentionStem;
  try {
    report::write_file_atomically(dir / (stem + ".svg"), plot_svg(results, doc["fit"]));
    report::write_file_atomically(dir / (stem + ".json"), summary.dump(2) + "\n");
    report::write_file_atomically(dir / (stem + ".md"), report::real_attention_markdown(summary));
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("--report: cannot write into {}: {}", args.report, e.what()));
  }
}

void run_diagnose(const DiagnoseArguments& args) {
  const double beta = parse_real("--beta", args.beta, 0.0, 1e300);
  std::optional<io::Format> format;
  if (!args.format.empty()) {
    format = io::parse_format(args.format);
    if (!format) throw UsageError(fmt::format("--format: expected npy, csv or safetensors, got '{}'", args.format));
  }
  const std::optional<std::string> tensor = args.tensor.empty() ? std::nullopt : std::optional(args.tensor);
  std::vector<TensorResult> results;
  for (const std::string& file : args.files) {
    std::vector<io::Tensor> tensors;
    try {
      tensors = io::read_tensors(file, format, tensor);
    } catch (const io::InputError& e) {
      throw UsageError(e.what());
    }
    for (io::Tensor& t : tensors) results.push_back(analyse(file, std::move(t), beta));
  }
  const json doc = document(results, beta);
  if (!args.report.empty()) write_report(args, results, doc);
  if (!args.plot.empty()) {
    std::string svg;
    try {
      svg = plot_svg(results, doc["fit"]);
      report::write_file_atomically(args.plot, svg);
    } catch (const std::exception& e) {
      throw UsageError(fmt::format("--plot: cannot write {}: {}", args.plot, e.what()));
    }
  }
  if (args.json) {
    std::cout << doc.dump(2) << '\n';
  } else if (!args.report.empty()) {
    // The per-row table is in the report's files; say only where they are.
    const json& tally = doc["fit"]["ci_excludes_1"];
    fmt::print("attnlaw diagnose: wrote {0}/{1}.json, {0}/{1}.md, {0}/{1}.svg ({2} of {3} heads: CI of xi excludes 1)\n",
               args.report, report::kRealAttentionStem, tally["heads_excluding_1"].get<std::size_t>(),
               tally["heads_fitted"].get<std::size_t>());
  } else {
    print_table(doc);
  }
}

}  // namespace

void add_diagnose_command(CLI::App& app, int& exit_status) {
  auto args = std::make_shared<DiagnoseArguments>();
  CLI::App* cmd = app.add_subcommand("diagnose", "Gap statistics (Lambda, alpha_n, collapse regime) of attention rows in files");
  cmd->add_option("FILE", args->files, ".npy, .csv or .safetensors files of logits; rows are the last axis")->required();
  cmd->add_option("--format", args->format, "npy, csv or safetensors (default: from the extension)");
  cmd->add_option("--tensor", args->tensor, "Only this tensor of a .safetensors file");
  cmd->add_option("--beta", args->beta, "Inverse temperature for entropy, top weight and regime (default 1)");
  cmd->add_option("--plot", args->plot, "Write an SVG of Lambda against n, with the fitted exponent");
  cmd->add_option("--report", args->report,
                  "Write real_attention.json (no per-row records), real_attention.md and real_attention.svg into this "
                  "directory (the standard report links them)");
  cmd->add_flag("--json", args->json, "Print one JSON document on stdout");
  cmd->callback([args, &exit_status] {
    run_diagnose(*args);
    exit_status = kExitPass;
  });
}

}  // namespace attnlaw::cli
