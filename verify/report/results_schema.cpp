#include "verify/report/results_schema.hpp"

#include <fmt/format.h>

#include <array>
#include <set>
#include <string>

#include "verify/report/report_input_error.hpp"

namespace attnlaw::report {
namespace {

using nlohmann::json;

constexpr std::array<std::string_view, 3> kVerdicts{"PASS", "SUSPECT", "FAIL"};
constexpr std::array<std::string_view, 6> kSeriesStyles{"lines", "points",    "linespoints",
                                                        "steps", "errorbars", "yerrorbars"};

std::string_view type_name(const json& j) {
  switch (j.type()) {
    case json::value_t::null: return "null";
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::string: return "a string";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned: return "an integer";
    case json::value_t::number_float: return "a number";
    default: return "binary data";
  }
}

template <std::size_t N>
bool one_of(std::string_view s, const std::array<std::string_view, N>& allowed) {
  for (std::string_view a : allowed)
    if (s == a) return true;
  return false;
}

// Walks the document, carrying the source name so every message says where the problem is.
class Validator {
 public:
  explicit Validator(std::string_view source) : source_(source) {}

  [[noreturn]] void fail(std::string_view path, std::string_view what) const {
    throw ReportInputError(fmt::format("{}: {} {}", source_, path, what));
  }

  const json& require(const json& obj, std::string_view path, const char* key) const {
    const auto it = obj.find(key);
    if (it == obj.end()) fail(join(path, key), "is missing (required field)");
    return *it;
  }

  void expect_object(const json& j, std::string_view path) const {
    if (!j.is_object()) fail(path, fmt::format("is {}, expected an object", type_name(j)));
  }
  void expect_array(const json& j, std::string_view path) const {
    if (!j.is_array()) fail(path, fmt::format("is {}, expected an array", type_name(j)));
  }
  void expect_string(const json& j, std::string_view path) const {
    if (!j.is_string()) fail(path, fmt::format("is {}, expected a string", type_name(j)));
  }
  void expect_integer(const json& j, std::string_view path) const {
    if (!j.is_number_integer()) fail(path, fmt::format("is {}, expected an integer", type_name(j)));
  }
  void expect_count(const json& j, std::string_view path) const {
    if (!j.is_number_unsigned() && !(j.is_number_integer() && j.get<std::int64_t>() >= 0))
      fail(path, fmt::format("is {}, expected a non-negative integer", type_name(j)));
  }
  // NaN and infinities reach results.json as null (JSON has no spelling for them).
  void expect_number_or_null(const json& j, std::string_view path) const {
    if (!j.is_number() && !j.is_null()) fail(path, fmt::format("is {}, expected a number or null", type_name(j)));
  }
  void expect_number(const json& j, std::string_view path) const {
    if (!j.is_number()) fail(path, fmt::format("is {}, expected a number", type_name(j)));
  }
  void expect_boolean(const json& j, std::string_view path) const {
    if (!j.is_boolean()) fail(path, fmt::format("is {}, expected true or false", type_name(j)));
  }
  void expect_verdict(const json& j, std::string_view path) const {
    expect_string(j, path);
    if (!one_of(j.get_ref<const std::string&>(), kVerdicts))
      fail(path, fmt::format("is \"{}\", expected PASS, SUSPECT or FAIL", j.get_ref<const std::string&>()));
  }

  template <class Check>
  void optional_field(const json& obj, std::string_view path, const char* key, Check check) const {
    const auto it = obj.find(key);
    if (it != obj.end()) (this->*check)(*it, join(path, key));
  }

  void numeric_array(const json& j, std::string_view path) const {
    expect_array(j, path);
    for (std::size_t i = 0; i < j.size(); ++i) expect_number_or_null(j[i], index(path, i));
  }

  static std::string join(std::string_view path, std::string_view key) {
    return path.empty() ? std::string(key) : fmt::format("{}.{}", path, key);
  }
  static std::string index(std::string_view path, std::size_t i) { return fmt::format("{}[{}]", path, i); }

