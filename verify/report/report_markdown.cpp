#include "verify/report/report_markdown.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

#include "verify/report/number_format.hpp"
#include "verify/report/results_schema.hpp"

namespace attnlaw::report {
namespace {

using nlohmann::json;

// --- small accessors over a validated document ------------------------------------------------

std::string string_or(const json& obj, const char* key, std::string_view fallback = {}) {
  const auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string(fallback);
}

std::optional<double> number_at(const json& obj, const char* key) {
  const auto it = obj.find(key);
  if (it == obj.end() || !it->is_number()) return std::nullopt;
  return it->get<double>();
}

std::string p_or_absent(const std::optional<double>& x) { return x ? format_p(*x) : kAbsent; }
std::string sig_or_absent(const std::optional<double>& x) { return x ? format_significant(*x) : kAbsent; }

// Free text from results.json placed on one line of markdown. '<' is escaped because a renderer
// would take "<n>" for an HTML tag and drop it; '|' would end a table cell; and a ']' before '('
// would make a statement's "X[mu](x)" a link to a file x.
enum class Context { prose, cell };
std::string inline_text(std::string_view text, Context context = Context::prose) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    const bool ends_link_text = ch == ']' && i + 1 < text.size() && text[i + 1] == '(';
    if (ch == '\n' || ch == '\r' || ch == '\t') {
      out += ' ';
    } else if (ch == '<' || ends_link_text || (context == Context::cell && ch == '|')) {
      out += '\\';
      out += ch;
    } else {
      out += ch;
    }
  }
  return out;
}
std::string cell(std::string_view text) {
  return text.empty() ? std::string(kAbsent) : inline_text(text, Context::cell);
}

// GitHub's anchor of a heading: lower case, letters, digits, '-' and '_' kept, spaces to '-'.
std::string heading_anchor(std::string_view heading) {
  std::string out;
  for (char ch : heading) {
    const auto u = static_cast<unsigned char>(ch);
    if (std::isalnum(u) || ch == '-' || ch == '_') {
      out += static_cast<char>(std::tolower(u));
    } else if (ch == ' ') {
      out += '-';
    }
  }
  return out;
}

class Table {
 public:
  explicit Table(std::vector<std::string> header) : header_(std::move(header)) {}
  void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  void write(std::string& out) const {
    write_row(out, header_);
    out += '|';
    for (std::size_t i = 0; i < header_.size(); ++i) out += "---|";
    out += '\n';
    for (const auto& row : rows_) write_row(out, row);
  }

