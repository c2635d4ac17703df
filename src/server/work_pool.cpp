// WorkPool: bounded queue, memory budget, nice solver threads, malloc_trim after large jobs.
#include "work_pool.hpp"

#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <utility>

namespace lightsout::server {

namespace {

using Clock = std::chrono::steady_clock;

// Solver threads yield to the I/O thread: a light request is answered at once even while every
// core solves a large board (the I/O thread's work is microseconds a request).
void lower_own_priority() { ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 10); }

}  // namespace

WorkPool::WorkPool(PoolOptions options) : options_(options) {
  options_.workers = std::max<std::size_t>(options_.workers, 1);
  threads_.reserve(options_.workers);
  for (std::size_t i = 0; i < options_.workers; ++i) threads_.emplace_back([this] { work(); });
}

WorkPool::~WorkPool() { shutdown(); }

WorkPool::Admit WorkPool::submit(std::size_t memory, Job job, Deliver deliver) {
  std::unique_lock lock(mutex_);
  if (memory > options_.memory_budget) {
    ++refused_;
    return Admit::too_big;
  }
  if (stopping_ || queue_.size() >= options_.max_queue ||
      reserved_ + memory > options_.memory_budget) {
    ++refused_;
    return Admit::busy;
  }
  reserved_ += memory;
  queue_.push_back(Entry{memory, Clock::now(), std::move(job), std::move(deliver)});
  lock.unlock();
  ready_.notify_one();
  return Admit::accepted;
}

bool WorkPool::try_hold(std::size_t memory) {
  const std::lock_guard lock(mutex_);
  if (reserved_ + memory > options_.memory_budget) return false;
  reserved_ += memory;
  held_ += memory;
  return true;
}

void WorkPool::hold(std::size_t memory) {
  const std::lock_guard lock(mutex_);
  reserved_ += memory;
  held_ += memory;
}

void WorkPool::release(std::size_t memory) {
  const std::lock_guard lock(mutex_);
  reserved_ -= memory;
  held_ -= memory;
}

unsigned WorkPool::retry_after_s() const {
  const std::lock_guard lock(mutex_);
  const double ahead = static_cast<double>(queue_.size() + running_ + 1);
  const double s = std::ceil(mean_job_s_ * ahead / static_cast<double>(options_.workers));
  return static_cast<unsigned>(std::clamp(s, 1.0, 60.0));
}

PoolStats WorkPool::stats() const {
  const std::lock_guard lock(mutex_);
  return PoolStats{options_.workers,       running_,  queue_.size(),
                   options_.max_queue,     reserved_, held_,
                   options_.memory_budget, done_,     refused_};
}

void WorkPool::shutdown() {
  std::deque<Entry> dropped;
  {
    const std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
    dropped.swap(queue_);
    for (const Entry& e : dropped) reserved_ -= e.memory;
  }
  ready_.notify_all();
  for (Entry& e : dropped) {
    e.job(false);
    e.deliver();
  }
  for (std::thread& t : threads_) t.join();
  threads_.clear();
}

void WorkPool::work() {
  lower_own_priority();
  std::unique_lock lock(mutex_);
  for (;;) {
    ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, nothing left
    Entry entry = std::move(queue_.front());
    queue_.pop_front();
    const bool stale = Clock::now() - entry.queued_at > options_.queue_timeout;
    ++running_;
    lock.unlock();
    const auto start = Clock::now();
    try {
      entry.job(!stale);
    } catch (...) {  // a job answers its own errors; a worker outlives any one job
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    entry.job = nullptr;  // its buffers are freed before any trim
    if (entry.memory >= options_.trim_above) ::malloc_trim(0);
    lock.lock();
    reserved_ -= entry.memory;  // before the answer goes out
    lock.unlock();
    try {
      entry.deliver();
    } catch (...) {
    }
    entry.deliver = nullptr;
    lock.lock();
    --running_;
    if (!stale) {
      ++done_;
      mean_job_s_ = 0.8 * mean_job_s_ + 0.2 * seconds;
    }
  }
}

}  // namespace lightsout::server
