#include "verify/harness/experiment_json.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace attnlaw::harness {
namespace {

[[noreturn]] void malformed(const std::string& what) { throw std::runtime_error("malformed point outcome: " + what); }

Json exact(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return x;
}

double exact_double(const Json& j, const std::string& what) {
  if (j.is_number()) return j.get<double>();
  if (j.is_string()) {
    const std::string s = j.get<std::string>();
    if (s == "nan") return NAN;
    if (s == "inf") return INFINITY;
    if (s == "-inf") return -INFINITY;
  }
  malformed(what + " is not a number");
}

Json exact_array(const std::vector<double>& xs) {
  Json a = Json::array();
  for (double x : xs) a.push_back(exact(x));
  return a;
}

std::vector<double> exact_doubles(const Json& j, const std::string& what) {
  if (!j.is_array()) malformed(what + " is not an array");
  std::vector<double> xs;
  xs.reserve(j.size());
  for (const Json& x : j) xs.push_back(exact_double(x, what));
  return xs;
}

const Json& member(const Json& j, const char* key, const std::string& where) {
  if (!j.is_object() || !j.contains(key)) malformed(where + "." + key + " is missing");
  return j[key];
}

template <class T>
T get(const Json& j, const char* key, const std::string& where) {
  try {
    return member(j, key, where).get<T>();
  } catch (const nlohmann::json::exception&) {
    malformed(where + "." + key + " has the wrong type");
  }
}

double number(const Json& j, const char* key, const std::string& where) {
  return exact_double(member(j, key, where), where + "." + key);
}

std::optional<double> optional_number(const Json& j, const char* key, const std::string& where) {
  if (!j.contains(key)) return std::nullopt;
  return number(j, key, where);
}

// Fields as [name, tag, value]: the tag keeps an integer apart from a double of the same value.
Json fields_to_json(const Fields& fields) {
  Json a = Json::array();
  for (const Field& f : fields) {
    std::visit(
        [&](const auto& v) {
          using V = std::decay_t<decltype(v)>;
          if constexpr (std::same_as<V, std::int64_t>) a.push_back(Json::array({f.name, "i", v}));
          if constexpr (std::same_as<V, double>) a.push_back(Json::array({f.name, "d", exact(v)}));
          if constexpr (std::same_as<V, bool>) a.push_back(Json::array({f.name, "b", v}));
          if constexpr (std::same_as<V, std::string>) a.push_back(Json::array({f.name, "s", v}));
          if constexpr (std::same_as<V, std::vector<double>>) a.push_back(Json::array({f.name, "v", exact_array(v)}));
        },
        f.value);
  }
  return a;
}

Fields fields_from_json(const Json& a, const std::string& where) {
  if (!a.is_array()) malformed(where + " is not an array");
  Fields fields;
  for (const Json& f : a) {
    if (!f.is_array() || f.size() != 3 || !f[0].is_string() || !f[1].is_string()) malformed(where + " has a bad field");
    const std::string name = f[0].get<std::string>(), tag = f[1].get<std::string>();
    const Json& v = f[2];
    const std::string what = where + "." + name;
    if (tag == "i" && v.is_number_integer()) {
      fields.emplace_back(name, v.get<std::int64_t>());
    } else if (tag == "d") {
      fields.emplace_back(name, exact_double(v, what));
    } else if (tag == "b" && v.is_boolean()) {
      fields.emplace_back(name, v.get<bool>());
    } else if (tag == "s" && v.is_string()) {
      fields.emplace_back(name, v.get<std::string>());
    } else if (tag == "v") {
      fields.emplace_back(name, exact_doubles(v, what));
    } else {
      malformed(what + " has tag '" + tag + "' and a value of another type");
    }
  }
  return fields;
}

Json law_to_json(const DetectableLaw& law) {
  return Json{{"formula", to_string(law.formula)},
              {"name", law.name},
              {"power", exact(law.power)},
              {"sigma", exact(law.sigma)},
              {"scale", exact(law.scale)},
              {"p0", exact(law.p0)},
              {"offset", exact(law.offset)},
              {"m", law.m},
              {"df", law.df}};
}

DetectableLaw law_from_json(const Json& j, const std::string& where) {
  DetectableLaw law;
  if (!parse_formula(get<std::string>(j, "formula", where), law.formula)) malformed(where + ".formula is unknown");
  law.name = get<std::string>(j, "name", where);
  law.power = number(j, "power", where);
  law.sigma = number(j, "sigma", where);
  law.scale = number(j, "scale", where);
  law.p0 = number(j, "p0", where);
  law.offset = number(j, "offset", where);
  law.m = get<std::size_t>(j, "m", where);
  law.df = get<std::size_t>(j, "df", where);
  return law;
}

Json raw_check_json(const Check& c) {
  Json j{{"test", c.test},
         {"target", c.target},
         {"statistic", exact(c.statistic)},
         {"p_method", c.p_method},
         {"null_law", to_string(c.null_law)}};
  if (c.params) j["params"] = fields_to_json(*c.params);
  if (c.p_value) j["p_value"] = exact(*c.p_value);
  if (c.effect)
    j["effect"] = {{"name", c.effect->name},
                   {"value", exact(c.effect->value)},
                   {"lo", exact(c.effect->ci.lo)},
                   {"hi", exact(c.effect->ci.hi)}};
  if (c.detectable_law) j["detectable_law"] = law_to_json(*c.detectable_law);
  if (c.detectable_target) j["detectable_target"] = exact(*c.detectable_target);
  if (c.deterministic_holds) j["deterministic_holds"] = *c.deterministic_holds;
  return j;
}

Check raw_check(const Json& j, const std::string& where) {
  Check c;
  c.test = get<std::string>(j, "test", where);
  c.target = get<std::string>(j, "target", where);
  c.statistic = number(j, "statistic", where);
  c.p_method = get<std::string>(j, "p_method", where);
  const std::string law = get<std::string>(j, "null_law", where);
  if (law == to_string(NullLaw::uniform)) {
    c.null_law = NullLaw::uniform;
  } else if (law == to_string(NullLaw::conservative)) {
    c.null_law = NullLaw::conservative;
  } else {
    malformed(where + ".null_law is unknown");
  }
  if (j.contains("params")) c.params = fields_from_json(j["params"], where + ".params");
  c.p_value = optional_number(j, "p_value", where);
  if (j.contains("effect")) {
    const Json& e = j["effect"];
    const std::string w = where + ".effect";
    c.effect = Effect{get<std::string>(e, "name", w), number(e, "value", w), {number(e, "lo", w), number(e, "hi", w)}};
  }
  if (j.contains("detectable_law")) c.detectable_law = law_from_json(j["detectable_law"], where + ".detectable_law");
  c.detectable_target = optional_number(j, "detectable_target", where);
  if (j.contains("deterministic_holds")) c.deterministic_holds = get<bool>(j, "deterministic_holds", where);
  return c;
}

Json figure_to_json(const Figure& f) {
  Json series = Json::array();
  for (const Series& s : f.series)
    series.push_back(Json{{"label", s.label},
                          {"style", s.style},
                          {"x", exact_array(s.x)},
                          {"y", exact_array(s.y)},
                          {"yerr", exact_array(s.yerr)}});
  return Json{{"id", f.id},
              {"claim", f.claim},
              {"kind", f.kind == Figure::Kind::pit_ecdf ? "pit_ecdf" : "curves"},
              {"title", f.title},
              {"xlabel", f.xlabel},
              {"ylabel", f.ylabel},
              {"log_x", f.log_x},
              {"log_y", f.log_y},
              {"series", std::move(series)},
              {"sample_size", f.sample_size},
              {"u", exact_array(f.u)},
              {"ecdf", exact_array(f.ecdf)},
              {"band_level", exact(f.band_level)},
              {"band_halfwidth", exact(f.band_halfwidth)}};
}

Figure figure_from_json(const Json& j, const std::string& where) {
  Figure f;
  f.id = get<std::string>(j, "id", where);
  f.claim = get<std::string>(j, "claim", where);
  const std::string kind = get<std::string>(j, "kind", where);
  if (kind != "pit_ecdf" && kind != "curves") malformed(where + ".kind is unknown");
  f.kind = kind == "pit_ecdf" ? Figure::Kind::pit_ecdf : Figure::Kind::curves;
  f.title = get<std::string>(j, "title", where);
  f.xlabel = get<std::string>(j, "xlabel", where);
  f.ylabel = get<std::string>(j, "ylabel", where);
  f.log_x = get<bool>(j, "log_x", where);
  f.log_y = get<bool>(j, "log_y", where);
  const Json& series = member(j, "series", where);
  if (!series.is_array()) malformed(where + ".series is not an array");
  for (const Json& s : series) {
    const std::string w = where + ".series";
    f.series.push_back(Series{get<std::string>(s, "label", w), get<std::string>(s, "style", w),
                              exact_doubles(member(s, "x", w), w + ".x"), exact_doubles(member(s, "y", w), w + ".y"),
                              exact_doubles(member(s, "yerr", w), w + ".yerr")});
  }
  f.sample_size = get<std::size_t>(j, "sample_size", where);
  f.u = exact_doubles(member(j, "u", where), where + ".u");
  f.ecdf = exact_doubles(member(j, "ecdf", where), where + ".ecdf");
  f.band_level = number(j, "band_level", where);
  f.band_halfwidth = number(j, "band_halfwidth", where);
  return f;
}

Json table_to_json(const Table& t) {
  return Json{{"id", t.id},           {"paper", t.paper}, {"title", t.title},
              {"columns", t.columns}, {"rows", t.rows},   {"note", t.note}};
}

Table table_from_json(const Json& j, const std::string& where) {
  return Table{get<std::string>(j, "id", where),
               get<std::string>(j, "paper", where),
               get<std::string>(j, "title", where),
               get<std::vector<std::string>>(j, "columns", where),
               get<std::vector<std::vector<std::string>>>(j, "rows", where),
               get<std::string>(j, "note", where)};
}

template <class T, class Convert>
std::vector<T> array_of(const Json& j, const char* key, Convert convert) {
  const Json& a = member(j, key, "outcome");
  if (!a.is_array()) malformed(std::string("outcome.") + key + " is not an array");
  std::vector<T> out;
  for (std::size_t i = 0; i < a.size(); ++i)
    out.push_back(convert(a[i], std::string(key) + "[" + std::to_string(i) + "]"));
  return out;
}

}  // namespace

Json outcome_to_json(const PointOutcome& outcome) {
  Json checks = Json::array(), figures = Json::array(), tables = Json::array();
  for (const Check& c : outcome.result.checks) checks.push_back(raw_check_json(c));
  for (const Figure& f : outcome.result.figures) figures.push_back(figure_to_json(f));
  for (const Table& t : outcome.result.tables) tables.push_back(table_to_json(t));
  return Json{{"seconds", exact(outcome.seconds)},
              {"checks", std::move(checks)},
              {"figures", std::move(figures)},
              {"tables", std::move(tables)}};
}

PointOutcome outcome_from_json(const Json& j) {
  PointOutcome out;
  out.seconds = number(j, "seconds", "outcome");
  out.result.checks = array_of<Check>(j, "checks", raw_check);
  out.result.figures = array_of<Figure>(j, "figures", figure_from_json);
  out.result.tables = array_of<Table>(j, "tables", table_from_json);
  return out;
}

}  // namespace attnlaw::harness
