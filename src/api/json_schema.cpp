// JSON of facts and results with nlohmann-json: one schema for the CLI and the HTTP API.
#include "json_schema.hpp"

#include <nlohmann/json.hpp>

#include "lightsout/rules_text.hpp"

namespace lightsout {

namespace {

using json = nlohmann::ordered_json;

json grid_value(const Grid& grid) {
  json out = json::array();
  if (grid.states() <= 10) {
    std::string line(grid.cols(), '0');
    for (std::size_t r = 0; r < grid.rows(); ++r) {
      for (std::size_t c = 0; c < grid.cols(); ++c) {
        line[c] = static_cast<char>('0' + grid.get(r, c));
      }
      out.push_back(line);
    }
    return out;
  }
  for (std::size_t r = 0; r < grid.rows(); ++r) {
    json row = json::array();
    for (std::size_t c = 0; c < grid.cols(); ++c) row.push_back(grid.get(r, c));
    out.push_back(std::move(row));
  }
  return out;
}

std::string dump(const json& doc) {
  return doc.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

std::string grid_json(const Grid& grid) { return dump(grid_value(grid)); }

std::string facts_json(const Facts& facts, const Rules& rules, bool kernel, bool kernel_too_big) {
  json out;
  out["rows"] = facts.rows;
  out["cols"] = facts.cols;
  out["nullity"] = facts.nullity;
  out["solvable_log2"] = facts.solvable_log2 ? json(*facts.solvable_log2) : json(nullptr);
  out["all_solvable"] = facts.all_solvable;
  out["rules"] = to_string(rules);
  out["states"] = facts.states;
  out["quiet_patterns"] = facts.quiet_patterns.to_string();
  if (kernel) {
    if (kernel_too_big) {
      out["kernel"] = nullptr;
    } else {
      json patterns = json::array();
      for (const Grid& g : facts.kernel) patterns.push_back(grid_value(g));
      out["kernel"] = std::move(patterns);
    }
  }
  return dump(out);
}

std::string result_json(const Result& result, const Rules& rules) {
  json out;
  out["solvable"] = result.solvable;
  out["presses"] = result.solvable ? grid_value(result.presses) : json(nullptr);
  out["press_count"] = result.solvable ? json(result.presses.total()) : json(nullptr);
  out["nullity"] = result.nullity;
  out["solutions"] = result.solutions.to_string();
  out["solutions_log2"] =
      result.solvable && result.presses.states() == 2 ? json(result.nullity) : json(nullptr);
  out["minimal"] = result.solvable && result.minimal;
  out["minimal_proven"] = result.solvable && result.minimal_proven;
  // A proven lower bound on the presses of any solution (the press count itself when proven).
  out["minimal_lower_bound"] =
      result.solvable && result.minimal ? json(result.minimal_lower_bound) : json(nullptr);
  out["method"] = method_name(result.method);
  out["rules"] = to_string(rules);
  return dump(out);
}

}  // namespace lightsout