 private:
  std::string_view source_;
};

void validate_check(const Validator& v, const json& c, const std::string& path) {
  v.expect_object(c, path);
  v.expect_string(v.require(c, path, "claim"), Validator::join(path, "claim"));
  v.expect_string(v.require(c, path, "paper"), Validator::join(path, "paper"));
  v.expect_string(v.require(c, path, "test"), Validator::join(path, "test"));
  v.expect_verdict(v.require(c, path, "verdict"), Validator::join(path, "verdict"));
  v.optional_field(c, path, "id", &Validator::expect_string);
  v.optional_field(c, path, "experiment", &Validator::expect_string);
  v.optional_field(c, path, "provenance", &Validator::expect_string);
  v.optional_field(c, path, "target", &Validator::expect_string);
  v.optional_field(c, path, "p_method", &Validator::expect_string);
  v.optional_field(c, path, "params", &Validator::expect_object);
  for (const char* key : {"statistic", "p_value", "p_adjusted", "alpha", "alpha_adjusted"})
    v.optional_field(c, path, key, &Validator::expect_number_or_null);

  if (const auto it = c.find("effect"); it != c.end() && !it->is_null()) {
    const std::string p = Validator::join(path, "effect");
    v.expect_object(*it, p);
    v.optional_field(*it, p, "name", &Validator::expect_string);
    v.optional_field(*it, p, "value", &Validator::expect_number_or_null);
    if (const auto ci = it->find("ci"); ci != it->end()) {
      v.numeric_array(*ci, Validator::join(p, "ci"));
      if (ci->size() != 2) v.fail(Validator::join(p, "ci"), fmt::format("has {} entries, expected 2", ci->size()));
    }
  }
  if (const auto it = c.find("detectable"); it != c.end() && !it->is_null()) {
    const std::string p = Validator::join(path, "detectable");
    v.expect_object(*it, p);
    v.optional_field(*it, p, "name", &Validator::expect_string);
    for (const char* key : {"delta", "power", "target"})
      v.optional_field(*it, p, key, &Validator::expect_number_or_null);
  }
}

void validate_claim(const Validator& v, const json& c, const std::string& path, std::set<std::string>& ids) {
  v.expect_object(c, path);
  const json& id = v.require(c, path, "id");
  v.expect_string(id, Validator::join(path, "id"));
  v.expect_string(v.require(c, path, "paper"), Validator::join(path, "paper"));
  for (const char* key : {"paper_title", "theorem", "theory_document", "statement", "provenance", "provenance_note"})
    v.optional_field(c, path, key, &Validator::expect_string);
  v.optional_field(c, path, "verdict", &Validator::expect_verdict);
  if (!ids.insert(id.get<std::string>()).second)
    v.fail(Validator::join(path, "id"), fmt::format("\"{}\" appears twice in claims", id.get<std::string>()));
}

// Same length for the columns plotted together.
void same_length(const Validator& v, const json& fig, const std::string& path, const char* a, const char* b) {
  const std::size_t na = fig.at(a).size(), nb = fig.at(b).size();
  if (na != nb) v.fail(Validator::join(path, b), fmt::format("has {} entries but {} has {}", nb, a, na));
}

void validate_series(const Validator& v, const json& s, const std::string& path) {
  v.expect_object(s, path);
  v.optional_field(s, path, "label", &Validator::expect_string);
  const json& style = v.require(s, path, "style");
  v.expect_string(style, Validator::join(path, "style"));
  if (!one_of(style.get_ref<const std::string&>(), kSeriesStyles))
    v.fail(Validator::join(path, "style"),
           fmt::format("is \"{}\", expected lines, points, linespoints, steps or errorbars",
                       style.get_ref<const std::string&>()));
  v.numeric_array(v.require(s, path, "x"), Validator::join(path, "x"));
  v.numeric_array(v.require(s, path, "y"), Validator::join(path, "y"));
  same_length(v, s, path, "x", "y");
  const std::string& st = style.get_ref<const std::string&>();
  if (st == "errorbars" || st == "yerrorbars") {
    v.numeric_array(v.require(s, path, "yerr"), Validator::join(path, "yerr"));
    same_length(v, s, path, "x", "yerr");
  }
}

// A table: every row has one string cell per column; (paper, id) unique.
void validate_table(const Validator& v, const json& t, const std::string& path, std::set<std::string>& ids) {
  v.expect_object(t, path);
  for (const char* key : {"id", "paper", "title"}) v.expect_string(v.require(t, path, key), Validator::join(path, key));
  v.optional_field(t, path, "note", &Validator::expect_string);
  const std::string key = t.at("paper").get<std::string>() + "/" + t.at("id").get<std::string>();
  if (!ids.insert(key).second) v.fail(Validator::join(path, "id"), fmt::format("\"{}\" appears twice in tables", key));
  const json& columns = v.require(t, path, "columns");
  v.expect_array(columns, Validator::join(path, "columns"));
  if (columns.empty()) v.fail(Validator::join(path, "columns"), "is empty");
  for (std::size_t i = 0; i < columns.size(); ++i)
    v.expect_string(columns[i], Validator::index(Validator::join(path, "columns"), i));
  const json& rows = v.require(t, path, "rows");
  v.expect_array(rows, Validator::join(path, "rows"));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::string row_path = Validator::index(Validator::join(path, "rows"), r);
    v.expect_array(rows[r], row_path);
    if (rows[r].size() != columns.size())
      v.fail(row_path, fmt::format("has {} cells for {} columns", rows[r].size(), columns.size()));
    for (std::size_t c = 0; c < rows[r].size(); ++c) v.expect_string(rows[r][c], Validator::index(row_path, c));
  }
}

void validate_figure(const Validator& v, const json& f, const std::string& path, std::set<std::string>& ids) {
  v.expect_object(f, path);
  const json& id = v.require(f, path, "id");
  v.expect_string(id, Validator::join(path, "id"));
  const std::string& sid = id.get_ref<const std::string&>();
  if (!is_safe_figure_id(sid))
    v.fail(Validator::join(path, "id"),
           fmt::format("\"{}\" is not a safe file name (letters, digits, '.', '_', '-'; not starting with '.')", sid));
  if (!ids.insert(sid).second) v.fail(Validator::join(path, "id"), fmt::format("\"{}\" appears twice in figures", sid));
  v.optional_field(f, path, "claim", &Validator::expect_string);
  v.optional_field(f, path, "title", &Validator::expect_string);

  const json& kind = v.require(f, path, "kind");
  v.expect_string(kind, Validator::join(path, "kind"));
  const std::string& k = kind.get_ref<const std::string&>();
  if (k == "pit-ecdf") {
    v.numeric_array(v.require(f, path, "u"), Validator::join(path, "u"));
    v.numeric_array(v.require(f, path, "ecdf"), Validator::join(path, "ecdf"));
    same_length(v, f, path, "u", "ecdf");
    if (f.at("u").empty()) v.fail(Validator::join(path, "u"), "is empty");
    const json& level = v.require(f, path, "band_level");
    v.expect_number(level, Validator::join(path, "band_level"));
    if (!(level.get<double>() > 0 && level.get<double>() < 1))
      v.fail(Validator::join(path, "band_level"), "must lie strictly between 0 and 1");
    const json& half = v.require(f, path, "band_halfwidth");
    v.expect_number(half, Validator::join(path, "band_halfwidth"));
    if (!(half.get<double>() >= 0)) v.fail(Validator::join(path, "band_halfwidth"), "must be non-negative");
    v.optional_field(f, path, "sample_size", &Validator::expect_count);
  } else if (k == "curves") {
    for (const char* key : {"xlabel", "ylabel"}) v.optional_field(f, path, key, &Validator::expect_string);
    for (const char* key : {"log_x", "log_y"}) v.optional_field(f, path, key, &Validator::expect_boolean);
    const json& series = v.require(f, path, "series");
    const std::string sp = Validator::join(path, "series");
    v.expect_array(series, sp);
    if (series.empty()) v.fail(sp, "is empty");
    for (std::size_t i = 0; i < series.size(); ++i) validate_series(v, series[i], Validator::index(sp, i));
  } else {
    v.fail(Validator::join(path, "kind"), fmt::format("is \"{}\", expected pit-ecdf or curves", k));
  }
}

void validate_summary(const Validator& v, const json& summary, const json& checks) {
  v.expect_object(summary, "summary");
  std::size_t counted[3] = {0, 0, 0};
  for (const json& c : checks) {
    const std::string& verdict = c.at("verdict").get_ref<const std::string&>();
    for (std::size_t i = 0; i < kVerdicts.size(); ++i)
      if (verdict == kVerdicts[i]) ++counted[i];
  }
  const std::pair<const char*, std::size_t> expected[] = {
      {"checks", checks.size()}, {"pass", counted[0]}, {"suspect", counted[1]}, {"fail", counted[2]}};
  for (const auto& [key, n] : expected) {
    const json& value = v.require(summary, "summary", key);
    const std::string path = Validator::join("summary", key);
    v.expect_count(value, path);
    if (value.get<std::uint64_t>() != n)
      v.fail(path, fmt::format("is {} but the checks array holds {}", value.get<std::uint64_t>(), n));
  }
  v.optional_field(summary, "summary", "family_alpha", &Validator::expect_number_or_null);
}

}  // namespace

