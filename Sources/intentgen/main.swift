print("intentgen")
