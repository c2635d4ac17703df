// MappedInput: mmap, and a SIGBUS handler that maps a zero page over an unreadable one.
#include "mapped_input.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>

#if defined(__linux__)
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#endif

namespace lightsout::detail {

#if defined(__linux__)

namespace {

std::atomic<bool> g_guarding{false};
std::atomic<const char*> g_begin{nullptr};
std::atomic<const char*> g_end{nullptr};
std::atomic<bool> g_failed{false};
std::uintptr_t g_page = 4096;
struct sigaction g_previous {};

// A page of the mapping that cannot be read gets a zero page in its place (the load then
// repeats and succeeds); any other SIGBUS gets the disposition there was before, as it repeats.
void on_bus_error(int /*signal*/, siginfo_t* info, void* /*context*/) {
  const auto* at = static_cast<const char*>(info->si_addr);
  const char* begin = g_begin.load();
  const char* end = g_end.load();
  if (begin != nullptr && at >= begin && at < end) {
    // The page's start: `at` less its offset in the page (pointer arithmetic, no integer cast).
    char* page = const_cast<char*>(at) - (reinterpret_cast<std::uintptr_t>(at) & (g_page - 1));
    if (mmap(page, g_page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) !=
        MAP_FAILED) {
      g_failed.store(true);
      return;
    }
  }
  sigaction(SIGBUS, &g_previous, nullptr);
}

}  // namespace

std::unique_ptr<MappedInput> MappedInput::map(const InputFile& file) {
  const std::optional<std::uint64_t> size = file.regular_file_size();
  if (!size || *size == 0 || *size > (std::uint64_t{1} << 46)) return nullptr;
  bool idle = false;
  if (!g_guarding.compare_exchange_strong(idle, true)) return nullptr;
  const long page = sysconf(_SC_PAGESIZE);
  g_page = page > 0 ? static_cast<std::uintptr_t>(page) : 4096;
  const auto bytes = static_cast<std::size_t>(*size);
  const std::size_t mapped = (bytes + g_page - 1) & ~static_cast<std::size_t>(g_page - 1);
  void* data = mmap(nullptr, bytes, PROT_READ, MAP_PRIVATE, file.descriptor(), 0);
  if (data == MAP_FAILED) {
    g_guarding.store(false);
    return nullptr;
  }
  struct sigaction guard {};
  guard.sa_sigaction = on_bus_error;
  guard.sa_flags = SA_SIGINFO;
  sigemptyset(&guard.sa_mask);
  if (sigaction(SIGBUS, &guard, &g_previous) != 0) {
    munmap(data, bytes);
    g_guarding.store(false);
    return nullptr;
  }
  g_failed.store(false);
  g_begin.store(static_cast<const char*>(data));
  g_end.store(static_cast<const char*>(data) + mapped);
  return std::unique_ptr<MappedInput>(
      new MappedInput(static_cast<const char*>(data), bytes, mapped));
}

MappedInput::~MappedInput() {
  munmap(const_cast<char*>(data_), size_);
  g_begin.store(nullptr);
  g_end.store(nullptr);
  sigaction(SIGBUS, &g_previous, nullptr);
  g_guarding.store(false);
}

bool MappedInput::failed() const { return g_failed.load(); }

void MappedInput::release(std::size_t begin, std::size_t end) const {
  // Offsets from the mapping's start, which is page-aligned: the whole pages inside the range.
  const std::size_t first = (begin + g_page - 1) & ~(g_page - 1);
  const std::size_t last = std::min(end, size_) & ~(g_page - 1);
  if (first < last) madvise(const_cast<char*>(data_) + first, last - first, MADV_DONTNEED);
}

#else

std::unique_ptr<MappedInput> MappedInput::map(const InputFile&) { return nullptr; }
MappedInput::~MappedInput() = default;
bool MappedInput::failed() const { return false; }
void MappedInput::release(std::size_t /*begin*/, std::size_t /*end*/) const {}

#endif

}  // namespace lightsout::detail
