"""What one Rasa validation costs exthost serve in work the machine's load
does not change: context switches and system calls per request, counted
over many requests on one keep-alive connection.

Starts `exthost serve --http 127.0.0.1:0` with the StudyRecord plugin (in
extension processes, or `--in-process`), sends --warm untimed validations,
then --requests validations (the 14 rows of the study-record matrix in
turn, the bytes bench.py sends) through Python's http.client, and reads
the voluntary and involuntary context switches of every thread of the
service and of its extension processes (/proc/PID/task/*/status) before
and after. With --strace, a second batch of the same size is sent with
`strace -c -f` attached to the service and, apart, to its extension
processes: the system calls per request by name (latencies under strace
mean nothing and are not printed). The median latency of the first batch
is printed too, but it moves with the machine's load; the counts do not.

    python3 Benchmarks/rasa/wakeups.py --exthost .build/debug/exthost \\
        --plugin .build/debug/libStudyRecordExtension.so [--in-process] [--strace]

Every process it starts is stopped by its pid.
"""

import argparse
import http.client
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import VALIDATIONS, free_port, start_exthost, stop  # noqa: E402


def descendants(pid):
    """The pids of every process started under `pid`, at any depth."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            children = open(f"/proc/{pid}/task/{task}/children").read().split()
        except OSError:
            continue
        for child in map(int, children):
            found.append(child)
            found.extend(descendants(child))
    return found


def switches(pids):
    """Voluntary and involuntary context switches of the live threads of
    `pids` (/proc/PID/status counts the main thread alone), and how many
    threads there are. A thread that ends between two readings takes its
    counts with it: the thread counts before and after say whether any did."""
    voluntary = involuntary = threads = 0
    for pid in pids:
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                status = open(f"/proc/{pid}/task/{task}/status").read()
            except OSError:
                continue
            voluntary += int(re.search(r"^voluntary_ctxt_switches:\s+(\d+)", status, re.M).group(1))
            involuntary += int(re.search(r"^nonvoluntary_ctxt_switches:\s+(\d+)", status, re.M).group(1))
            threads += 1
    return voluntary, involuntary, threads


def task_switches(pid):
    """Per live thread of `pid` (its name and id: a thread started by
    another keeps that one's name): its context switches, voluntary and
    involuntary together."""
    named = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            status = open(f"/proc/{pid}/task/{task}/status").read()
        except OSError:
            continue
        name = re.search(r"^Name:\s+(.*)$", status, re.M).group(1)
        count = sum(int(value) for value in re.findall(r"ctxt_switches:\s+(\d+)", status))
        named[f"{name}#{task}"] = count
    return named


def send(connection, count, latencies=None):
    for index in range(count):
        body = VALIDATIONS[index % len(VALIDATIONS)]
        begin = time.perf_counter_ns()
        connection.request("POST", "/webhook", body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        answer = response.read()
        if latencies is not None:
            latencies.append(time.perf_counter_ns() - begin)
        if response.status != 200:
            raise SystemExit(f"error: POST /webhook answered {response.status}: {answer[:300]!r}")


def strace_counts(path):
    """calls per syscall from `strace -c`'s table."""
    counts = {}
    for line in open(path):
        fields = line.split()
        if len(fields) >= 5 and fields[0][0].isdigit() and fields[-1] not in ("total",):
            try:
                counts[fields[-1]] = int(fields[3])
            except ValueError:
                continue
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exthost", required=True)
    parser.add_argument("--plugin", required=True, help="libStudyRecordExtension.so")
    parser.add_argument("--in-process", action="store_true", help="serve --in-process: no extension processes")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--warm", type=int, default=200)
    parser.add_argument("--strace", action="store_true", help="also count system calls (a second batch, under strace -c -f)")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="exthost-wakeups.")
    for folder in ("plugins", "apps", "run", "data", "containers", "cache"):
        os.makedirs(f"{work}/{folder}")
    os.symlink(os.path.abspath(args.plugin), f"{work}/plugins/libStudyRecordExtension.so")
    env = dict(os.environ, STUDYRECORD_BACKEND_PORT=str(free_port()),
               EXTHOST_DATA_DIR=f"{work}/data", EXTHOST_RUNTIME_DIR=f"{work}/run", EXTHOST_SHARED_CONTAINERS=f"{work}/containers",
               EXTHOST_CACHE_DIR=f"{work}/cache", EXTHOST_APP_PATH=f"{work}/apps")
    service, port, _ = start_exthost(args.exthost, work, env, f"{work}/exthost.log", ["--in-process"] if args.in_process else [])
    tracers = []
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        send(connection, args.warm)
        extensions = descendants(service.pid)
        load = open("/proc/loadavg").read().split()[:3]
        before = (switches([service.pid]), switches(extensions), task_switches(service.pid))
        latencies = []
        send(connection, args.requests, latencies)
        after = (switches([service.pid]), switches(extensions), task_switches(service.pid))
        n = args.requests
        mode = "in-process" if args.in_process else "extension processes"
        print(f"exthost serve ({mode}), {n} validations on one keep-alive connection after {args.warm} untimed; "
              f"load average {' '.join(load)} → {' '.join(open('/proc/loadavg').read().split()[:3])}")
        print(f"  median latency {statistics.median(latencies) / 1000:.0f} µs (moves with the load)")
        for label, index in (("service", 0), ("extension processes", 1)):
            (v0, i0, t0), (v1, i1, t1) = before[index], after[index]
            if index == 1 and not extensions:
                continue
            print(f"  {label}: context switches per validation {(v1 - v0 + i1 - i0) / n:.2f} "
                  f"(voluntary {(v1 - v0) / n:.2f}, involuntary {(i1 - i0) / n:.2f}); threads {t0} before, {t1} after")
        by_thread = {name: (after[2].get(name, 0) - before[2].get(name, 0)) / n for name in after[2]}
        busy = ", ".join(f"{name} {count:.2f}" for name, count in sorted(by_thread.items(), key=lambda item: -item[1]) if count >= 0.01)
        print(f"  service threads, switches per validation (name#id): {busy}")

        if args.strace:
            outputs = []
            for label, pids in (("service", [service.pid]), ("extension processes", extensions)):
                if not pids:
                    continue
                output = f"{work}/strace-{len(outputs)}.txt"
                tracer = subprocess.Popen(["strace", "-c", "-f", "-o", output] + [f"-p{pid}" for pid in pids],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                tracers.append(tracer)
                outputs.append((label, output, tracer))
            time.sleep(1.0)  # strace attaches to every thread
            send(connection, args.requests)
            for _, _, tracer in outputs:
                tracer.send_signal(signal.SIGINT)
                tracer.wait(30)
            for label, output, _ in outputs:
                counts = strace_counts(output)
                total = sum(counts.values())
                top = ", ".join(f"{name} {calls / n:.2f}" for name, calls in sorted(counts.items(), key=lambda item: -item[1])[:12])
                print(f"  {label}: system calls per validation {total / n:.2f}: {top}")
        connection.close()
    finally:
        for tracer in tracers:
            if tracer.poll() is None:
                tracer.send_signal(signal.SIGINT)
                tracer.wait(30)
        stop(service)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
