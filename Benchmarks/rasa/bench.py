"""exthost's POST /webhook against rasa-sdk's own action server, in one run:
the same study-record form, the same rules, the same Rasa-shaped requests,
from one load client, wrk (C, one thread, keep-alive connections), with
exthost's GET /healthz through the same client as its floor. Before timing,
Python's http.client sends each request to both servers and compares what
Rasa would read. Run by scripts/bench-rasa, which makes the virtualenv,
installs wrk and builds exthost; see its --help.
"""

import argparse
import http.client
import json
import shutil
import multiprocessing
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import study_record

HERE = os.path.dirname(os.path.abspath(__file__))
FORM = "post_study_record_form"
FORM_SLOTS = study_record.ORDER


def rasa_request(action, slots):
    """A request as Rasa 3 sends it while the form is active: the slots the
    user filled this turn are the `slot` events after the `user` event."""
    tracker_slots = {"requested_slot": None, "exthost_response_code": None}
    tracker_slots.update({name: slots.get(name) for name in FORM_SLOTS})
    events = [
        {"event": "action", "timestamp": 1764000000.1, "name": "action_listen", "policy": None, "confidence": None},
        {"event": "user", "timestamp": 1764000001.2, "text": "I studied", "input_channel": "rest",
         "parse_data": {"intent": {"name": "inform", "confidence": 0.98}, "entities": [], "text": "I studied"}},
    ] + [{"event": "slot", "timestamp": 1764000001.3, "name": name, "value": value} for name, value in sorted(slots.items())]
    return json.dumps({
        "next_action": action, "sender_id": "user-42", "version": "3.6.21",
        "tracker": {
            "sender_id": "user-42", "conversation_id": "user-42", "slots": tracker_slots,
            "latest_message": {"text": "I studied", "intent": {"name": "inform", "confidence": 0.98}, "entities": [],
                               "intent_ranking": [{"name": "inform", "confidence": 0.98}]},
            "latest_event_time": 1764000001.3, "followup_action": None, "paused": False, "events": events,
            "latest_input_channel": "rest", "active_loop": {"name": FORM}, "latest_action": {"action_name": "action_listen"},
            "latest_action_name": "action_listen",
        },
        "domain": {
            "config": {"store_entities_as_slots": True},
            "session_config": {"session_expiration_time": 60, "carry_over_slots_to_new_session": True},
            "intents": ["inform", "record_study"], "entities": FORM_SLOTS,
            "slots": {name: {"type": "any", "influence_conversation": False, "mappings": [{"type": "from_entity", "entity": name}]}
                      for name in FORM_SLOTS},
            "responses": {"utter_ask_duration": [{"text": "How many minutes did you study?"}]},
            "actions": ["validate_post_study_record_form", "action_post_study_record"],
            "forms": {FORM: {"required_slots": FORM_SLOTS}}, "e2e_actions": [],
        },
    }).encode()


