"""What one warm request costs `exthost serve`, counted in work the
machine's load does not change much: voluntary context switches and CPU
time per request of the service and of its extension processes, and
(with --strace) their system calls per request; the client's median and
spread too, which do move with the load.

For each binary given (`--exthost-system A --exthost-system B`), in turn
and --rounds times (A, B, A, B, …): starts `BINARY serve` on a socket of
its own with the plugin alone (EXTHOST_NO_DONATIONS=1), connects once,
sends --warm untimed `run` requests and then --requests timed ones, one
at a time, each a SetLights with every value given (`"form": "json"`),
and reads /proc/PID/task/*/status (voluntary_ctxt_switches) and
/proc/PID/task/*/schedstat (nanoseconds on a CPU) of the service and of
every process under it before and after. With --strace, a second batch
of the same size is sent with `strace -c -f` attached to the service
and, apart, to its extension processes.

    python3 Benchmarks/service/warm_request.py \\
        --exthost-system /tmp/main/exthost-system --exthost-system .build/debug/exthost-system \\
        --plugin .build/debug/libLightsExtension.so [--strace]

Every process it starts is stopped by its pid.
"""

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "rasa"))
from wakeups import descendants, switches  # noqa: E402

REQUEST = {
    "version": 1,
    "type": "run",
    "request": {"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 60, "color": "warm"}},
    "form": "json",
}


def cpu_nanoseconds(pid):
    """Nanoseconds on a CPU of every live thread of `pid` (schedstat)."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task") if os.path.exists(f"/proc/{pid}") else []:
        try:
            total += int(open(f"/proc/{pid}/task/{task}/schedstat").read().split()[0])
        except OSError:
            pass
    return total


def counters(pids):
    """Voluntary context switches and nanoseconds on a CPU, summed over
    every live thread of `pids`."""
    return switches(pids)[0], sum(cpu_nanoseconds(pid) for pid in pids)


class Service:
    """`exthost-system serve` with one plugin, on a socket of its own."""

    def __init__(self, binary, plugin):
        self.folder = tempfile.mkdtemp(prefix="exthost-warm-")
        plugins = os.path.join(self.folder, "plugins")
        os.mkdir(plugins)
        shutil.copy(plugin, plugins)
        self.path = os.path.join(self.folder, "s.sock")
        environment = dict(os.environ, EXTHOST_NO_DONATIONS="1", EXTHOST_DATA_DIR=os.path.join(self.folder, "data"),
                           XDG_RUNTIME_DIR=self.folder)
        self.log = open(os.path.join(self.folder, "log"), "w")
        self.process = subprocess.Popen([binary, "serve", "--socket", self.path, "--plugins", plugins],
                                        env=environment, stdout=self.log, stderr=self.log)
        until = time.monotonic() + 60
        while not os.path.exists(self.path):
            if time.monotonic() > until or self.process.poll() is not None:
                raise SystemExit(f"{binary} serve did not start: see {self.log.name}")
            time.sleep(0.05)
        self.connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.connection.connect(self.path)
        self.reader = self.connection.makefile("rb")
        self.line = (json.dumps(REQUEST) + "\n").encode()

    def request(self):
        self.connection.sendall(self.line)
        while True:
            answer = json.loads(self.reader.readline())
            if answer.get("type") == "result":
                if answer.get("open"):
                    raise SystemExit(f"the request asked something: {answer}")
                return
            if answer.get("type") == "error":
                raise SystemExit(f"the request failed: {answer}")

    def batch(self, count):
        """Latencies of `count` requests, in microseconds."""
        latencies = []
        for _ in range(count):
            start = time.perf_counter_ns()
            self.request()
            latencies.append((time.perf_counter_ns() - start) / 1000)
        return latencies

    def stop(self):
        self.connection.close()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def strace_counts(pids, run):
    """System calls per name of `pids` (each traced with -f) while `run` runs."""
    outputs, tracers = [], []
    for pid in pids:
        output = tempfile.NamedTemporaryFile(prefix="exthost-strace-", delete=False)
        outputs.append(output.name)
        tracers.append(subprocess.Popen(["strace", "-c", "-f", "-p", str(pid), "-o", output.name],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    time.sleep(1)
    run()
    counts = []
    for tracer, output in zip(tracers, outputs):
        tracer.send_signal(signal.SIGINT)
        tracer.wait()
        calls = {}
        for line in open(output):
            fields = line.split()
            if len(fields) >= 5 and fields[0][0].isdigit() and fields[-1] != "total":
                calls[fields[-1]] = int(fields[3])
        os.unlink(output)
        counts.append(calls)
    return counts


ECHO = """
import socket, sys
peer = socket.socket(fileno=int(sys.argv[1]))
while True:
    line = peer.recv(65536)
    if not line:
        break
    peer.sendall(line)
"""


def floor(count):
    """Latencies (microseconds) of `count` round trips of the request's
    line to an echoing process over a socket pair: what no request
    through a process of its own can beat, from this client."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    echo = subprocess.Popen([sys.executable, "-c", ECHO, str(theirs.fileno())], pass_fds=[theirs.fileno()])
    theirs.close()
    line = (json.dumps(REQUEST) + "\n").encode()
    latencies = []
    try:
        for _ in range(count):
            start = time.perf_counter_ns()
            ours.sendall(line)
            received = 0
            while received < len(line):
                received += len(ours.recv(65536))
            latencies.append((time.perf_counter_ns() - start) / 1000)
    finally:
        ours.close()
        echo.wait()
    return sorted(latencies)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exthost-system", action="append", required=True, help="a binary to measure; repeat to compare")
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--warm", type=int, default=300)
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--strace", action="store_true")
    arguments = parser.parse_args()
    print(f"load average at start: {os.getloadavg()}")
    for round_ in range(arguments.rounds):
        echoed = floor(arguments.requests)
        print(f"round {round_ + 1} floor, a socket-pair round trip to an echoing process: p50 {statistics.median(echoed):.0f} µs "
              f"(p10 {echoed[len(echoed) // 10]:.0f}, p90 {echoed[len(echoed) * 9 // 10]:.0f})")
        for binary in arguments.exthost_system:
            service = Service(binary, arguments.plugin)
            try:
                service.batch(arguments.warm)
                extensions = descendants(service.process.pid)
                before = [counters([service.process.pid]), counters(extensions)]
                latencies = sorted(service.batch(arguments.requests))
                after = [counters([service.process.pid]), counters(extensions)]
                n = arguments.requests
                p50 = statistics.median(latencies)
                p10, p90, p99 = (latencies[int(n * q)] for q in (0.10, 0.90, 0.99))
                (sv, sc), (ev, ec) = ((a[0] - b[0], a[1] - b[1]) for a, b in zip(after, before))
                print(f"round {round_ + 1} {binary}: p50 {p50:.0f} µs (p10 {p10:.0f}, p90 {p90:.0f}, p99 {p99:.0f}); "
                      f"service {sv / n:.2f} voluntary switches, {sc / n / 1000:.1f} µs CPU; "
                      f"extension processes {ev / n:.2f} voluntary switches, {ec / n / 1000:.1f} µs CPU "
                      f"(per request, {n} requests, load {os.getloadavg()[0]:.2f})")
                if arguments.strace:
                    counts = strace_counts([service.process.pid, *extensions], lambda: service.batch(n))
                    service_calls = counts[0]
                    extension_calls = {}
                    for calls in counts[1:]:
                        for name, count in calls.items():
                            extension_calls[name] = extension_calls.get(name, 0) + count
                    for label, calls in (("service", service_calls), ("extension processes", extension_calls)):
                        total = sum(calls.values()) / n
                        named = ", ".join(f"{name} {count / n:.1f}" for name, count in sorted(calls.items(), key=lambda c: -c[1])
                                          if count / n >= 0.1)
                        print(f"    {label}: {total:.1f} system calls per request ({named})")
            finally:
                service.stop()
            sys.stdout.flush()


if __name__ == "__main__":
    main()
