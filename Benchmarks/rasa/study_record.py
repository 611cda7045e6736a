"""The study-record form's rules, as Python: what exthost's StudyRecord
extension (Examples/StudyRecord: its definition's bounds and messages, the
resolve methods in Extension/IntentHandler.swift) decides for a
PostStudyRecord request. Plain Python, no dependency: actions.py runs it
inside rasa-sdk's action server, and `python3 study_record.py` checks it
against the example's validation matrix (Examples/StudyRecord/README.md);
`python3 study_record.py --validate` decides the slot objects of a JSON list
on stdin (RasaWebhookTests gives it the rows it sends exthost).
"""

import json
import os
import socket
import time

# The parameters in the definition's order: the first refusal ends it.
ORDER = ["material", "duration", "amount", "start", "end", "memo"]

# The definition's bounds (0 ... maximum) and the messages of its reasons.
BOUNDS = {"duration": 1440, "amount": 9999, "start": 9999, "end": 9999}
MESSAGES = {
    ("duration", "failureLackParameter"): "Tell me the material or how many minutes you studied.",
    ("duration", "greaterThanMaximumValue"): "You can record at most 1440 minutes (a whole day) at a time; {duration} minutes is too long.",
    ("duration", "lessThanMinimumValue"): "A duration cannot be negative; {duration} minutes is not one.",
    ("amount", "failureLackParameter"): "Tell me how many minutes you studied or how much you did.",
    ("amount", "noMaterial"): "An amount of {amount} needs a material to count in.",
    ("amount", "greaterThanMaximumValue"): "An amount can be at most 9999; {amount} is too large.",
    ("amount", "lessThanMinimumValue"): "An amount cannot be negative; {amount} is not one.",
    ("start", "greaterThanMaximumValue"): "A range can start at 9999 at most; {start} is past that.",
    ("start", "lessThanMinimumValue"): "A range cannot start below 0; {start} is not a start.",
    ("end", "lessThanStartValue"): "The range cannot start at {start}, after its end {end}.",
    ("end", "noStart"): "A range ending at {end} needs its start.",
    ("end", "noMaterial"): "A range needs a material to count in.",
    ("end", "failureLackParameter"): "Give both the start and the end of the range.",
    ("end", "greaterThanMaximumValue"): "A range can end at 9999 at most; {end} is past that.",
    ("end", "lessThanMinimumValue"): "A range cannot end below 0; {end} is not an end.",
}
OFFLINE = "You are offline: the record is kept and sent when Study Record is next online."


def values_of(slots):
    """The request's values: the filled slots, numbers as the definition's
    integers (Rasa's float slots send 30.0)."""
    values = {}
    for name in ORDER:
        value = slots.get(name)
        if value is None:
            continue
        if name in BOUNDS:
            value = int(value)
        values[name] = value
    return values


def resolve(name, v):
    """The reason `resolve<Name>` refuses the parameter with, or None."""
    material = v.get("material")
    if name == "duration":
        return "failureLackParameter" if "duration" not in v and material is None else None
    if name == "amount":
        if v.get("amount") is not None and v["amount"] >= 1 and material is None:
            return "noMaterial"
        if "amount" not in v:
            has_range = "start" in v or "end" in v
            return "failureLackParameter" if "duration" not in v and not has_range else None
        return None
    if name == "end":
        start = v.get("start", 0)
        if "end" not in v:
            return "failureLackParameter" if start >= 1 else None
        end = v["end"]
        if end >= 1 and start < 1:
            return "noStart"
        if start >= 1 and end < 1:
            return "failureLackParameter"
        if start >= 1 and material is None:
            return "noMaterial"
        if end < start:
            return "lessThanStartValue"
    return None


def validate(slots):
    """(refused parameter, message) for the first refusal, or None when
    every value resolves: the bounds are checked before the resolve method,
    parameter by parameter, in the definition's order."""
    v = values_of(slots)
    for name in ORDER:
        reason = None
        if name in v and name in BOUNDS:
            if v[name] > BOUNDS[name]:
                reason = "greaterThanMaximumValue"
            elif v[name] < 0:
                reason = "lessThanMinimumValue"
        if reason is None:
            reason = resolve(name, v)
        if reason is not None:
            return name, MESSAGES[(name, reason)].format(**v)
    return None


