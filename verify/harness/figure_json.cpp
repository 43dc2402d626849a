#include "verify/harness/figure_json.hpp"

namespace attnlaw::harness {

Json to_json(const Figure& figure) {
  Json j{{"id", figure.id}, {"claim", figure.claim}};
  if (figure.kind == Figure::Kind::pit_ecdf) {
    j["kind"] = "pit-ecdf";
    j["title"] = figure.title;
    j["sample_size"] = figure.sample_size;
    j["u"] = figure.u;
    j["ecdf"] = figure.ecdf;
    j["band_level"] = figure.band_level;
    j["band_halfwidth"] = figure.band_halfwidth;
    return j;
  }
  j["kind"] = "curves";
  j["title"] = figure.title;
  j["xlabel"] = figure.xlabel;
  j["ylabel"] = figure.ylabel;
  j["log_x"] = figure.log_x;
  j["log_y"] = figure.log_y;
  Json series = Json::array();
  for (const Series& s : figure.series) {
    Json row{{"label", s.label}, {"style", s.style}, {"x", s.x}, {"y", s.y}};
    if (!s.yerr.empty()) row["yerr"] = s.yerr;
    series.push_back(std::move(row));
  }
  j["series"] = std::move(series);
  return j;
}

}  // namespace attnlaw::harness
