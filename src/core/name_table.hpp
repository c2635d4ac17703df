// Internal: an enum's names in one table indexed by its values, read from value to name and back.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace lightsout::detail {

// A table's size check: the number of values from an enum's first (0) through `last`.
template <auto last>
inline constexpr std::size_t kValuesThrough = static_cast<std::size_t>(last) + 1;

// names[i] names the value i; `fallback` for a value past the table.
template <class Enum, std::size_t N>
constexpr std::string_view name_of(const std::array<std::string_view, N>& names, Enum value,
                                   std::string_view fallback) {
  const auto i = static_cast<std::size_t>(value);
  return i < N ? names[i] : fallback;
}

// The value named exactly `name`; nullopt when none is.
template <class Enum, std::size_t N>
constexpr std::optional<Enum> value_named(const std::array<std::string_view, N>& names,
                                          std::string_view name) {
  for (std::size_t i = 0; i < N; ++i) {
    if (names[i] == name) return static_cast<Enum>(i);
  }
  return std::nullopt;
}

}  // namespace lightsout::detail
