// The domain handling protocols of iOS 10 and 11: one protocol per domain
// that adopts each of the domain's `…IntentHandling` protocols, so that an
// extension handling the whole domain in one class could say so once.
// Apple deprecated them in iOS 13 ("Please conform to … instead") and keeps
// them available; extensions written then still conform to them. Each is
// the composition Apple's header declares, with its deprecation message, so
// a handler copied from such an extension builds (warning as it does in
// Xcode) and the host reaches it through each intent's own protocol, as it
// reaches any handler `handler(for:)` returns. The five domains' media
// intents never had one.

/// Adopts every protocol of the messages domain: sending, searching and
/// marking messages.
@available(*, deprecated, message: "Please conform to INSendMessageIntentHandling, INSearchForMessagesIntentHandling and INSetMessageAttributeIntentHandling instead")
public protocol INMessagesDomainHandling: INSendMessageIntentHandling, INSearchForMessagesIntentHandling, INSetMessageAttributeIntentHandling {}

/// Adopts every protocol of iOS 10's calls domain: audio and video calls and
/// the call history (not `INStartCallIntentHandling`, which came later).
@available(*, deprecated, message: "Please conform to INStartAudioCallIntentHandling, INStartVideoCallIntentHandling and INSearchCallHistoryIntentHandling instead")
public protocol INCallsDomainHandling: INStartAudioCallIntentHandling, INStartVideoCallIntentHandling, INSearchCallHistoryIntentHandling {}

/// Adopts every protocol of iOS 11's lists and notes domain (not the task
/// deletion and snoozing of iOS 13).
@available(*, deprecated, message: "Please conform to INCreateNoteIntentHandling, INAppendToNoteIntentHandling, INAddTasksIntentHandling, INCreateTaskListIntentHandling, INSetTaskAttributeIntentHandling and INSearchForNotebookItemsIntentHandling instead")
public protocol INNotebookDomainHandling: INCreateNoteIntentHandling, INAppendToNoteIntentHandling, INAddTasksIntentHandling,
    INCreateTaskListIntentHandling, INSetTaskAttributeIntentHandling, INSearchForNotebookItemsIntentHandling {}

/// Adopts every protocol of the workouts domain.
@available(*, deprecated, message: "Please conform to INStartWorkoutIntentHandling, INPauseWorkoutIntentHandling, INEndWorkoutIntentHandling, INCancelWorkoutIntentHandling and INResumeWorkoutIntentHandling instead")
public protocol INWorkoutsDomainHandling: INStartWorkoutIntentHandling, INPauseWorkoutIntentHandling, INEndWorkoutIntentHandling,
    INCancelWorkoutIntentHandling, INResumeWorkoutIntentHandling {}
