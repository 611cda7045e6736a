"""Conversations with a real Rasa server whose action endpoint is exthost's
POST /webhook, over Rasa's REST channel (POST /webhooks/rest/webhook), each
turn checked: what the bot said (Rasa's utterances and exthost's responses,
in order), the custom payload, and the tracker's slots and active loop
(GET /conversations/<id>/tracker). Then exthost's metrics and the example
backend's log, which must show the submits. Run by scripts/rasa-e2e, which
installs Rasa, trains the model and starts the servers; see its --help.

Standard library only. Exits 1 naming every turn that differed.
"""

import argparse
import json
import sys
import time
import urllib.error
import urllib.request

BOOK = {"identifier": "book-2", "displayString": "The Swift Programming Language"}
FORM = "post_study_record_form"
ASK_DURATION = "How many minutes did you study?"
ASK_END = "Where did you stop?"
GOAL = 300
BEFORE_TODAY = 120  # the example backend's account: minutes this week before today


def recorded(minutes):
    return (f"Recorded. This week: {minutes} of your {GOAL} minutes. "
            "Tap to open Study Record and post your progress to the timeline.")


def message(intent, **entities):
    """What a user's front end sends when it has already understood the
    sentence: Rasa's `/intent{"entity": value}` form, read without NLU."""
    return "/" + intent + (json.dumps(entities) if entities else "")


# Each conversation: the assistant (minutes: the domain docs/rasa.md shows;
# pages: its form requiring the range instead), a name, and turns of (message, the texts the bot says,
# the slots the tracker must then hold, the active loop after the turn,
# the weekly minutes of a success payload or None).
# Weekly minutes add up over the run: the backend keeps its records in memory.
CONVERSATIONS = [
    ("minutes", "material, duration ✓: the form is filled at once, validated and submitted", [
        (message("record_study", material=BOOK, duration=30), [recorded(150)],
         {"material": BOOK, "duration": 30, "exthost_response_code": "success", "requested_slot": None}, None, 150),
    ]),
    ("minutes", "duration over 1440: the slot cleared with the definition's message, Rasa asks again, then a valid answer", [
        (message("record_study", material=BOOK, duration=2000),
         ["You can record at most 1440 minutes (a whole day) at a time; 2000 minutes is too long.", ASK_DURATION],
         {"material": BOOK, "duration": None, "requested_slot": "duration", "exthost_response_code": None}, FORM, None),
        (message("inform", duration=45), [recorded(195)],
         {"material": BOOK, "duration": 45, "exthost_response_code": "success", "requested_slot": None}, None, 195),
    ]),
    ("minutes", "material only: the definition's message for the missing amount, Rasa asks the duration; too long, again; then valid", [
        (message("record_study", material=BOOK),
         ["Tell me how many minutes you studied or how much you did.", ASK_DURATION],
         {"material": BOOK, "duration": None, "requested_slot": "duration"}, FORM, None),
        (message("inform", duration=1500),
         ["You can record at most 1440 minutes (a whole day) at a time; 1500 minutes is too long.", ASK_DURATION],
         {"material": BOOK, "duration": None, "requested_slot": "duration"}, FORM, None),
        (message("inform", duration=15), [recorded(210)],
         {"material": BOOK, "duration": 15, "exthost_response_code": "success", "requested_slot": None}, None, 210),
    ]),
    # A range adds no minutes: the week stays at 210.
    ("pages", "material, range 8–3: the end cleared with the definition's message, Rasa asks it again, then a valid end", [
        (message("record_study", material=BOOK, start=8, end=3), ["The range cannot start at 8, after its end 3.", ASK_END],
         {"material": BOOK, "start": 8, "end": None, "requested_slot": "end", "exthost_response_code": None}, FORM, None),
        (message("inform", end=12), [recorded(210)],
         {"material": BOOK, "start": 8, "end": 12, "exthost_response_code": "success", "requested_slot": None}, None, 210),
    ]),
    ("pages", "material, start 3 without end: the definition's message, Rasa asks the end", [
        (message("record_study", material=BOOK, start=3), ["Give both the start and the end of the range.", ASK_END],
         {"material": BOOK, "start": 3, "end": None, "requested_slot": "end"}, FORM, None),
        (message("inform", end=8), [recorded(210)],
         {"material": BOOK, "start": 3, "end": 8, "exthost_response_code": "success", "requested_slot": None}, None, 210),
    ]),
]
SUBMITS = sum(1 for _, _, turns in CONVERSATIONS for turn in turns if turn[4] is not None)


def call(url, body=None, timeout=60):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
    except (urllib.error.URLError, OSError) as error:
        return 0, f"no answer from {url}: {error}"


