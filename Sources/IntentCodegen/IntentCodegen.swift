enum IntentCodegen {}