bool is_safe_figure_id(std::string_view id) {
  if (id.empty() || id.front() == '.') return false;
  for (char ch : id) {
    const bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '.' ||
                    ch == '_' || ch == '-';
    if (!ok) return false;
  }
  return true;
}

void validate_results(const json& results, std::string_view source) {
  const Validator v(source);
  if (!results.is_object()) v.fail("the document", fmt::format("is {}, expected an object", type_name(results)));

  const json& version = v.require(results, "", "schema_version");
  v.expect_integer(version, "schema_version");
  if (version.get<std::int64_t>() != kResultsSchemaVersion)
    v.fail("schema_version", fmt::format("is {}, but this renderer reads schema_version {}",
                                         version.get<std::int64_t>(), kResultsSchemaVersion));

  v.expect_string(v.require(results, "", "battery"), "battery");
  v.expect_count(v.require(results, "", "seed"), "seed");
  v.optional_field(results, "", "tool", &Validator::expect_string);

  const json& checks = v.require(results, "", "checks");
  v.expect_array(checks, "checks");
  for (std::size_t i = 0; i < checks.size(); ++i) validate_check(v, checks[i], Validator::index("checks", i));
  validate_summary(v, v.require(results, "", "summary"), checks);

  if (const auto it = results.find("policy"); it != results.end()) {
    v.expect_object(*it, "policy");
    for (const char* key : {"alpha_per_check", "suspect_p", "family_alpha", "power"})
      v.optional_field(*it, "policy", key, &Validator::expect_number_or_null);
    for (const char* key : {"family", "adjustment"}) v.optional_field(*it, "policy", key, &Validator::expect_string);
  }
  if (const auto it = results.find("provenance"); it != results.end()) {
    v.expect_object(*it, "provenance");
    v.optional_field(*it, "provenance", "libraries", &Validator::expect_object);
  }
  if (const auto it = results.find("claims"); it != results.end()) {
    v.expect_array(*it, "claims");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < it->size(); ++i) validate_claim(v, (*it)[i], Validator::index("claims", i), ids);
  }
  if (const auto it = results.find("figures"); it != results.end()) {
    v.expect_array(*it, "figures");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < it->size(); ++i) validate_figure(v, (*it)[i], Validator::index("figures", i), ids);
  }
  if (const auto it = results.find("selection"); it != results.end()) {
    v.expect_array(*it, "selection");
    for (std::size_t i = 0; i < it->size(); ++i) v.expect_string((*it)[i], Validator::index("selection", i));
  }
  v.optional_field(results, "", "mutant", &Validator::expect_string);
  if (const auto it = results.find("tables"); it != results.end()) {
    v.expect_array(*it, "tables");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < it->size(); ++i) validate_table(v, (*it)[i], Validator::index("tables", i), ids);
  }
}

}  // namespace attnlaw::report