VALIDATIONS = [rasa_request("validate_" + FORM, slots) for slots, _ in study_record.MATRIX]
SUBMIT = rasa_request("action_post_study_record", {"material": study_record.BOOK, "duration": 30.0})


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(port, method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def wait_until_up(port, path, pid, within=30.0):
    start = time.perf_counter()
    while time.perf_counter() - start < within:
        if pid.poll() is not None:
            return None
        try:
            if call(port, "GET", path)[0] == 200:
                return time.perf_counter() - start
        except OSError:
            pass
        time.sleep(0.005)
    return None


def stop(process, group=False):
    """Ends `process` (SIGTERM, then SIGKILL after 10 s). With `group`, the
    whole process group it leads (started with start_new_session): rasa-sdk's
    Sanic spawns a worker and a resource tracker, which outlived a SIGTERM
    sent to its pid alone when it came during start-up."""
    def signal_it(sig):
        if group:
            try:
                os.killpg(process.pid, sig)
            except ProcessLookupError:
                pass
        elif process.poll() is None:
            process.send_signal(sig)
    if process.poll() is None or group:
        signal_it(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            signal_it(signal.SIGKILL)
            process.wait()
        if group:
            # The group's other members: given a moment to end on the
            # SIGTERM, then killed.
            deadline = time.perf_counter() + 5
            while time.perf_counter() < deadline and group_alive(process.pid):
                time.sleep(0.01)
            if group_alive(process.pid):
                signal_it(signal.SIGKILL)


def group_alive(pgid):
    try:
        os.killpg(pgid, 0)
        return True
    except ProcessLookupError:
        return False


def start_rasa(python, env, log):
    port = free_port()
    start = time.perf_counter()
    process = subprocess.Popen([python, "-m", "rasa_sdk", "--actions", "actions", "-p", str(port)],
                               cwd=HERE, env=dict(env, SANIC_HOST="127.0.0.1"), stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True)
    up = wait_until_up(port, "/health", process)
    if up is None:
        stop(process, group=True)
        raise SystemExit(f"error: rasa-sdk's action server did not answer GET /health within 30 s; its log: {log.name}")
    return process, port, time.perf_counter() - start


def start_exthost(exthost, work, env, log_path, options=()):
    """exthost serve --http on a port of the system's choice, with `options`
    added (wakeups.py: --in-process); its process, port and start-up time."""
    with open(log_path, "w") as log:
        start = time.perf_counter()
        process = subprocess.Popen(
            [exthost, "serve", "--socket", f"{work}/run/exthost.sock", "--plugins", f"{work}/plugins", "--apps", f"{work}/apps",
             "--http", "127.0.0.1:0", "--max-sessions", "64", *options], env=env, stdout=subprocess.DEVNULL, stderr=log)
    port = None
    while port is None and time.perf_counter() - start < 30:
        text = open(log_path).read()
        found = re.search(r"http=http://127\.0\.0\.1:([0-9]+)", text)
        if found:
            port = int(found.group(1))
        elif process.poll() is not None:
            raise SystemExit(f"error: exthost serve ended before it listened; its log: {log_path}")
        else:
            time.sleep(0.005)
    if port is None or wait_until_up(port, "/healthz", process) is None:
        stop(process)
        raise SystemExit(f"error: exthost serve did not answer GET /healthz within 30 s; its log: {log_path}")
    return process, port, time.perf_counter() - start


def normalized(body):
    """What Rasa reads from an action's answer: the slots it sets, the texts it says."""
    answer = json.loads(body)
    slots = {event["name"]: event.get("value") for event in answer.get("events", []) if event.get("event") == "slot"}
    texts = [response["text"] for response in answer.get("responses", []) if response.get("text")]
    return slots, texts


# MARK: - Load

LUA = os.path.join(HERE, "requests.lua")


def wrk_run(wrk, port, path, bodies, connections, seconds):
    """One wrk run: `connections` keep-alive connections on one thread for
    `seconds`, POSTing the requests of the file `bodies` in turn (or GETs of
    `path` when None). Latencies are wrk's, per request, in microseconds."""
    command = [wrk, "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s", LUA, f"http://127.0.0.1:{port}{path}"]
    if bodies:
        command += ["--", bodies]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60)
    line = next((l for l in finished.stdout.splitlines() if l.startswith("WRK_FIGURES ")), None)
    if finished.returncode != 0 or line is None:
        raise SystemExit(f"error: wrk failed against port {port}{path} (exit {finished.returncode}):\n{finished.stdout}{finished.stderr}")
    figures = json.loads(line[len("WRK_FIGURES "):])
    if not figures["requests"]:
        raise SystemExit(f"error: no request finished against port {port}{path}:\n{finished.stdout}")
    return {
        "count": figures["requests"], "failures": sum(figures["errors"].values()),
        "p50": figures["p50_us"] / 1000, "p99": figures["p99_us"] / 1000,
        "rps": figures["requests"] / (figures["duration_us"] / 1e6),
    }


def summarised(runs):
    """The rounds of one cell: medians, with the p50's and req/s's range over rounds."""
    return {
        "p50": statistics.median(r["p50"] for r in runs), "p50_range": (min(r["p50"] for r in runs), max(r["p50"] for r in runs)),
        "p99": statistics.median(r["p99"] for r in runs),
        "rps": statistics.median(r["rps"] for r in runs), "rps_range": (min(r["rps"] for r in runs), max(r["rps"] for r in runs)),
        "count": sum(r["count"] for r in runs), "failures": sum(r["failures"] for r in runs), "rounds": len(runs),
    }


def conversation_worker(port, seconds, limit, results):
    """exthost's own API through http.client: whole conversations, each timed."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    latencies, failures = [], 0
    for _ in range(3):  # warm-up, not counted
        conversation(connection)
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    while len(latencies) < limit and time.perf_counter() < deadline:
        begin = time.perf_counter_ns()
        if not conversation(connection):
            failures += 1
        latencies.append(time.perf_counter_ns() - begin)
    connection.close()
    results.put((latencies, failures, time.perf_counter() - start))


def conversation(connection):
    """exthost's own API: Record study, refused (2000 minutes), answered
    (30), then confirmed and handled: 201, then answers until 200."""
    body = json.dumps({"intent": "PostStudyRecord", "parameters": {"material": study_record.BOOK, "duration": 2000}})
    connection.request("POST", "/v1/conversations", body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    answer = json.loads(response.read())
    for _ in range(5):
        if response.status != 201:
            break
        question = (answer.get("report") or {}).get("question") or {}
        reply = "30" if question.get("parameter") == "duration" else "yes"
        connection.request("POST", f"/v1/conversations/{answer['session']}/answer", body=json.dumps({"answer": reply}),
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        answer = json.loads(response.read())
    return response.status == 200 and (answer.get("report") or {}).get("code") == "failureOffline"


def conversations(port, seconds, limit):
    """Whole Record study conversations on one connection, in a process of their own."""
    results = multiprocessing.Queue()
    process = multiprocessing.Process(target=conversation_worker, args=(port, seconds, limit, results))
    process.start()
    latencies, failures, elapsed = results.get(timeout=seconds + 120)
    process.join()
    if not latencies:
        raise SystemExit(f"error: no conversation finished on port {port}")
    latencies.sort()
    return {
        "count": len(latencies), "failures": failures, "rounds": 1,
        "p50": statistics.median(latencies) / 1e6, "p99": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] / 1e6,
        "rps": len(latencies) / elapsed,
    }


def wrk_version(wrk):
    """wrk's version, from its first line of usage."""
    said = subprocess.run([wrk, "--version"], capture_output=True, text=True)
    words = (said.stdout + said.stderr).split()
    return words[1] if len(words) > 1 else "?"


def ms(value):
    """A duration in milliseconds, as µs below one."""
    return f"{value * 1000:.0f} µs" if value < 1 else f"{value:.2f} ms"


def seconds(value):
    """A duration in seconds, as ms."""
    return f"{value * 1000:.0f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--exthost", required=True)
    parser.add_argument("--plugin", required=True, help="libStudyRecordExtension.so")
    parser.add_argument("--python", required=True, help="the virtualenv's python, with rasa-sdk")
    parser.add_argument("--wrk", default=shutil.which("wrk"), help="the wrk executable (default: on PATH)")
    parser.add_argument("--seconds", type=int, default=3, help="seconds per wrk run")
    parser.add_argument("--rounds", type=int, default=3, help="wrk runs per cell, interleaved between the servers")
    parser.add_argument("--limit", type=int, default=50000, help="conversations at most (the own-API row)")
    parser.add_argument("--connections", default="1,4,16")
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--build", default="?")
    args = parser.parse_args()
    levels = [int(value) for value in args.connections.split(",")]
    if not args.wrk:
        raise SystemExit("error: wrk is not on PATH; scripts/bench-rasa installs it (apt-get install wrk), or give --wrk PATH")

    work = tempfile.mkdtemp(prefix="exthost-bench-rasa.")
    for folder in ("plugins", "apps", "run", "data", "containers", "cache", "python"):
        os.makedirs(f"{work}/{folder}")
    os.symlink(os.path.abspath(args.plugin), f"{work}/plugins/libStudyRecordExtension.so")
    # Nothing listens on the backend's port: both sides take the offline path (failureOffline).
    env = dict(os.environ, STUDYRECORD_BACKEND_PORT=str(free_port()), BENCH_RASA_FOLDER=f"{work}/python",
               EXTHOST_DATA_DIR=f"{work}/data", EXTHOST_RUNTIME_DIR=f"{work}/run", EXTHOST_SHARED_CONTAINERS=f"{work}/containers",
               EXTHOST_CACHE_DIR=f"{work}/cache", EXTHOST_APP_PATH=f"{work}/apps", PYTHONDONTWRITEBYTECODE="1")
    print(f"load average at start: {open('/proc/loadavg').read().split()[:3]}; {os.cpu_count()} cores; exthost {args.build} build")

    processes = []
    process_groups = set()  # pids that lead a process group of their own
    try:
        rasa_log = open(f"{work}/rasa-sdk.log", "w")
        starts = []
        for _ in range(args.starts):
            rasa, rasa_port, took = start_rasa(args.python, env, rasa_log)
            starts.append(took)
            if len(starts) < args.starts:
                stop(rasa, group=True)
        processes.append(rasa)
        process_groups.add(rasa.pid)
        exthost, exthost_port, exthost_start = start_exthost(args.exthost, work, env, f"{work}/exthost.log")
        processes.append(exthost)
        version = subprocess.run([args.python, "-c", "import rasa_sdk; print(rasa_sdk.__version__)"], capture_output=True, text=True).stdout.strip()
        print(f"rasa-sdk {version} (pid {rasa.pid}, port {rasa_port}); exthost serve --http (pid {exthost.pid}, port {exthost_port})")
        print(f"start-up, spawn to the first answer (GET /health, /healthz): rasa-sdk median {seconds(statistics.median(starts))} "
              f"of {len(starts)} starts ({', '.join(seconds(s) for s in starts)}); exthost serve {seconds(exthost_start)}")

        # Both must answer alike before anything is timed.
        for body, (slots, expected) in list(zip(VALIDATIONS, study_record.MATRIX)) + [(SUBMIT, ({}, None))]:
            answers = []
            for port in (exthost_port, rasa_port):
                status, text = call(port, "POST", "/webhook", body)
                if status != 200:
                    raise SystemExit(f"error: port {port} answered {status} to {json.loads(body)['next_action']} {slots}: {text[:300]!r}")
                answers.append(normalized(text))
            if answers[0] != answers[1]:
                raise SystemExit(f"error: the servers disagree on {json.loads(body)['next_action']} {json.dumps(slots)}:\n"
                                 f"  exthost:  {answers[0]}\n  rasa-sdk: {answers[1]}\nnothing was timed")
        print(f"agreement: both answer the {len(VALIDATIONS)} rows of the study-record matrix and the submit action "
              f"with the same slot events and texts (checked before timing)")

        # The Rasa requests wrk sends, one a line: the same bytes the agreement check sent.
        bodies = {"validate": f"{work}/validations.jsonl", "submit": f"{work}/submit.jsonl"}
        with open(bodies["validate"], "wb") as file:
            file.write(b"\n".join(VALIDATIONS) + b"\n")
        with open(bodies["submit"], "wb") as file:
            file.write(SUBMIT + b"\n")
        targets = [("exthost", exthost_port), ("rasa-sdk", rasa_port)]
        # Untimed: every server's threads and caches warm at the most connections.
        for _, port in targets:
            wrk_run(args.wrk, port, "/webhook", bodies["validate"], max(levels), 1)

        validate, submit = f"validate_{FORM}", "action_post_study_record (submit)"
        floor = "exthost GET /healthz (floor)"
        cells = [(validate, name, port, "/webhook", bodies["validate"], c) for c in levels for name, port in targets]
        cells += [("GET /healthz", floor, exthost_port, "/healthz", None, c) for c in levels]
        cells += [(submit, name, port, "/webhook", bodies["submit"], 1) for name, port in targets]
        runs = {}
        # Round after round, each cell once a round: a change of the machine's
        # load falls on every server alike.
        for _ in range(args.rounds):
            for what, name, port, path, body, c in cells:
                runs.setdefault((what, name, c), []).append(wrk_run(args.wrk, port, path, body, c, args.seconds))
        rows = [(what, name, c, summarised(runs[(what, name, c)])) for what, name, _, _, _, c in cells]
        rows.append(("own API: Record study conversation", "exthost (http.client)", 1,
                     conversations(exthost_port, args.seconds, args.limit)))
        if any(row[3]["failures"] for row in rows):
            print("WARNING: some requests did not answer 200 (the fail column)")

        print(f"\nwrk {wrk_version(args.wrk)}, one thread, keep-alive connections; {args.rounds} rounds of {args.seconds} s per cell, "
              "interleaved; latency per request from the client (wrk's histogram). p50 and req/s: the median of the rounds, "
              "[lowest–highest round]; p99: the median of the rounds' p99")
        print(f"{'request':38} {'server':30} {'conns':>5} {'p50':>10} {'p50 range':>19} {'p99':>10} {'req/s':>9} {'req/s range':>15} {'count':>8} {'fail':>4}")
        for what, name, connections, figures in rows:
            low, high = figures.get("p50_range", (figures["p50"], figures["p50"]))
            slow, fast = figures.get("rps_range", (figures["rps"], figures["rps"]))
            print(f"{what:38} {name:30} {connections:>5} {ms(figures['p50']):>10} {ms(low) + '–' + ms(high):>19} {ms(figures['p99']):>10} "
                  f"{figures['rps']:>9.0f} {f'{slow:.0f}–{fast:.0f}':>15} {figures['count']:>8} {figures['failures']:>4}")

        print("\ntargets: exthost's median latency 10× lower than rasa-sdk's (rasa-sdk's median / exthost's ≥ 10),"
              " and 10× its throughput (exthost's req/s / rasa-sdk's ≥ 10)")
        figures = {(what, name, c): f for what, name, c, f in rows}
        for what, c in [(validate, c) for c in levels] + [(submit, 1)]:
            ours, theirs = figures[(what, "exthost", c)], figures[(what, "rasa-sdk", c)]
            lower, more = theirs["p50"] / ours["p50"], ours["rps"] / theirs["rps"]
            print(f"  {what}, {c} connection(s): median {ms(ours['p50'])} vs {ms(theirs['p50'])}, {lower:.2f}× "
                  f"({'met' if lower >= 10 else 'NOT met'}); throughput {ours['rps']:.0f} vs {theirs['rps']:.0f} req/s, "
                  f"{more:.2f}× ({'met' if more >= 10 else 'NOT met'})")
        print("what the client can show (the floor: GET /healthz through the same wrk):")
        for c in levels:
            base, theirs = figures[("GET /healthz", floor, c)], figures[(validate, "rasa-sdk", c)]
            latency, rate = theirs["p50"] / 10, theirs["rps"] * 10
            print(f"  {c} connection(s): a 10× lower median is {ms(latency)}, the floor's median {ms(base['p50'])} "
                  f"({'measurable' if base['p50'] < latency else 'NOT measurable: the floor alone, wrk and exthost answering /healthz, takes longer'}); "
                  f"10× the throughput is {rate:.0f} req/s, the floor's {base['rps']:.0f} "
                  f"({'measurable' if base['rps'] > rate else 'NOT measurable: the floor alone does not reach it'})")
        print(f"load average at end: {open('/proc/loadavg').read().split()[:3]}")
    finally:
        for process in processes:
            stop(process, group=process.pid in process_groups)
    for process in processes:
        if process.returncode not in (0, -signal.SIGTERM):
            print(f"note: pid {process.pid} ended with {process.returncode}")


if __name__ == "__main__":
    main()