 private:
  static void write_row(std::string& out, const std::vector<std::string>& row) {
    out += '|';
    for (const std::string& c : row) fmt::format_to(std::back_inserter(out), " {} |", c);
    out += '\n';
  }
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

// --- the fields of one check as table cells ---------------------------------------------------

std::string params_cell(const json& check) {
  const auto it = check.find("params");
  if (it == check.end() || it->empty()) return kAbsent;
  std::string out;
  for (const auto& [key, value] : it->items()) {
    if (!out.empty()) out += ", ";
    out += fmt::format("{}={}", key, format_json_scalar(value));
  }
  return cell(out);
}

std::string p_cell(const json& check) {
  std::string out = p_or_absent(number_at(check, "p_value"));
  if (const auto adjusted = number_at(check, "p_adjusted")) out += fmt::format(" (adj. {})", format_p(*adjusted));
  return out;
}

std::string alpha_cell(const json& check) {
  return fmt::format("{} / {}", p_or_absent(number_at(check, "alpha")),
                     p_or_absent(number_at(check, "alpha_adjusted")));
}

std::string effect_cell(const json& check) {
  const auto it = check.find("effect");
  if (it == check.end() || !it->is_object()) return kAbsent;
  std::string out;
  if (const std::string name = string_or(*it, "name"); !name.empty()) out = name + " = ";
  out += sig_or_absent(number_at(*it, "value"));
  if (const auto ci = it->find("ci"); ci != it->end()) {
    const auto bound = [](const json& b) { return b.is_number() ? format_significant(b.get<double>()) : kAbsent; };
    out += fmt::format(" [{}, {}]", bound((*ci)[0]), bound((*ci)[1]));
  }
  return cell(out);
}

std::string detectable_cell(const json& check) {
  const auto it = check.find("detectable");
  if (it == check.end() || !it->is_object()) return kAbsent;
  std::string out;
  if (const std::string name = string_or(*it, "name"); !name.empty()) out = name + ": ";
  out += sig_or_absent(number_at(*it, "delta"));
  if (const auto power = number_at(*it, "power")) out += fmt::format(" at power {}", format_p(*power));
  if (const auto target = number_at(*it, "target")) out += fmt::format(" (target {})", format_significant(*target));
  return cell(out);
}

std::string verdict_cell(const std::string& verdict) { return verdict == "PASS" ? verdict : "**" + verdict + "**"; }

// --- the policy, as printed in the headline and the thresholds --------------------------------

struct PolicyText {
  std::optional<double> alpha_per_check;
  std::optional<double> family_alpha;
  std::optional<double> suspect_p;
  std::string adjustment;  // e.g. "Holm"
  std::string family;      // e.g. "within each paper"
};

std::string adjustment_name(const std::string& a) {
  if (a == "holm") return "Holm";
  if (a == "bonferroni") return "Bonferroni";
  if (a == "hochberg") return "Hochberg";
  if (a == "none") return "no multiplicity adjustment";
  return a;
}

std::string family_phrase(const std::string& f) {
  if (f.empty()) return {};
  if (f == "battery" || f == "all" || f == "global") return "across all checks";
  return "within each " + f;
}

PolicyText policy_text(const json& results) {
  PolicyText t;
  const json empty = json::object();
  const auto pit = results.find("policy");
  const json& policy = pit != results.end() ? *pit : empty;
  t.alpha_per_check = number_at(policy, "alpha_per_check");
  t.family_alpha = number_at(policy, "family_alpha");
  if (!t.family_alpha) t.family_alpha = number_at(results.at("summary"), "family_alpha");
  t.suspect_p = number_at(policy, "suspect_p");
  t.adjustment = adjustment_name(string_or(policy, "adjustment"));
  t.family = family_phrase(string_or(policy, "family"));
  // Without a policy block, a per-check alpha shared by every check is still the per-check alpha.
  if (!t.alpha_per_check) {
    std::optional<double> common;
    bool same = true;
    for (const json& c : results.at("checks")) {
      const auto a = number_at(c, "alpha");
      if (!a || (common && *common != *a)) {
        same = false;
        break;
      }
      common = a;
    }
    if (same) t.alpha_per_check = common;
  }
  return t;
}

// "family-wise alpha 1e-06 within each paper (Holm; each check's adjusted alpha is on its paper's page)"
std::string policy_phrase(const PolicyText& t) {
  std::vector<std::string> parts;
  if (t.family_alpha) {
    parts.push_back(
        fmt::format("family-wise alpha {}{}{}", format_p(*t.family_alpha), t.family.empty() ? "" : " ", t.family));
  } else if (t.alpha_per_check) {
    parts.push_back(fmt::format("alpha {} per check", format_p(*t.alpha_per_check)));
  }
  if (!t.adjustment.empty())
    parts.push_back(t.adjustment == "no multiplicity adjustment"
                        ? t.adjustment
                        : fmt::format("{}; each check's adjusted alpha is on its paper's page", t.adjustment));
  if (parts.empty()) return {};
  return fmt::format(" at {}", parts.size() == 1 ? parts[0] : fmt::format("{} ({})", parts[0], parts[1]));
}

bool is_statistical(const json& check) { return number_at(check, "p_value").has_value(); }

// "345 statistical checks, 444 deterministic": the two kinds are judged differently.
std::string kinds_phrase(const json& checks) {
  std::size_t statistical = 0;
  for (const json& c : checks) statistical += is_statistical(c);
  return fmt::format("{} statistical, {} deterministic", statistical, checks.size() - statistical);
}

std::string thresholds_text(const PolicyText& t) {
  const std::string alpha = t.family_alpha ? format_p(*t.family_alpha) : std::string("alpha");
  const std::string adjusted = t.adjustment.empty() || t.adjustment == "no multiplicity adjustment"
                                   ? "the"
                                   : "the " + t.adjustment + "-adjusted";
  const std::string suspect = t.suspect_p ? format_p(*t.suspect_p) : std::string("the suspect threshold");
  return fmt::format(
      "Thresholds: **FAIL** when {} p-value is below {} (equivalently, p below the adjusted alpha shown per check), "
      "or when a deterministic check's worst ratio to its bound exceeds 1; **SUSPECT** when p < {} without failing, "
      "or when the smallest detectable discrepancy exceeds the claim's target; PASS otherwise.\n",
      adjusted, alpha, suspect);
}

// --- document structure -----------------------------------------------------------------------

struct ClaimGroup {
  std::string id;
  const json* claim = nullptr;  // null when results.json has checks but no claim record
  std::vector<const json*> checks;
  std::vector<const json*> figures;
};

struct PaperGroup {
  std::string tag;
  std::string title;
  std::vector<ClaimGroup> claims;
  std::vector<const json*> tables;  // results.json "tables" of this paper, printed after its claims
};

int verdict_rank(const std::string& v) { return v == "FAIL" ? 2 : v == "SUSPECT" ? 1 : 0; }

std::string claim_verdict(const ClaimGroup& g) {
  if (g.claim && g.claim->contains("verdict")) return g.claim->at("verdict").get<std::string>();
  std::string worst = "PASS";
  for (const json* c : g.checks) {
    const std::string& v = c->at("verdict").get_ref<const std::string&>();
    if (verdict_rank(v) > verdict_rank(worst)) worst = v;
  }
  return worst;
}

std::string count_phrase(std::size_t pass, std::size_t suspect, std::size_t fail) {
  std::vector<std::string> parts;
  parts.push_back(fmt::format("{} PASS", pass));
  if (suspect) parts.push_back(fmt::format("{} SUSPECT", suspect));
  if (fail) parts.push_back(fmt::format("{} FAIL", fail));
  return fmt::format("{}", fmt::join(parts, ", "));
}

// Papers in the order the document first names them; claims in document order within a paper.
std::vector<PaperGroup> group(const json& results, std::vector<const json*>& unattached_figures) {
  std::vector<PaperGroup> papers;
  std::map<std::string, std::size_t> paper_index;
  std::map<std::string, std::pair<std::size_t, std::size_t>> claim_index;

  const auto paper_of = [&](const std::string& tag) -> PaperGroup& {
    auto [it, inserted] = paper_index.try_emplace(tag, papers.size());
    if (inserted) papers.push_back(PaperGroup{tag, {}, {}, {}});
    return papers[it->second];
  };
  const auto claim_of = [&](const std::string& id, const std::string& tag) -> ClaimGroup& {
    auto it = claim_index.find(id);
    if (it == claim_index.end()) {
      PaperGroup& p = paper_of(tag);
      it = claim_index.emplace(id, std::pair{paper_index.at(tag), p.claims.size()}).first;
      p.claims.push_back(ClaimGroup{id, nullptr, {}, {}});
    }
    return papers[it->second.first].claims[it->second.second];
  };

  if (const auto it = results.find("claims"); it != results.end()) {
    for (const json& c : *it) {
      const std::string tag = c.at("paper").get<std::string>();
      ClaimGroup& g = claim_of(c.at("id").get<std::string>(), tag);
      g.claim = &c;
      PaperGroup& p = paper_of(tag);
      if (p.title.empty()) p.title = string_or(c, "paper_title");
    }
  }
  for (const json& c : results.at("checks"))
    claim_of(c.at("claim").get<std::string>(), c.at("paper").get<std::string>()).checks.push_back(&c);
  if (const auto it = results.find("figures"); it != results.end()) {
    for (const json& f : *it) {
      const auto found = claim_index.find(string_or(f, "claim"));
      if (found == claim_index.end()) {
        unattached_figures.push_back(&f);
      } else {
        papers[found->second.first].claims[found->second.second].figures.push_back(&f);
      }
    }
  }
  if (const auto it = results.find("tables"); it != results.end()) {
    for (const json& t : *it) paper_of(t.at("paper").get<std::string>()).tables.push_back(&t);
  }
  return papers;
}

void write_figure_links(std::string& out, const std::vector<const json*>& figures) {
  for (const json* f : figures) {
    const std::string id = f->at("id").get<std::string>();
    const std::string title = inline_text(string_or(*f, "title", id));
    fmt::format_to(std::back_inserter(out), "- [{}](figures/{}.svg)\n", title, id);
  }
}

// --- sections ---------------------------------------------------------------------------------

void write_headline(std::string& out, const json& results, const PolicyText& policy) {
  const json& checks = results.at("checks");
  std::vector<const json*> anomalies;
  std::size_t suspect = 0, fail = 0;
  // FAILs first, then SUSPECTs, each in document order: the worst news leads.
  for (const char* wanted : {"FAIL", "SUSPECT"}) {
    for (const json& c : checks) {
      if (c.at("verdict").get_ref<const std::string&>() != wanted) continue;
      anomalies.push_back(&c);
      (std::string_view(wanted) == "FAIL" ? fail : suspect) += 1;
    }
  }
  const std::string phrase = policy_phrase(policy);
  if (checks.empty()) {
    out += "No checks were run.\n\n";
  } else if (anomalies.empty()) {
    fmt::format_to(std::back_inserter(out), "All {} checks passed ({}){}.\n\n", checks.size(), kinds_phrase(checks),
                   phrase);
  } else {
    std::vector<std::string> counts;
    if (fail) counts.push_back(fmt::format("{} FAIL", fail));
    if (suspect) counts.push_back(fmt::format("{} SUSPECT", suspect));
    fmt::format_to(std::back_inserter(out), "{} of {} checks ({}) did not pass{}: {}.\n\n", anomalies.size(),
                   checks.size(), kinds_phrase(checks), phrase, fmt::join(counts, ", "));
    Table table({"claim", "test", "params", "statistic", "p", "adjusted alpha", "verdict"});
    for (const json* c : anomalies) {
      const std::string claim = c->at("claim").get<std::string>();
      table.add(
          {fmt::format("[{}]({})", inline_text(claim),
                       fmt::format("{}#{}", paper_page_name(c->at("paper").get<std::string>()), heading_anchor(claim))),
           cell(c->at("test").get<std::string>()), params_cell(*c), sig_or_absent(number_at(*c, "statistic")),
           p_cell(*c), p_or_absent(number_at(*c, "alpha_adjusted")),
           verdict_cell(c->at("verdict").get<std::string>())});
    }
    table.write(out);
    out += '\n';
  }
  out += thresholds_text(policy);
  out += '\n';
}

void write_run(std::string& out, const json& results) {
  const std::string battery = results.at("battery").get<std::string>();
  const std::string seed = format_json_scalar(results.at("seed"));
  const json& s = results.at("summary");
  out += "## Run\n\n";
  fmt::format_to(std::back_inserter(out), "- battery: {}\n- seed: {}\n", battery, seed);
  if (const std::string tool = string_or(results, "tool"); !tool.empty())
    fmt::format_to(std::back_inserter(out), "- tool: {}\n", tool);
  fmt::format_to(std::back_inserter(out), "- checks: {} ({})\n", s.at("checks").get<std::uint64_t>(),
                 count_phrase(s.at("pass").get<std::uint64_t>(), s.at("suspect").get<std::uint64_t>(),
                              s.at("fail").get<std::uint64_t>()));
  std::string claims;
  if (const auto it = results.find("selection"); it != results.end()) {
    for (const json& id : *it) claims += fmt::format(" --claim '{}'", id.get<std::string>());
    fmt::format_to(
        std::back_inserter(out),
        "- selection: a subset of the battery ({} given); each paper's Holm family "
        "is the selected claims' checks, so adjusted p-values differ from the full battery's\n",
        it->size() == 1 ? std::string("1 claim id or pattern") : fmt::format("{} claim ids or patterns", it->size()));
  }
  if (const std::string mutant = string_or(results, "mutant"); !mutant.empty()) {
    claims += fmt::format(" --mutant {}", mutant);
    fmt::format_to(std::back_inserter(out), "- planted bug in force: {} (this run should fail)\n", inline_text(mutant));
  }
  fmt::format_to(std::back_inserter(out),
                 "- regenerate: `attnlaw run --battery {0} --seed {1}{2} --out reports/{0}`\n"
                 "- re-render this file and figures/ from results.json: `attnlaw report reports/{0}`\n\n",
                 battery, seed, claims);
}

std::string provenance_value(const std::string& key, const json& value) {
  if (key == "libraries" && value.is_object()) {
    std::vector<std::string> parts;
    for (const auto& [name, version] : value.items()) parts.push_back(name + " " + format_json_scalar(version));
    return fmt::format("{}", fmt::join(parts, ", "));
  }
  if (value.is_object() || value.is_array()) return value.dump();
  return format_json_scalar(value);
}

void write_provenance(std::string& out, const json& results) {
  out += "## Provenance\n\n";
  const auto it = results.find("provenance");
  if (it == results.end() || it->empty()) {
    out += "Not recorded in results.json.\n\n";
    return;
  }
  const json& p = *it;
  // The fields docs/results-json.md names, in a fixed order; anything else the harness records follows.
  static constexpr std::pair<const char*, const char*> kKnown[] = {{"version", "attnlaw version"},
                                                                   {"git_revision", "git revision"},
                                                                   {"compiler", "compiler"},
                                                                   {"build_type", "build type"},
                                                                   {"libraries", "libraries"},
                                                                   {"os", "os"},
                                                                   {"cpu", "cpu"},
                                                                   {"threads", "threads"},
                                                                   {"ranks", "ranks"},
                                                                   {"date", "date"}};
  for (const auto& [key, label] : kKnown) {
    const auto f = p.find(key);
    if (f == p.end()) continue;
    std::string value = provenance_value(key, *f);
    if (std::string_view(key) == "git_revision") {
      const auto dirty = p.find("dirty");
      if (dirty != p.end() && dirty->is_boolean()) value += dirty->get<bool>() ? " (uncommitted changes)" : " (clean)";
    }
    fmt::format_to(std::back_inserter(out), "- {}: {}\n", label, inline_text(value));
  }
  for (const auto& [key, value] : p.items()) {
    bool known = key == "dirty";
    for (const auto& k : kKnown) known = known || key == k.first;
    if (!known) fmt::format_to(std::back_inserter(out), "- {}: {}\n", key, inline_text(provenance_value(key, value)));
  }
  out += '\n';
}

// --- the claim table of REPORT.md -------------------------------------------------------------

// The first sentence of a statement (up to ". " before a capital), at most ~160 characters.
std::string short_statement(const std::string& statement) {
  std::size_t end = statement.size();
  for (std::size_t k = 0; k + 2 < statement.size(); ++k) {
    if (statement[k] != '.' || statement[k + 1] != ' ' || !std::isupper(static_cast<unsigned char>(statement[k + 2])))
      continue;
    // "i.i.d. Gumbel", "e.g. X": a word with a dot inside is an abbreviation, not a sentence end.
    const std::size_t word = statement.rfind(' ', k);
    const std::size_t word_begin = word == std::string::npos ? 0 : word + 1;
    if (statement.find('.', word_begin) < k) continue;
    {
      end = k + 1;
      break;
    }
  }
  constexpr std::size_t kMax = 160;
  if (end <= kMax) return statement.substr(0, end);
  const std::size_t space = statement.rfind(' ', kMax);
  return fmt::format("{} \u2026", statement.substr(0, space == std::string::npos ? kMax : space));
}

std::string claim_provenance(const ClaimGroup& g) {
  if (!g.claim) return kAbsent;
  const std::string tag = string_or(*g.claim, "provenance");
  std::string note = string_or(*g.claim, "provenance_note");
  // The bracketed tags that open the note; the rest of it is on the paper's page.
  std::size_t tags_end = 0;
  while (tags_end < note.size() && note[tags_end] == '[') {
    const std::size_t close = note.find(']', tags_end);
    if (close == std::string::npos) break;
    tags_end = close + 1;
    while (tags_end < note.size() && (note[tags_end] == ' ' || note[tags_end] == '+')) ++tags_end;
  }
  note = note.substr(0, tags_end);
  while (!note.empty() && (note.back() == ' ' || note.back() == '+')) note.pop_back();
  if (note.empty()) return cell(tag);
  return cell(tag.empty() ? note : fmt::format("{} {}", tag, note));
}

// The smallest p of the statistical checks and the worst ratio of the deterministic ones.
std::string claim_evidence(const ClaimGroup& g) {
  std::optional<double> smallest_p, worst_ratio;
  for (const json* c : g.checks) {
    if (const auto p = number_at(*c, "p_value")) {
      smallest_p = smallest_p ? std::min(*smallest_p, *p) : *p;
    } else if (const auto ratio = number_at(*c, "statistic")) {
      worst_ratio = worst_ratio ? std::max(*worst_ratio, *ratio) : *ratio;
    }
  }
  std::vector<std::string> parts;
  if (smallest_p) parts.push_back(fmt::format("p {}", format_p(*smallest_p)));
  if (worst_ratio) parts.push_back(fmt::format("ratio {}", format_significant(*worst_ratio)));
  return parts.empty() ? std::string(kAbsent) : fmt::format("{}", fmt::join(parts, "; "));
}

// The weakest of the claim's power statements: the largest detectable discrepancy relative to
// its target where targets are stated, else the largest of the most common kind.
std::string claim_detectable(const ClaimGroup& g) {
  const json* worst_targeted = nullptr;
  double worst_share = -1;
  std::map<std::string, std::pair<std::size_t, const json*>> by_name;  // count, largest delta
  for (const json* c : g.checks) {
    const auto it = c->find("detectable");
    if (it == c->end() || !it->is_object()) continue;
    const auto delta = number_at(*it, "delta");
    if (!delta) continue;
    if (const auto target = number_at(*it, "target"); target && *target > 0 && *delta / *target > worst_share) {
      worst_share = *delta / *target;
      worst_targeted = &*it;
    }
    auto& [count, largest] = by_name[string_or(*it, "name")];
    ++count;
    if (!largest || *number_at(*largest, "delta") < *delta) largest = &*it;
  }
  const json* shown = worst_targeted;
  if (!shown) {
    std::size_t most = 0;
    for (const auto& [name, entry] : by_name) {
      if (entry.first > most) {
        most = entry.first;
        shown = entry.second;
      }
    }
  }
  if (!shown) return kAbsent;
  std::string out = fmt::format("{}: {}", string_or(*shown, "name"), format_significant(*number_at(*shown, "delta")));
  if (const auto target = number_at(*shown, "target")) out += fmt::format(" (target {})", format_significant(*target));
  return cell(out);
}

std::string page_link(const std::string& tag, const std::string& anchor_heading = {}) {
  const std::string page = paper_page_name(tag);
  return anchor_heading.empty() ? page : fmt::format("{}#{}", page, heading_anchor(anchor_heading));
}

void write_claim_table(std::string& out, const std::vector<PaperGroup>& papers) {
  out += "## Claims\n\n";
  for (const PaperGroup& p : papers) {
    std::size_t counts[3] = {0, 0, 0}, checks = 0;
    for (const ClaimGroup& g : p.claims) {
      for (const json* c : g.checks) ++counts[verdict_rank(c->at("verdict").get<std::string>())];
      checks += g.checks.size();
    }
    fmt::format_to(std::back_inserter(out), "- [{}]({}){}: {} claims, {} checks: {}\n", inline_text(p.tag),
                   page_link(p.tag), p.title.empty() ? std::string() : fmt::format(" {}", inline_text(p.title)),
                   p.claims.size(), checks, count_phrase(counts[0], counts[1], counts[2]));
  }
  out +=
      "\nSmallest p: over the claim's statistical checks, before adjustment; ratio: the worst ratio of a "
      "deterministic check to its bound (FAIL above 1). Detectable: the weakest of the claim's checks, the "
      "smallest discrepancy it detects at power 0.99 (relative to its target where one is stated).\n\n";
  Table table(
      {"claim", "statement", "provenance", "checks", "smallest p; worst ratio", "detectable at power 0.99", "verdict"});
  for (const PaperGroup& p : papers) {
    for (const ClaimGroup& g : p.claims) {
      table.add({fmt::format("[{}]({})", inline_text(g.id), page_link(p.tag, g.id)),
                 g.claim ? cell(short_statement(string_or(*g.claim, "statement"))) : std::string(kAbsent),
                 claim_provenance(g), fmt::format("{}", g.checks.size()), claim_evidence(g), claim_detectable(g),
                 verdict_cell(claim_verdict(g))});
    }
  }
  table.write(out);
  out += '\n';
}

// What a verdict means, for a reader meeting the report cold; the counts come from the claims.
void write_reading_guide(std::string& out, const std::vector<PaperGroup>& papers) {
  std::map<std::string, std::size_t> by_provenance;
  std::size_t claims = 0;
  for (const PaperGroup& p : papers) {
    for (const ClaimGroup& g : p.claims) {
      ++claims;
      if (g.claim) ++by_provenance[string_or(*g.claim, "provenance", "unstated")];
    }
  }
  std::vector<std::string> counts;
  for (const auto& [tag, n] : by_provenance) counts.push_back(fmt::format("{} `{}`", n, tag));
  out += "## What a PASS means\n\n";
  out +=
      "Each claim is a statement of a limit theorem, checked at the grid points its page lists: the finite-n "
      "object is simulated (or computed exactly) and compared with a high-precision reference of the limit law. "
      "A PASS means no check found a discrepancy at the stated error rates, and each check says the smallest "
      "discrepancy it would have detected. It is evidence for the statement at those points, not a proof of the "
      "theorem, and it says nothing about discrepancies smaller than the detectable ones.\n\n";
  fmt::format_to(std::back_inserter(out),
                 "The papers' full texts were not available to the project. Claims marked `derived` are the "
                 "project's reconstructions: their statements and constants were derived from first principles "
                 "(in each paper's theory document) and a PASS verifies the reconstruction, not the paper's own "
                 "wording; `paper-summary` claims come from a third-party summary; `paper` claims are stated in "
                 "the paper's abstract or in earlier literature. Here: {} claims, {}.\n\n",
                 claims, fmt::join(counts, ", "));
  out += "## Provenance tags\n\n";
  Table key({"tag", "meaning"});
  key.add({"`paper` / [paper]", "stated in the paper's abstract (for MH.baseline: in the earlier GLPR paper)"});
  key.add({"`paper-summary` / [summary]", "from a third-party summary of the paper, not from its text"});
  key.add({"[prior]", "earlier literature the paper builds on"});
  key.add({"`derived` / [derived]", "derived by the project: a reconstruction of the statement or of its constant"});
  key.add({"[checked]", "an independent numerical computation agreed with the derivation"});
  key.add({"`a + b`", "the statement is from a, its formula or constant from b"});
  key.write(out);
  out += '\n';
}

// --- the page of one paper --------------------------------------------------------------------

// "THEORY.md §2 ..." becomes a link into the paper's theory document, relative to a report
// directory reports/<battery>/ of the repository.
std::string theorem_text(const json& claim) {
  std::string text = inline_text(string_or(claim, "theorem"));
  const std::string document = string_or(claim, "theory_document");
  constexpr std::string_view kName = "THEORY.md";
  if (document.empty() || !text.starts_with(kName)) return text;
  std::size_t end = kName.size();
  if (text.compare(end, std::string_view(" \u00a7").size(), " \u00a7") == 0) {
    end += std::string_view(" \u00a7").size();
    while (end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '.')) ++end;
    if (text[end - 1] == '.') --end;
  }
  return fmt::format("[{}](../../{}){}", text.substr(0, end), document, text.substr(end));
}

