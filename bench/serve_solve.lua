-- wrk script: POST the 5x6 judge sample to /api/solve; counts non-2xx answers as errors.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"rows":5,"cols":6,"lights":["011010","100111","001001","100101","011100"]}'

local bad = 0
response = function(status, headers, body)
  if status ~= 200 then bad = bad + 1 end
end

done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write +
                 summary.errors.status + summary.errors.timeout
  io.write(string.format("solves/s: %.0f  requests: %d  socket+status errors: %d  p99 latency: %.2f ms\n",
    summary.requests / (summary.duration / 1e6), summary.requests, errors,
    latency:percentile(99) / 1000))
end
