// WorkPool: admission control and the solver threads of `lightsout serve`: a bounded queue, a
// memory budget that admitted jobs and the requests being read share, and memory handed back
// after large jobs.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace lightsout::server {

struct PoolOptions {
  std::size_t workers = 2;
  std::size_t max_queue = 16;  // admitted jobs waiting for a worker
  std::size_t memory_budget = std::size_t{1} << 30;
  // A job still waiting after this long is answered "busy" instead of run: its client has waited
  // long enough, and the answer says when to come back.
  std::chrono::milliseconds queue_timeout{10'000};
  // Jobs estimated at or above this many bytes give memory back to the system when they end.
  std::size_t trim_above = std::size_t{16} << 20;
};

struct PoolStats {
  std::size_t workers = 0;
  std::size_t running = 0;
  std::size_t queued = 0;
  std::size_t max_queue = 0;
  std::size_t memory_reserved = 0;  // by jobs and by hold()/try_hold(), together
  std::size_t memory_held = 0;      // by hold()/try_hold() alone (connections, request bodies,
                                    // what a running job asks for on top of its estimate)
  std::size_t memory_budget = 0;
  std::size_t done = 0;
  std::size_t refused = 0;
};

class WorkPool {
 public:
  // The job's work: called once on a worker with `run` true, or with `run` false (from any
  // thread) when it is dropped unrun (queue timeout, shutdown): it must then answer "busy".
  using Job = std::function<void(bool run)>;
  // Sends the job's answer: called once after the job, when its memory is no longer reserved
  // (so that a client sending one request after another finds the budget free again).
  using Deliver = std::function<void()>;
  enum class Admit { accepted, busy, too_big };

  explicit WorkPool(PoolOptions options);
  ~WorkPool();
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;

  // Admits the job when the queue has room and `memory` fits in the unreserved budget, without
  // blocking; `too_big` when `memory` exceeds the whole budget (it could never run). The memory
  // stays reserved until the job has returned and its buffers are freed; then `deliver` runs.
  // Neither is called unless the job is accepted.
  Admit submit(std::size_t memory, Job job, Deliver deliver);
  // Memory held outside any job (a connection's buffer, a request body as it arrives), counted
  // in the same budget: try_hold takes it only when it fits the unreserved budget; hold takes
  // it even beyond (what is already allocated). release gives back either.
  bool try_hold(std::size_t memory);
  void hold(std::size_t memory);
  void release(std::size_t memory);
  // Seconds after which a refused client may try again: the queue ahead of it, at the mean job
  // time seen so far, over the workers (1..60).
  unsigned retry_after_s() const;
  PoolStats stats() const;
  // Drops the queued jobs (job(false)) and waits for the running ones; idempotent.
  void shutdown();

 private:
  struct Entry {
    std::size_t memory;
    std::chrono::steady_clock::time_point queued_at;
    Job job;
    Deliver deliver;
  };
  void work();

  PoolOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Entry> queue_;
  std::size_t running_ = 0;
  std::size_t reserved_ = 0;
  std::size_t held_ = 0;
  std::size_t done_ = 0;
  std::size_t refused_ = 0;
  double mean_job_s_ = 0.05;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace lightsout::server