def same(expected, actual):
    """Equal as Rasa's JSON holds them: 30 and 30.0 are one number."""
    if isinstance(expected, (int, float)) and not isinstance(expected, bool):
        return isinstance(actual, (int, float)) and not isinstance(actual, bool) and float(expected) == float(actual)
    if isinstance(expected, dict):
        return isinstance(actual, dict) and expected.keys() == actual.keys() and all(same(v, actual[k]) for k, v in expected.items())
    return expected == actual


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rasa", required=True, help="the minutes assistant's base URL (rasa run --enable-api)")
    parser.add_argument("--rasa-pages", required=True, help="the pages assistant's base URL")
    parser.add_argument("--exthost", required=True, help="exthost serve's HTTP base URL")
    parser.add_argument("--backend-log", required=True, help="the StudyRecordBackend's log")
    arguments = parser.parse_args()

    failures = []
    turn_times = []
    for number, (assistant, name, turns) in enumerate(CONVERSATIONS, 1):
        sender = f"e2e-{number}-{int(time.time() * 1000)}"
        rasa = arguments.rasa if assistant == "minutes" else arguments.rasa_pages
        print(f"\n[{number}] {assistant}: {name}  (sender {sender})")
        for index, (text, said, slots, loop, weekly) in enumerate(turns, 1):
            where = f"conversation {number}, turn {index} ({text})"
            start = time.perf_counter()
            status, body = call(rasa + "/webhooks/rest/webhook", {"sender": sender, "message": text})
            turn_times.append(time.perf_counter() - start)
            print(f"  user: {text}")
            if status != 200:
                failures.append(f"{where}: Rasa's REST channel answered {status}: {body}" if status else f"{where}: {body}")
                break
            messages = json.loads(body)
            for item in messages:
                shown = {k: v for k, v in item.items() if k != "recipient_id"}
                print("  bot:  " + (item["text"] if set(shown) == {"text"} else json.dumps(shown, ensure_ascii=False)))
            texts = [item["text"] for item in messages if "text" in item]
            if texts != said:
                failures.append(f"{where}: the bot said\n      {texts}\n    expected\n      {said}")
            customs = [item["custom"] for item in messages if "custom" in item]
            if weekly is None:
                if customs:
                    failures.append(f"{where}: a custom payload where none was expected: {customs}")
            else:
                activity = customs[0].get("userActivity", {}) if len(customs) == 1 and isinstance(customs[0], dict) else {}
                info = activity.get("userInfo", {})
                if (activity.get("activityType") != "com.example.studyrecord.weekly-goal"
                        or not same(weekly, info.get("weeklyMinutes")) or not same(GOAL, info.get("weeklyGoalMinutes"))):
                    failures.append(f"{where}: expected one custom payload with the weekly-goal activity "
                                    f"({weekly} of {GOAL} minutes), got {customs}")
            status, body = call(rasa + f"/conversations/{sender}/tracker")
            if status != 200:
                failures.append(f"{where}: the tracker: {status} {body}")
                break
            tracker = json.loads(body)
            if index == 1:
                # The /intent{...} message reached Rasa's policies as an
                # intent with entities, with no NLU model.
                latest = tracker.get("latest_message", {})
                intent = text[1:].split("{")[0]
                if latest.get("intent", {}).get("name") != intent:
                    failures.append(f"{where}: Rasa read the intent {latest.get('intent')}, not {intent}")
            for slot, value in slots.items():
                if not same(value, tracker.get("slots", {}).get(slot)):
                    failures.append(f"{where}: the slot {slot} is {json.dumps(tracker.get('slots', {}).get(slot))}, "
                                    f"expected {json.dumps(value)}")
            active = (tracker.get("active_loop") or {}).get("name")
            if active != loop:
                failures.append(f"{where}: the active loop is {active}, expected {loop}")

    # exthost counted each submit on its Rasa channel, and the backend got each record.
    _, metrics = call(arguments.exthost + "/metrics")
    series = 'exthost_requests_total{intent="PostStudyRecord",outcome="success",code="success",channel="rasa"}'
    counted = next((line.split()[-1] for line in metrics.splitlines() if line.startswith(series)), None)
    if counted is None or float(counted) != SUBMITS:
        failures.append(f"exthost's /metrics: {series} is {counted}, expected {SUBMITS} (one a submit)")
    with open(arguments.backend_log, encoding="utf-8") as log:
        posted = log.read().count("POST /records → 200")
    if posted != SUBMITS:
        failures.append(f"the StudyRecordBackend answered POST /records {posted} times, expected {SUBMITS} (one a submit)")

    turn_times.sort()
    print(f"\n{len(turn_times)} turns through Rasa and exthost: median {turn_times[len(turn_times) // 2] * 1000:.0f} ms, "
          f"slowest {turn_times[-1] * 1000:.0f} ms (a turn: Rasa's policies, exthost's actions, the tracker's store)")
    if failures:
        print(f"\nFAIL: {len(failures)} difference(s):", file=sys.stderr)
        for failure in failures:
            print("  - " + failure, file=sys.stderr)
        return 1
    print(f"rasa-e2e: {len(CONVERSATIONS)} conversations as expected; {SUBMITS} records submitted, counted and posted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
