// closest_name: edit distance over the real names, for "did you mean" in every error.
#include "lightsout/suggest.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace lightsout {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the dynamic programme: d[i][j] = distance of a[0..i) and b[0..j).
  const std::size_t n = b.size();
  std::vector<std::size_t> before(n + 1), prev(n + 1), cur(n + 1);
  for (std::size_t j = 0; j <= n; ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= n; ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
          lower(a[i - 2]) == lower(b[j - 1])) {
        cur[j] = std::min(cur[j], before[j - 2] + 1);
      }
    }
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return prev[n];
}

std::optional<std::string> closest_name(std::string_view word,
                                        std::span<const std::string_view> candidates) {
  if (word.empty()) return std::nullopt;
  const std::size_t allowed = std::min(word.size() <= 4   ? std::size_t{1}
                                       : word.size() <= 8 ? 2
                                                          : 3,
                                       word.size() - 1);
  std::optional<std::string> best;
  std::size_t best_distance = allowed + 1;
  for (const std::string_view name : candidates) {
    const std::size_t d = edit_distance(word, name);
    if (d < best_distance) {
      best_distance = d;
      best = std::string(name);
    }
  }
  return best;
}

std::string did_you_mean(std::string_view word, std::span<const std::string_view> candidates,
                         std::string_view prefix) {
  const std::optional<std::string> name = closest_name(word, candidates);
  if (!name) return {};
  return " (did you mean '" + std::string(prefix) + *name + "'?)";
}

}  // namespace lightsout
