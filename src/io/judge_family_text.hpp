// detail::AnswerText: the judge family's answer lines gathered and handed on in blocks.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "lightsout/judge_family_answers.hpp"

namespace lightsout::detail {

// Answer lines appended to a buffer and handed to `write` once it holds `block_bytes` (0: after
// every line).
class AnswerText {
 public:
  AnswerText(const JudgeAnswerWrite& write, std::size_t block_bytes)
      : write_(write), limit_(block_bytes) {
    text_.reserve(block_bytes + 1024);
  }
  void line(std::string_view s) {
    text_.append(s);
    text_.push_back('\n');
    if (text_.size() >= limit_) flush();
  }
  void number(std::uint64_t v) {
    char digits[24];
    char* p = digits + sizeof digits;
    *--p = '\n';
    do {
      *--p = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v != 0);
    text_.append(p, digits + sizeof digits);
    if (text_.size() >= limit_) flush();
  }
  void flush() {
    if (!text_.empty()) write_(text_.data(), text_.size());
    text_.clear();
  }

 private:
  const JudgeAnswerWrite& write_;
  std::size_t limit_;
  std::string text_;
};

}  // namespace lightsout::detail
