import Intents
import OurPrivateFramework

class IntentHandler: INExtension, FreeeFetchWalletableTransactionsIntentHandling {
  override func handler(for intent: INIntent) -> Any {
    return self
  }

  func handle(intent: FreeeFetchWalletableTransactionsIntent,
              completion: @escaping (FreeeFetchWalletableTransactionsIntentResponse) -> Void) {
    APIClient.callTheAPI { success in
      completion(FreeeFetchWalletableTransactionsIntentResponse(code: success ? .success : .failure, userActivity: nil))
    }
  }
}
