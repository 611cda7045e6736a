"""rasa-sdk actions for the study-record form, the Python side of
scripts/bench-rasa: `python -m rasa_sdk --actions actions` serves them, as a
Rasa assistant's action server would. The rules are study_record.py's, the
same the StudyRecord extension applies through exthost's POST /webhook.
"""

import os
import tempfile

from rasa_sdk import Action
from rasa_sdk.events import SlotSet
from rasa_sdk.forms import FormValidationAction

import study_record

FOLDER = os.environ.get("BENCH_RASA_FOLDER") or tempfile.mkdtemp(prefix="bench-rasa-")


class ValidatePostStudyRecordForm(FormValidationAction):
    """validate_post_study_record_form: the slots set this turn (rasa-sdk's
    `slots_to_validate`) are kept, unless the first refusal in the
    definition's order clears one; its message is the response; the slots
    still required (`required_slots`) give the requested slot."""

    def name(self):
        return "validate_post_study_record_form"

    async def get_validation_events(self, dispatcher, tracker, domain):
        form_slots = self.domain_slots(domain)
        this_turn = {name: value for name, value in tracker.slots_to_validate().items() if name in form_slots}
        filled = {name: tracker.get_slot(name) for name in form_slots}
        refusal = study_record.validate(filled)
        # What required_slots answers below, worked out before the refused
        # slot is cleared; kept on this request's own tracker.
        tracker.study_record_required = study_record.required(filled, form_slots)
        events = [SlotSet(name, value) for name, value in this_turn.items() if refusal is None or name != refusal[0]]
        if refusal is not None:
            dispatcher.utter_message(text=refusal[1])
            events.append(SlotSet(refusal[0], None))
        return events


    async def required_slots(self, domain_slots, dispatcher, tracker, domain):
        """rasa-sdk's dynamic required slots: those the rules still need.
        Differing from the domain's, rasa-sdk's next_requested_slot answers
        requested_slot, as exthost does."""
        return getattr(tracker, "study_record_required", domain_slots)


class ActionPostStudyRecord(Action):
    """action_post_study_record: the form's submit action, the extension's
    handle; the response code goes in the exthost_response_code slot."""

    def name(self):
        return "action_post_study_record"

    async def run(self, dispatcher, tracker, domain):
        form_slots = domain.get("forms", {}).get("post_study_record_form", {}).get("required_slots", study_record.ORDER)
        filled = {name: tracker.get_slot(name) for name in form_slots}
        refusal = study_record.validate(filled)
        if refusal is not None:
            dispatcher.utter_message(text=refusal[1])
            return [SlotSet(refusal[0], None)]
        code, text = study_record.handle(filled, FOLDER)
        dispatcher.utter_message(text=text)
        return [SlotSet("exthost_response_code", code)]
