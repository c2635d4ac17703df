// "Did you mean": the closest of a list of real names to a mistyped one, by edit distance.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace lightsout {

// The optimal-string-alignment distance between a and b, ASCII case ignored: insertions,
// deletions, substitutions and swaps of two neighbouring characters each cost 1.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `word` when it is near enough to be what was meant: at most 1 edit
// for words of up to 4 characters, 2 up to 8, 3 beyond (and fewer edits than the word has
// characters). Ties go to the earlier candidate. nullopt when nothing is that near.
std::optional<std::string> closest_name(std::string_view word,
                                        std::span<const std::string_view> candidates);

// " (did you mean 'X'?)" for closest_name's answer, "" without one.
std::string did_you_mean(std::string_view word, std::span<const std::string_view> candidates,
                         std::string_view prefix = {});

}  // namespace lightsout
