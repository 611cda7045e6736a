"""What an ask action (action_ask_<slot>) costs next to a validation, in one
run, against a running `exthost serve --in-process --http` with the
StudyRecord plugin (STUDYRECORD_BACKEND_PORT=1: no backend is needed).

    python3 Benchmarks/rasa/ask-cost.py PORT PID [ROUNDS]

Four Rasa-shaped requests, interleaved over one keep-alive connection:
the validation of a material and 30 minutes (the floor), the material
asked (the extension's options as buttons), the minutes asked (no
options), the material asked after a disambiguation. Printed for each:
the wall time a request (median, p10, p90 of 200 a round) and the
service's CPU time a request (utime + stime from /proc/PID/stat over 200
requests, median and range of the rounds), each with its ratio to the
validation's, and the load average. Standard library only.
"""

import http.client
import json
import os
import statistics
import sys
import time

BOOK = {"identifier": "book-2", "displayString": "The Swift Programming Language"}
FORM = "post_study_record_form"
SLOTS = ["material", "duration", "amount", "start", "end", "memo"]


def body(action, slots, validated=None, requested=None):
    """A request as Rasa 3.6 sends it while the form runs: this turn's slot
    events, the form's action, then the validation's slot events."""
    tracker_slots = {slot: None for slot in SLOTS}
    tracker_slots.update({"requested_slot": requested, "exthost_response_code": None}, **slots)
    events = [{"event": "action", "name": "action_listen"}, {"event": "user", "text": "x", "parse_data": {}}]
    events += [{"event": "slot", "name": name, "value": value} for name, value in slots.items()]
    events.append({"event": "action", "name": FORM})
    for name, value in (validated or {}).items():
        events.append({"event": "slot", "name": name, "value": value})
        tracker_slots[name] = value
    return json.dumps({
        "next_action": action, "sender_id": "bench", "version": "3.6.21",
        "tracker": {"sender_id": "bench", "slots": tracker_slots, "events": events,
                    "latest_message": {"text": "x", "entities": []}, "active_loop": {"name": FORM}},
        "domain": {"forms": {FORM: {"required_slots": ["material", "duration"]}},
                   "slots": {slot: {"mappings": [{"type": "from_entity"}]} for slot in tracker_slots}},
    })


CASES = {
    "validate (the floor)": body("validate_" + FORM, {"material": BOOK, "duration": 30}),
    "ask material: options": body("action_ask_material", {}, requested="material"),
    "ask duration: no options": body("action_ask_duration", {"material": BOOK}, requested="duration"),
    "ask material: disambiguation": body("action_ask_material", {"material": "an"}, {"material": None}, requested="material"),
}


def main():
    port, pid = int(sys.argv[1]), int(sys.argv[2])
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    per_round = 200
    connection = http.client.HTTPConnection("127.0.0.1", port)
    tick = os.sysconf("SC_CLK_TCK")

    def cpu():
        fields = open(f"/proc/{pid}/stat", encoding="ascii").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / tick

    def send(request):
        connection.request("POST", "/webhook", request, {"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            sys.exit(f"ask-cost: the service answered {response.status}")

    for request in CASES.values():
        for _ in range(20):
            send(request)
    walls = {name: [] for name in CASES}
    cpus = {name: [] for name in CASES}
    for _ in range(rounds):
        for name, request in CASES.items():
            before = cpu()
            for _ in range(per_round):
                start = time.perf_counter()
                send(request)
                walls[name].append(time.perf_counter() - start)
            cpus[name].append((cpu() - before) / per_round)
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"load average {load}; {rounds} rounds of {per_round} requests a case, interleaved")
    wall_floor = statistics.median(walls["validate (the floor)"])
    cpu_floor = statistics.median(cpus["validate (the floor)"])
    for name in CASES:
        wall = sorted(walls[name])
        median = statistics.median(wall)
        cpu_median = statistics.median(cpus[name])
        print(f"{name:30s} wall median {median * 1000:6.2f} ms (p10 {wall[len(wall) // 10] * 1000:.2f}, "
              f"p90 {wall[len(wall) * 9 // 10] * 1000:.2f}) ×{median / wall_floor:.2f}; "
              f"CPU {cpu_median * 1000:.2f} ms ({min(cpus[name]) * 1000:.2f}–{max(cpus[name]) * 1000:.2f}) ×{cpu_median / cpu_floor:.2f}")


if __name__ == "__main__":
    main()
