"""Context switches per Rasa validation: `exthost serve --http` with the
StudyRecord plugin in its extension process, one keep-alive http.client
connection, the study-record matrix's validations in turn; the voluntary
and involuntary context switches of every thread of the service and of its
extension processes, read from /proc/<pid>/task/*/status before and after,
and the extension processes' read calls (/proc/<pid>/io).
Each is a wake-up (or a preemption), which load barely changes, unlike the
latencies. With --before, the service runs with
EXTHOST_OPEN_WITH_FIRST_STAGE=0 (an `open` a round trip of its own, as
extension-process protocol 7 did), in the same binary; rounds alternate.

usage: python3 Benchmarks/rasa/wakeups.py --exthost .build/debug/exthost
           --plugin .build/debug/libStudyRecordExtension.so [--requests 2000] [--rounds 2]
"""

import argparse
import http.client
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the requests and the service's start, shared)


def threads_switches(pid):
    """(voluntary, involuntary) summed over the threads of `pid`."""
    voluntary = involuntary = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            for line in open(f"/proc/{pid}/task/{task}/status"):
                if line.startswith("voluntary_ctxt_switches:"):
                    voluntary += int(line.split()[1])
                elif line.startswith("nonvoluntary_ctxt_switches:"):
                    involuntary += int(line.split()[1])
        except FileNotFoundError:
            pass  # a thread that ended meanwhile
    return voluntary, involuntary


def children(pid):
    """The service's child processes: its extension processes and spares."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def read_calls(pid):
    """`syscr` of /proc/<pid>/io: the read calls a process made (an
    extension process reads only its socket once its plugin is loaded)."""
    for line in open(f"/proc/{pid}/io"):
        if line.startswith("syscr:"):
            return int(line.split()[1])
    return 0


def snapshot(service):
    extension = [0, 0, 0]
    for child in children(service):
        v, i = threads_switches(child)
        extension[0] += v
        extension[1] += i
        extension[2] += read_calls(child)
    return threads_switches(service), tuple(extension)


def round_of(exthost, plugin, requests, before):
    work = tempfile.mkdtemp(prefix="exthost-wakeups.")
    for folder in ("plugins", "apps", "run", "data", "containers", "cache"):
        os.makedirs(f"{work}/{folder}")
    os.symlink(os.path.abspath(plugin), f"{work}/plugins/libStudyRecordExtension.so")
    env = dict(os.environ, STUDYRECORD_BACKEND_PORT=str(bench.free_port()),
               EXTHOST_DATA_DIR=f"{work}/data", EXTHOST_RUNTIME_DIR=f"{work}/run", EXTHOST_SHARED_CONTAINERS=f"{work}/containers",
               EXTHOST_CACHE_DIR=f"{work}/cache", EXTHOST_APP_PATH=f"{work}/apps")
    if before:
        env["EXTHOST_OPEN_WITH_FIRST_STAGE"] = "0"
    service, port, _ = bench.start_exthost(exthost, work, env, f"{work}/exthost.log")
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

        def validate(body):
            connection.request("POST", "/webhook", body=body, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                raise SystemExit(f"error: /webhook answered {response.status}; the log: {work}/exthost.log")

        for n in range(200):  # untimed: the extension process started, caches warm
            validate(bench.VALIDATIONS[n % len(bench.VALIDATIONS)])
        (s0, e0) = snapshot(service.pid)
        latencies = []
        for n in range(requests):
            start = time.perf_counter()
            validate(bench.VALIDATIONS[n % len(bench.VALIDATIONS)])
            latencies.append(time.perf_counter() - start)
        (s1, e1) = snapshot(service.pid)
        connection.close()
    finally:
        bench.stop(service)
    per = lambda a, b: tuple((y - x) / requests for x, y in zip(a, b))
    return per(s0, s1), per(e0, e1), statistics.median(latencies)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exthost", required=True)
    parser.add_argument("--plugin", required=True, help="libStudyRecordExtension.so")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print(f"load average at start: {open('/proc/loadavg').read().split()[:3]}")
    print("| | service, voluntary + involuntary a validation | extension processes | their reads | median latency |")
    print("| --- | --- | --- | --- | --- |")
    for r in range(args.rounds):
        for before in (True, False):
            service, extension, median = round_of(args.exthost, args.plugin, args.requests, before)
            name = "before (open alone)" if before else "after (open with the first stage)"
            print(f"| {name}, round {r + 1} | {service[0]:.2f} + {service[1]:.2f} | {extension[0]:.2f} + {extension[1]:.2f} | {extension[2]:.2f} | "
                  f"{median * 1e6:.0f} µs |", flush=True)
    print(f"load average at end: {open('/proc/loadavg').read().split()[:3]}")


if __name__ == "__main__":
    main()