std::string params_line(const json& check) {
  const auto it = check.find("params");
  if (it == check.end() || it->empty()) return "no parameters";
  std::vector<std::string> parts;
  for (const auto& [key, value] : it->items()) parts.push_back(fmt::format("{}={}", key, format_json_scalar(value)));
  return inline_text(fmt::format("{}", fmt::join(parts, ", ")));
}

void write_claim(std::string& out, const ClaimGroup& g) {
  fmt::format_to(std::back_inserter(out), "## {}\n\n- Verdict: {}\n", inline_text(g.id),
                 verdict_cell(claim_verdict(g)));
  if (g.claim) {
    const json& c = *g.claim;
    if (const std::string s = string_or(c, "statement"); !s.empty())
      fmt::format_to(std::back_inserter(out), "- Statement: {}\n", inline_text(s));
    if (!string_or(c, "theorem").empty()) fmt::format_to(std::back_inserter(out), "- Theorem: {}\n", theorem_text(c));
    std::string prov = string_or(c, "provenance");
    if (const std::string note = string_or(c, "provenance_note"); !note.empty())
      prov = prov.empty() ? note : prov + " " + note;
    if (!prov.empty()) fmt::format_to(std::back_inserter(out), "- Provenance: {}\n", inline_text(prov));
  } else {
    out += "- (results.json has checks for this claim but no claim record)\n";
  }
  std::size_t counts[3] = {0, 0, 0};
  for (const json* c : g.checks) ++counts[verdict_rank(c->at("verdict").get<std::string>())];
  fmt::format_to(std::back_inserter(out), "- Checks: {} ({})\n\n", g.checks.size(),
                 count_phrase(counts[0], counts[1], counts[2]));

  // One table per experiment point, its parameters stated once above it.
  for (std::size_t begin = 0; begin < g.checks.size();) {
    const json& first = *g.checks[begin];
    const auto same_point = [&](const json* c) {
      return string_or(*c, "experiment") == string_or(first, "experiment") &&
             c->value("params", json::object()) == first.value("params", json::object());
    };
    std::size_t end = begin + 1;
    while (end < g.checks.size() && same_point(g.checks[end])) ++end;
    const std::string experiment = string_or(first, "experiment");
    fmt::format_to(std::back_inserter(out), "### {}{}\n\n",
                   experiment.empty() ? std::string() : fmt::format("`{}`: ", inline_text(experiment)),
                   params_line(first));
    Table table({"test", "target", "statistic", "p", "p-method", "alpha / adjusted", "effect [CI]",
                 "detectable (power)", "verdict"});
    for (std::size_t k = begin; k < end; ++k) {
      const json& c = *g.checks[k];
      table.add({cell(c.at("test").get<std::string>()), cell(string_or(c, "target")),
                 sig_or_absent(number_at(c, "statistic")), p_cell(c), cell(string_or(c, "p_method")), alpha_cell(c),
                 effect_cell(c), detectable_cell(c), verdict_cell(c.at("verdict").get<std::string>())});
    }
    table.write(out);
    out += '\n';
    begin = end;
  }
  if (!g.figures.empty()) {
    out += "Figures:\n\n";
    write_figure_links(out, g.figures);
    out += '\n';
  }
}

