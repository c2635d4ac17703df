// answer_judge_file: a judge family file cut at case boundaries, its segments answered side by
// side on threads and written in order, with the one-pass reading wherever a cut is not trusted.
#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

#include <algorithm>
#include <cerrno>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "lightsout/judge_family_answers.hpp"
#include "mapped_input.hpp"

namespace lightsout {

using detail::MappedInput;

namespace {

constexpr std::uint64_t kSplitFrom = std::uint64_t{1} << 20;
constexpr std::uint64_t kLargestSegment = std::uint64_t{8} << 20;
constexpr std::size_t kChunkBytes = std::size_t{1} << 18;  // a segment's reads: stays in L2
constexpr std::size_t kAnswerBlock = std::size_t{1} << 20;
constexpr std::size_t kBoundaryLook = std::size_t{64} << 10;  // bytes searched after a guess
constexpr std::uint64_t kToTheEnd = ~std::uint64_t{0};

// Reads [offset, end) of the file (end = kToTheEnd: to its end, whatever its size is by then).
JudgeCaseReader::ReadFn range_reader(const InputFile& file, std::uint64_t offset,
                                     std::uint64_t end) {
  return [&file, offset, end](char* buf, std::size_t capacity) mutable {
    const std::uint64_t left = end - offset;
    const std::size_t n = file.read_at(
        offset, buf, static_cast<std::size_t>(std::min<std::uint64_t>(capacity, left)));
    offset += n;
    return n;
  };
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The length of the lone number of 1 or 2 digits that `text` starts with, ended by a line
// break; 0 when it starts otherwise.
std::size_t lone_number_line(std::string_view text) {
  std::size_t d = 0;
  while (d < text.size() && d < 3 && is_digit(text[d])) ++d;
  return d >= 1 && d <= 2 && d < text.size() && text[d] == '\n' ? d + 1 : 0;
}

// The offset of a line in `window` (the file's bytes from `from`) that looks like a case's first
// line in the usual layout, or kToTheEnd when none does. Painter's: a lone number (the side)
// followed by a row of letters; the switch problem: a lone number (N) after a "0 0" line. Only a
// guess: answer_judge_file trusts a cut only when the reading before it ends there.
std::uint64_t case_start_after(JudgeProblem problem, std::string_view window, std::uint64_t from) {
  for (std::size_t eol = window.find('\n'); eol != std::string_view::npos;
       eol = window.find('\n', eol + 1)) {
    const std::string_view line = window.substr(eol + 1);
    if (problem == JudgeProblem::poj1681) {
      const std::size_t n = lone_number_line(line);
      if (n != 0 && n < line.size() && (line[n] == 'w' || line[n] == 'y')) return from + eol + 1;
    } else if (line.substr(0, 4) == "0 0\n" && lone_number_line(line.substr(4)) != 0) {
      return from + eol + 1 + 4;
    }
  }
  return kToTheEnd;
}

// The line breaks in the file's first `bytes` bytes.
std::size_t line_breaks_before(const InputFile& file, std::uint64_t bytes) {
  std::vector<char> buf(kChunkBytes);
  std::size_t lines = 0;
  for (std::uint64_t at = 0; at < bytes;) {
    const std::size_t n = file.read_at(
        at, buf.data(), static_cast<std::size_t>(std::min<std::uint64_t>(buf.size(), bytes - at)));
    if (n == 0) break;
    lines += static_cast<std::size_t>(std::count(buf.data(), buf.data() + n, '\n'));
    at += n;
  }
  return lines;
}

// What one segment's reading gave: its answers, and whether it was read whole without error.
struct Segment {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
  std::string text;
  JudgeFamilyTally tally;
  std::optional<std::uint64_t> count;  // the count, read by the first segment
  bool whole = false;
  std::exception_ptr failure;  // an error other than the input's (a read error, memory)
};

void answer_segment(JudgeProblem problem, const InputFile& file, const MappedInput* mapped,
                    bool first, Segment& s) noexcept {
  // The segment's bytes in the mapping, where there is one.
  const std::size_t begin = static_cast<std::size_t>(s.begin);
  const std::size_t bytes =
      mapped == nullptr
          ? 0
          : (s.end == kToTheEnd ? mapped->text().size() : static_cast<std::size_t>(s.end)) - begin;
  try {
    JudgeCaseReader::Resume resume;
    resume.segment = true;
    if (!first) resume.count = kToTheEnd;  // read by the first segment
    std::optional<JudgeCaseReader> reader;
    if (mapped != nullptr) {
      reader.emplace(problem, mapped->text().substr(begin, bytes), mapped->readable() - begin,
                     resume);
    } else {
      reader.emplace(problem, range_reader(file, s.begin, s.end), kChunkBytes, resume);
    }
    s.tally = answer_judge_cases(
        *reader, [&s](const char* b, std::size_t n) { s.text.append(b, n); }, kAnswerBlock);
    s.count = reader->count();
    s.whole = true;
  } catch (const JudgeCaseError&) {
    s.whole = false;  // not trusted: the one-pass reading names the error
  } catch (...) {
    s.failure = std::current_exception();
  }
  // The segment's pages let go by the thread that read them (side by side with the others'
  // reading) rather than all by one thread when the file is unmapped.
  if (mapped != nullptr) mapped->release(begin, begin + bytes);
}

// The segments' starts: the first at 0, each next near a multiple of `length`, at a case start
// found in the kBoundaryLook bytes there (from the mapping where there is one).
std::vector<std::uint64_t> segment_starts(JudgeProblem problem, const InputFile& file,
                                          const MappedInput* mapped, std::uint64_t size,
                                          std::uint64_t length) {
  std::vector<std::uint64_t> starts{0};
  std::string read;
  for (std::uint64_t guess = length; guess < size; guess += length) {
    const std::uint64_t from = std::max(guess, starts.back() + 1);
    std::string_view window;
    if (mapped != nullptr) {
      window = mapped->text().substr(static_cast<std::size_t>(from), kBoundaryLook);
    } else {
      read.resize(kBoundaryLook);
      read.resize(file.read_at(from, read.data(), read.size()));
      window = read;
    }
    const std::uint64_t at = case_start_after(problem, window, from);
    if (at < size) starts.push_back(at);
  }
  return starts;
}

// A thread that reads one segment, joined when destroyed. On Linux it is born on another core than
// its creator's when the process may use one: a new thread otherwise starts beside its parent,
// and this scheduler was seen to take milliseconds to move one of the two.
class SegmentThread {
 public:
  explicit SegmentThread(std::function<void()> work) : work_(std::move(work)) {
#if defined(__linux__)
    cpu_set_t others;
    const int here = sched_getcpu();
    if (here >= 0 && sched_getaffinity(0, sizeof others, &others) == 0) {
      CPU_CLR(here, &others);
      pthread_attr_t attr;
      if (CPU_COUNT(&others) > 0 && pthread_attr_init(&attr) == 0) {
        const bool placed = pthread_attr_setaffinity_np(&attr, sizeof others, &others) == 0 &&
                            pthread_create(&handle_, &attr, &SegmentThread::run, this) == 0;
        pthread_attr_destroy(&attr);
        if (placed) return;
      }
    }
#endif
    thread_ = std::thread(work_);
  }
  ~SegmentThread() {
#if defined(__linux__)
    if (!thread_.joinable()) {
      pthread_join(handle_, nullptr);
      return;
    }
#endif
    thread_.join();
  }
  SegmentThread(const SegmentThread&) = delete;
  SegmentThread& operator=(const SegmentThread&) = delete;

 private:
#if defined(__linux__)
  static void* run(void* self) {
    static_cast<SegmentThread*>(self)->work_();
    return nullptr;
  }
  pthread_t handle_{};
#endif
  std::function<void()> work_;
  std::thread thread_;
};

JudgeFamilyTally& operator+=(JudgeFamilyTally& a, const JudgeFamilyTally& b) {
  a.cases += b.cases;
  a.without += b.without;
  return a;
}

}  // namespace

JudgeFamilyTally answer_judge_file(JudgeProblem problem, const InputFile& file,
                                   const JudgeAnswerWrite& write, const JudgeFileSplit& split) {
  const std::optional<std::uint64_t> size = file.regular_file_size();
  const std::size_t threads = std::max<std::size_t>(split.threads, 1);
  // The one-pass reading from a line start `begin`, after `before` of the answers.
  const auto one_pass = [&](std::uint64_t begin, const JudgeFamilyTally& before,
                            std::optional<std::uint64_t> count) {
    JudgeCaseReader::Resume resume;
    resume.line = 1 + (begin == 0 ? 0 : line_breaks_before(file, begin));
    resume.cases_before = before.cases;
    resume.count = count;
    JudgeCaseReader reader(problem, range_reader(file, begin, kToTheEnd), file.buffer_bytes(),
                           resume);
    JudgeFamilyTally total = before;
    total += answer_judge_cases(reader, write, kAnswerBlock);
    return total;
  };
  const bool counted = problem == JudgeProblem::poj1681 || problem == JudgeProblem::poj1830;
  const bool worth_it = split.segment_bytes != 0 || (size && *size >= kSplitFrom);
  if (!counted || !size || !worth_it || threads == 1) return one_pass(0, {}, {});

  std::uint64_t length = split.segment_bytes;
  if (length == 0) {
    std::uint64_t pieces = threads;
    while (*size / pieces > kLargestSegment) pieces += threads;
    length = *size / pieces + 1;
  }
  // Segments read from the mapped file, without a copy into a buffer, where it can be mapped.
  const std::unique_ptr<MappedInput> mapped = MappedInput::map(file);
  const std::vector<std::uint64_t> starts =
      segment_starts(problem, file, mapped.get(), *size, length);
  // A page that could not be read (the file shrank while mapped) read as zeros, which no format
  // takes: its segment was not trusted and the one-pass reading read the file as it is now; the
  // answers may still mix two versions of it, so the run fails.
  const auto check_mapping = [&] {
    if (mapped && mapped->failed()) {
      throw FileError("reading '" + file.name() + "': the file changed while it was read", EIO);
    }
  };
  JudgeFamilyTally total;
  std::optional<std::uint64_t> count;
  for (std::size_t first = 0; first < starts.size(); first += threads) {
    std::vector<Segment> segments(std::min(threads, starts.size() - first));
    for (std::size_t k = 0; k < segments.size(); ++k) {
      const std::size_t i = first + k;
      segments[k].begin = starts[i];
      segments[k].end = i + 1 < starts.size() ? starts[i + 1] : kToTheEnd;
    }
    std::vector<std::unique_ptr<SegmentThread>> workers;
    for (std::size_t k = 1; k < segments.size(); ++k) {
      Segment& segment = segments[k];  // never the file's first (k > 0)
      auto work = [problem, &file, &mapped, &segment] {
        answer_segment(problem, file, mapped.get(), false, segment);
      };
      try {
        workers.push_back(std::make_unique<SegmentThread>(work));
      } catch (const std::system_error&) {  // no thread to be had: read it here
        work();
      }
    }
    answer_segment(problem, file, mapped.get(), first == 0, segments[0]);
    workers.clear();  // joined
    for (std::size_t k = 0; k < segments.size(); ++k) {
      Segment& s = segments[k];
      const bool last = first + k + 1 == starts.size();
      if (s.failure) std::rethrow_exception(s.failure);
      if (first + k == 0 && s.whole) count = s.count;
      const std::size_t after = total.cases + s.tally.cases;
      if (!s.whole || !count || after > *count || (last && after != *count)) {
        const JudgeFamilyTally all =
            one_pass(s.begin, total, first + k == 0 ? std::nullopt : count);
        check_mapping();
        return all;
      }
      write(s.text.data(), s.text.size());
      s.text = std::string();
      total += s.tally;
    }
  }
  check_mapping();
  return total;
}

}  // namespace lightsout
