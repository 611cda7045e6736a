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
ASK_AMOUNT = "How much did you do?"
ASK_END = "Where did you stop?"
GOAL = 300
BEFORE_TODAY = 120  # the example backend's account: minutes this week before today
MEMO = "chapter 3, \"closures\""
TOO_LONG = "You can record at most 1440 minutes (a whole day) at a time; {} minutes is too long."


class Press(str):
    """A turn that presses the button of this title the bot's last message
    offered: the message sent is the button's payload, as a front end sends it."""


class Partial(dict):
    """A slot value of which only these keys are checked: the material the
    extension made of typed text carries more than the front end's object."""


def recorded(minutes):
    return (f"Recorded. This week: {minutes} of your {GOAL} minutes. "
            "Tap to open Study Record and post your progress to the timeline.")


def message(intent, **entities):
    """What a user's front end sends when it has already understood the
    sentence: Rasa's `/intent{"entity": value}` form, read without NLU."""
    return "/" + intent + (json.dumps(entities) if entities else "")


# Each conversation: the assistant (minutes: the domain docs/rasa.md shows;
# pages: its form requiring the range instead; text: its material and
# duration slots with a custom mapping, filled by exthost's extract from
# the typed text or the message's entities), a name, and turns of (message, the texts the bot says,
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
         [TOO_LONG.format(2000), ASK_DURATION],
         {"material": BOOK, "duration": None, "requested_slot": "duration", "exthost_response_code": None}, FORM, None),
        (message("inform", duration=45), [recorded(195)],
         {"material": BOOK, "duration": 45, "exthost_response_code": "success", "requested_slot": None}, None, 195),
    ]),
    # The extension needs no minutes with a material (resolveDuration: notRequired)
    # but an amount: the form asks the amount, a slot its domain does not require.
    ("minutes", "material only: the definition's message, the form asks the amount; minutes given instead, too long, asked; then valid", [
        (message("record_study", material=BOOK),
         ["Tell me how many minutes you studied or how much you did.", ASK_AMOUNT],
         {"material": BOOK, "duration": None, "amount": None, "requested_slot": "amount"}, FORM, None),
        (message("inform", duration=1500),
         [TOO_LONG.format(1500), ASK_DURATION],
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
    # Slots the form does not require, filled from entities of the first message.
    ("minutes", "a memo with the record: a slot not required, passed to the intent (checked in exthost's donations below)", [
        (message("record_study", material=BOOK, duration=20, memo=MEMO), [recorded(230)],
         {"material": BOOK, "duration": 20, "memo": MEMO, "exthost_response_code": "success", "requested_slot": None}, None, 230),
    ]),
    ("minutes", "a negative amount, not required: cleared with the definition's message and asked again, as the extension asks it", [
        (message("record_study", material=BOOK, duration=10, amount=-1),
         ["An amount cannot be negative; -1 is not one.", ASK_AMOUNT],
         {"material": BOOK, "duration": 10, "amount": None, "requested_slot": "amount", "exthost_response_code": None}, FORM, None),
        # An amount adds no minutes.
        (message("inform", amount=5), [recorded(240)],
         {"material": BOOK, "duration": 10, "amount": 5, "exthost_response_code": "success", "requested_slot": None}, None, 240),
    ]),
    # Typed answers: exthost's extract_<slot> gives the text to the extension's resolve.
    ("text", "typed answers: the minutes asked (no material needed), forty not a number, 2000 refused, 45 taken", [
        # The form starts empty; Rasa calls the validation all the same: the
        # definition's message for nothing given, and the form asks what the
        # extension asks for (the minutes; the material is notRequired).
        (message("record_study"), ["Tell me the material or how many minutes you studied.", ASK_DURATION],
         {"material": None, "duration": None, "requested_slot": "duration"}, FORM, None),
        ("forty", ["Tell me the material or how many minutes you studied.", ASK_DURATION],
         {"material": None, "duration": None, "requested_slot": "duration"}, FORM, None),
        ("2000", [TOO_LONG.format(2000), ASK_DURATION],
         {"material": None, "duration": None, "requested_slot": "duration"}, FORM, None),
        # With minutes and no material the extension needs nothing more: the form is done.
        ("45", [recorded(285)],
         {"material": None, "duration": 45, "exthost_response_code": "success", "requested_slot": None}, None, 285),
    ]),
    # extract_<slot> beyond the requested slot: an entity naming a custom slot.
    ("text", "the material named while the minutes are asked: found on the shelf, then the form asks the amount", [
        (message("record_study"), ["Tell me the material or how many minutes you studied.", ASK_DURATION],
         {"material": None, "duration": None, "requested_slot": "duration"}, FORM, None),
        (message("inform", material="swift"), ["Tell me how many minutes you studied or how much you did.", ASK_AMOUNT],
         {"material": Partial(BOOK), "duration": None, "requested_slot": "amount"}, FORM, None),
        (message("inform", amount=12), [recorded(285)],
         {"material": Partial(BOOK), "amount": 12, "exthost_response_code": "success", "requested_slot": None}, None, 285),
    ]),
    # action_ask_material: a title naming two books, the extension asks which
    # (disambiguation); the form runs exthost's ask action, whose buttons are
    # the two; the user presses one, whose payload fills the slot.
    ("minutes", "a title naming two books: asked which, with a button each (action_ask_material); the one pressed is recorded", [
        (message("record_study", material="an", duration=30), ["Which one?"],
         {"material": None, "duration": 30, "requested_slot": "material", "exthost_response_code": None}, FORM, None),
        (Press("Kanji in Context"), [recorded(315)],
         {"material": Partial({"identifier": "book-3"}), "duration": 30, "exthost_response_code": "success", "requested_slot": None}, None, 315),
    ]),
]
# The buttons an ask action's text comes with, by the text.
BUTTONS = {"Which one?": ["The Swift Programming Language", "Kanji in Context"]}
AMOUNTS = [5, 12]  # the amounts the records above were given; the refused -1 never passed
SUBMITS = sum(1 for _, _, turns in CONVERSATIONS for turn in turns if turn[4] is not None)


def call(url, body=None, timeout=60, token=None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=data, headers=headers)
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
    if isinstance(expected, Partial):
        return isinstance(actual, dict) and all(k in actual and same(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, dict):
        return isinstance(actual, dict) and expected.keys() == actual.keys() and all(same(v, actual[k]) for k, v in expected.items())
    return expected == actual


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rasa", required=True, help="the minutes assistant's base URL (rasa run --enable-api)")
    parser.add_argument("--rasa-pages", required=True, help="the pages assistant's base URL")
    parser.add_argument("--rasa-text", required=True, help="the typed-answers assistant's base URL")
    parser.add_argument("--exthost", required=True, help="exthost serve's HTTP base URL")
    parser.add_argument("--backend-log", required=True, help="the StudyRecordBackend's log")
    parser.add_argument("--exthost-token-file", help="exthost serve's --http-token-file, when it has one")
    arguments = parser.parse_args()

    failures = []
    turn_times = []
    for number, (assistant, name, turns) in enumerate(CONVERSATIONS, 1):
        sender = f"e2e-{number}-{int(time.time() * 1000)}"
        rasa = {"minutes": arguments.rasa, "pages": arguments.rasa_pages, "text": arguments.rasa_text}[assistant]
        print(f"\n[{number}] {assistant}: {name}  (sender {sender})")
        offered = {}  # the buttons of the bot's last turn, payload by title
        for index, (text, said, slots, loop, weekly) in enumerate(turns, 1):
            where = f"conversation {number}, turn {index} ({text})"
            if isinstance(text, Press):
                if text not in offered:
                    failures.append(f"{where}: the bot offered no button {json.dumps(text)}, only {list(offered)}")
                    break
                text = offered[text]
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
            offered = {}
            for item in messages:
                buttons = item.get("buttons") or []
                titles = [button.get("title") for button in buttons]
                if titles != BUTTONS.get(item.get("text"), []):
                    failures.append(f"{where}: {json.dumps(item.get('text'))} came with the buttons {titles}, "
                                    f"expected {BUTTONS.get(item.get('text'), [])}")
                offered.update({button.get("title"): button.get("payload") for button in buttons})
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
            if index == 1 and text.startswith("/"):
                # The /intent{...} message reached Rasa's policies as an
                # intent with entities, with no NLU model.
                latest = tracker.get("latest_message", {})
                intent = text[1:].split("{")[0]
                if latest.get("intent", {}).get("name") != intent:
                    failures.append(f"{where}: Rasa read the intent {latest.get('intent')}, not {intent}")
            elif not text.startswith("/"):
                # Typed text, no NLU: no intent, and the active form goes on with it.
                users = [event for event in tracker.get("events", []) if event.get("event") == "user"]
                latest = users[-1] if users else {}
                intent = ((latest.get("parse_data") or {}).get("intent") or {}).get("name")
                if latest.get("text") != text or intent is not None:
                    failures.append(f"{where}: Rasa's last user event is {json.dumps(latest.get('text'))} with the intent {intent}, "
                                    "expected the typed text with none")
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
    # The memo reached the interaction exthost recorded; the refused amount did not, the amounts asked for did.
    token = None
    if arguments.exthost_token_file:
        with open(arguments.exthost_token_file, encoding="utf-8") as file:
            token = file.read().strip()
    status, body = call(arguments.exthost + "/v1/donations", token=token)
    donated = [((item.get("shortcut") or {}).get("parameters") or {}) for item in json.loads(body).get("donations", [])] \
        if status == 200 else []
    if status != 200:
        failures.append(f"exthost's GET /v1/donations answered {status}: {body}")
    elif [parameters["memo"] for parameters in donated if parameters.get("memo") is not None] != [MEMO]:
        failures.append(f"exthost's donations: expected one interaction with the memo {json.dumps(MEMO)}, got the parameters {donated}")
    elif sorted(float(parameters["amount"]) for parameters in donated if parameters.get("amount") is not None) != AMOUNTS:
        failures.append(f"exthost's donations: expected the amounts {AMOUNTS} (the refused -1 never passed), got the parameters {donated}")
    elif len(donated) != SUBMITS:
        failures.append(f"exthost's donations: {len(donated)} interactions, expected {SUBMITS} (one a submit)")
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