void write_paper_table(std::string& out, const json& t) {
  fmt::format_to(std::back_inserter(out), "## {}\n\n", inline_text(t.at("title").get<std::string>()));
  if (const std::string note = string_or(t, "note"); !note.empty())
    fmt::format_to(std::back_inserter(out), "{}\n\n", inline_text(note));
  std::vector<std::string> header;
  for (const json& c : t.at("columns")) header.push_back(cell(c.get<std::string>()));
  Table table(std::move(header));
  for (const json& row : t.at("rows")) {
    std::vector<std::string> cells;
    for (const json& c : row) cells.push_back(cell(c.get<std::string>()));
    table.add(std::move(cells));
  }
  table.write(out);
  out += '\n';
}

std::string paper_page(const json& results, const PaperGroup& p) {
  std::string out;
  fmt::format_to(std::back_inserter(out), "# attnlaw report, {} battery: {}\n\n",
                 inline_text(results.at("battery").get<std::string>()), inline_text(p.tag));
  if (!p.title.empty()) fmt::format_to(std::back_inserter(out), "{}\n\n", inline_text(p.title));
  std::string document;
  for (const ClaimGroup& g : p.claims) {
    if (g.claim && document.empty()) document = string_or(*g.claim, "theory_document");
  }
  out += "Back to the summary: [REPORT.md](REPORT.md)";
  if (!document.empty()) fmt::format_to(std::back_inserter(out), ". Theory: [{0}](../../{0})", inline_text(document));
  out += ".\n\n";
  std::size_t counts[3] = {0, 0, 0}, checks = 0;
  for (const ClaimGroup& g : p.claims) {
    for (const json* c : g.checks) ++counts[verdict_rank(c->at("verdict").get<std::string>())];
    checks += g.checks.size();
  }
  fmt::format_to(std::back_inserter(out), "{} claims, {} checks: {}.\n\n", p.claims.size(), checks,
                 count_phrase(counts[0], counts[1], counts[2]));
  for (const ClaimGroup& g : p.claims) write_claim(out, g);
  for (const json* t : p.tables) write_paper_table(out, *t);
  return out;
}