def required(slots, listed):
    """The form's required slots after a validation, as exthost's webhook
    works them out (docs/rasa.md, "Required slots"): the domain's list
    without each parameter the validation reached that has no value and
    was not refused (every resolve method of the example answers
    notRequired then), with the refused parameter, by the definition's
    order; a parameter after the refusal keeps the domain's word."""
    v = values_of(slots)
    refusal = validate(slots)
    not_required = set()
    for name in ORDER:
        if refusal is not None and name == refusal[0]:
            break
        if name not in v:
            not_required.add(name)
    names = [name for name in listed if name not in not_required]
    if refusal is not None and refusal[0] not in names:
        later = [i for i, name in enumerate(names) if name in ORDER and ORDER.index(name) > ORDER.index(refusal[0])]
        names.insert(later[0] if later else len(names), refusal[0])
    return names


def handle(slots, folder):
    """The extension's handle: post the record to the app's backend on
    127.0.0.1:$STUDYRECORD_BACKEND_PORT; when it cannot be reached, keep the
    record and log the event in the shared folder (failureOffline)."""
    v = values_of(slots)
    material = v.get("material") or {}
    record = {"material": material.get("identifier"), "duration": v.get("duration"), "amount": v.get("amount"),
              "start": v.get("start"), "end": v.get("end"), "memo": v.get("memo"), "studiedAt": time.time()}
    port = int(os.environ.get("STUDYRECORD_BACKEND_PORT", "8734"))
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except OSError:
        with open(os.path.join(folder, "pending-records.jsonl"), "a") as file:
            file.write(json.dumps(record) + "\n")
        with open(os.path.join(folder, "events.jsonl"), "a") as file:
            file.write(json.dumps({"event": "studyRecordKeptOffline", "properties": record}) + "\n")
        return "failureOffline", OFFLINE
    raise RuntimeError(f"a backend answers on port {port}; the benchmark runs the offline path only")


BOOK = {"identifier": "book-2", "displayString": "The Swift Programming Language"}

# The example's matrix (Examples/StudyRecord/README.md, "What a record
# needs") and the definition's bounds: slots, then the refusal expected.
MATRIX = [
    ({"material": BOOK, "start": 3.0, "end": 8.0}, None),
    ({"material": BOOK, "duration": 30.0}, None),
    ({"duration": 30.0}, None),
    ({"material": BOOK, "amount": 12.0}, None),
    ({}, ("duration", "Tell me the material or how many minutes you studied.")),
    ({"material": BOOK}, ("amount", "Tell me how many minutes you studied or how much you did.")),
    ({"duration": 30.0, "amount": 12.0}, ("amount", "An amount of 12 needs a material to count in.")),
    ({"material": BOOK, "start": 3.0}, ("end", "Give both the start and the end of the range.")),
    ({"material": BOOK, "duration": 30.0, "end": 25.0}, ("end", "A range ending at 25 needs its start.")),
    ({"duration": 30.0, "start": 1.0, "end": 20.0}, ("end", "A range needs a material to count in.")),
    ({"material": BOOK, "start": 8.0, "end": 3.0}, ("end", "The range cannot start at 8, after its end 3.")),
    ({"material": BOOK, "duration": 2000.0}, ("duration", "You can record at most 1440 minutes (a whole day) at a time; 2000 minutes is too long.")),
    ({"material": BOOK, "duration": 30.0, "amount": -1.0}, ("amount", "An amount cannot be negative; -1 is not one.")),
    ({"material": BOOK, "duration": 30.0, "start": 1.0, "end": 12000.0}, ("end", "A range can end at 9999 at most; 12000 is past that.")),
]

if __name__ == "__main__":
    import sys
    if sys.argv[1:] == ["--validate"]:
        # A JSON list of slot objects on stdin: the refusal of each, [parameter, message] or null.
        print(json.dumps([validate(slots) for slots in json.load(sys.stdin)]))
        raise SystemExit(0)
    failed = [(slots, expected, validate(slots)) for slots, expected in MATRIX if validate(slots) != expected]
    for slots, expected, got in failed:
        print(f"FAIL: {json.dumps(slots)}: expected {expected}, got {got}")
    print(f"{len(MATRIX) - len(failed)} of {len(MATRIX)} rows of the study-record matrix as the example decides them")
    raise SystemExit(1 if failed else 0)
