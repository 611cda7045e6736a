-- wrk's script for scripts/bench-rasa (Benchmarks/rasa/bench.py runs it).
--
--   wrk -t1 -cN -dSs -s requests.lua http://127.0.0.1:PORT/webhook -- BODIES
--
-- With BODIES, a file of JSON requests one a line (the Rasa requests the
-- benchmark recorded): each connection POSTs them to the URL's path in
-- turn. Without: each request is a GET of the URL's path (the floor,
-- /healthz), through the same request() so both pay the same client work.
-- At the end one line, "WRK_FIGURES {...}", gives the figures in
-- microseconds for the benchmark to read.

local requests = {}
local next_index = 0

function init(args)
    local path = args[1]
    if path == nil then
        requests[1] = wrk.format("GET")
        return
    end
    for line in io.lines(path) do
        if #line > 0 then
            requests[#requests + 1] = wrk.format("POST", nil, { ["Content-Type"] = "application/json" }, line)
        end
    end
    if #requests == 0 then
        error("no request in " .. path .. ": it should hold one JSON request a line")
    end
end

function request()
    next_index = next_index % #requests + 1
    return requests[next_index]
end

function done(summary, latency, _)
    local errors = summary.errors
    io.write(string.format(
        'WRK_FIGURES {"requests": %d, "duration_us": %d, "p50_us": %d, "p90_us": %d, "p99_us": %d, "max_us": %d, ' ..
        '"errors": {"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}}\n',
        summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99),
        latency.max, errors.connect, errors.read, errors.write, errors.status, errors.timeout))
end