// One trailing newline, whatever the last section wrote.
void end_document(std::string& out) {
  while (out.size() >= 2 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') out.pop_back();
}

}  // namespace

std::string paper_page_name(const std::string& tag) {
  std::string safe;
  for (char ch : tag) safe += std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_' ? ch : '_';
  return fmt::format("REPORT-{}.md", safe);
}

ReportPages render_markdown(const json& results) {
  validate_results(results, "results.json");
  const PolicyText policy = policy_text(results);
  std::vector<const json*> unattached;
  const std::vector<PaperGroup> papers = group(results, unattached);

  ReportPages pages;
  std::string& out = pages.summary;
  fmt::format_to(std::back_inserter(out), "# attnlaw report: {} battery\n\n",
                 inline_text(results.at("battery").get<std::string>()));
  write_headline(out, results, policy);
  write_reading_guide(out, papers);
  write_claim_table(out, papers);
  write_run(out, results);
  write_provenance(out, results);
  if (!unattached.empty()) {
    out += "## Other figures\n\n";
    write_figure_links(out, unattached);
    out += '\n';
  }
  end_document(out);
  for (const PaperGroup& p : papers) {
    std::string page = paper_page(results, p);
    end_document(page);
    pages.papers.emplace_back(paper_page_name(p.tag), std::move(page));
  }
  return pages;
}

}  // namespace attnlaw::report
